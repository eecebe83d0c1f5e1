import { DAY, epochNow } from '../../../core/time.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand } from '../../../jobs/types.js';
import { pruneChanges } from '../monitor-repository.js';

/** The longest window the console shows (30 d uptime and timeline) must stay whole. */
const LONGEST_WINDOW_DAYS = 30;

const pruneArguments = [
  {
    name: 'days',
    label: 'Keep status changes of the last (days)',
    kind: 'integer',
    default: 400,
    min: LONGEST_WINDOW_DAYS + 1,
    max: 3650,
    help: 'Older up/down changes are deleted with the alerts they sent; the last one before the cut stays, so each monitor still knows its state then',
  },
] as const;

/**
 * monitors:prune (umms, daily): the status history and alert outbox grow with every outage, for ever.
 * Changes older than N days go, with their alerts (ON DELETE CASCADE), except each monitor's last change
 * at or before the cut: it says what state the monitor was in from then on, which the uptime figures and
 * the timeline need for a window that starts after it.
 */
export const pruneMonitorHistory = defineCommand<{ days: number }>({
  service: 'umms',
  name: 'monitors:prune',
  description: 'Delete monitor status changes, and the alerts they sent, older than the given number of days',
  arguments: [...pruneArguments],
  schedule: { cron: '25 4 * * *' },
  parse: (raw) => parseArguments(pruneArguments, raw) as { days: number },
  plan: () => [{ key: 'prune' }],
  async run(_unit, run, { deps }) {
    const cut = epochNow() - run.arguments.days * DAY;
    const deleted = await pruneChanges(deps.db, cut);
    return {
      output: {
        message: `Deleted ${deleted} status changes older than ${run.arguments.days} days, with their alerts`,
      },
    };
  },
});
