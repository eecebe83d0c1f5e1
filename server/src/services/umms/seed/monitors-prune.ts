import type { Clock, Runs } from '../../../jobs/seed/runs.js';
import { unit } from '../../../jobs/seed/runs.js';
import type { Rng } from '../../../seed/random.js';

/** Daily monitors:prune runs. The monitors' history here is weeks old: nothing is past the 400 days it keeps. */
export function seedMonitorsPrune(rng: Rng, clock: Clock, runs: Runs, days: number): void {
  const monitorsPrune = runs.def('umms', 'monitors:prune');
  for (let day = days - 1; day >= 0; day--) {
    const start = clock.at(day, 4, 25, rng.int(1, 40));
    if (start + 60 > clock.now) continue;
    const u = unit(
      'prune',
      { message: 'Deleted 0 status changes older than 400 days, with their alerts' },
      { seconds: 0.05 + rng.next() * 0.2 },
    );
    runs.add(monitorsPrune, start, { days: 400 }, [[u]], { trigger: 'schedule' });
  }
}
