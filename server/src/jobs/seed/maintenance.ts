import type { JobService } from '@sitefleet/shared';
import type { Rng } from '../../seed/random.js';
import { type Clock, HOUR, type Runs, unit } from './runs.js';

/** Days back the daily schedules ran, every day; lower it for a shorter list. */
export const SCHEDULE_DAYS = 30;

/** cron:prune (jobs/maintenance.ts) every day in each service. */
export function seedCronPrune(rng: Rng, clock: Clock, runs: Runs): void {
  const pruned: Record<JobService, [number, number]> = { dms: [2, 4], umms: [24, 26], analytics: [0, 1] };
  for (const service of Object.keys(pruned) as JobService[]) {
    const def = runs.def(service, 'cron:prune');
    for (let day = SCHEDULE_DAYS - 1; day >= 0; day--) {
      const start = clock.at(day, 4, 15, rng.int(1, 40));
      if (start + 60 > clock.now) continue;
      const [min, max] = pruned[service];
      const u = unit(
        'prune',
        { message: `Deleted ${rng.int(min, max)} runs older than 90 days` },
        { seconds: 0.1 + rng.next() * 0.5 },
      );
      runs.add(def, start, { days: 90 }, [[u]], { trigger: 'schedule' });
    }
  }
}

/** auth:purge-sign-in-attempts (jobs/maintenance.ts) every hour of the last two days. */
export function seedSignInPurge(rng: Rng, clock: Clock, runs: Runs): void {
  const purge = runs.def('umms', 'auth:purge-sign-in-attempts');
  const hour = Math.floor(clock.now / HOUR) * HOUR;
  for (let h = 48; h >= 0; h--) {
    const start = hour - h * HOUR + 5 * 60 + rng.int(1, 30);
    if (start + 60 > clock.now) continue;
    const purged = rng.chance(0.08) ? rng.int(12, 40) : rng.int(0, 3);
    const u = unit(
      'purge',
      { message: `Deleted ${purged} expired sign-in attempt records` },
      { seconds: 0.1 },
    );
    runs.add(purge, start, {}, [[u]], { trigger: 'schedule' });
  }
}
