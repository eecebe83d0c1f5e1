import { JOB_SERVICES } from '@sitefleet/shared';
import { purgeExpiredAttempts } from '../services/ums/throttle.js';
import { parseArguments } from './arguments.js';
import { pruneRuns } from './run-repository.js';
import { defineCommand, type CommandDef } from './types.js';

const pruneArguments = [
  {
    name: 'days',
    label: 'Keep runs of the last (days)',
    kind: 'integer',
    default: 90,
    min: 1,
    max: 3650,
    help: 'Finished runs older than this are deleted with their outputs',
  },
] as const;

/** cron:prune in every service: deletes the service's finished runs older than N days (daily). */
export const pruneCommands: CommandDef[] = JOB_SERVICES.map((service) =>
  defineCommand<{ days: number }>({
    service,
    name: 'cron:prune',
    description: `Delete finished ${service} cron runs older than the given number of days`,
    arguments: [...pruneArguments],
    schedule: { cron: '15 4 * * *' },
    parse: (raw) => parseArguments(pruneArguments, raw) as { days: number },
    plan: () => [{ key: 'prune' }],
    async run(_unit, run, { deps }) {
      const deleted = await pruneRuns(deps.db, service, run.arguments.days, run.id);
      return { output: { message: `Deleted ${deleted} runs older than ${run.arguments.days} days` } };
    },
  }),
);

/** auth:purge-sign-in-attempts (umms, hourly): drops sign-in throttle rows past their window. */
export const purgeSignInAttempts = defineCommand({
  service: 'umms',
  name: 'auth:purge-sign-in-attempts',
  description: 'Delete sign-in throttle records whose window has passed',
  arguments: [],
  schedule: { cron: '5 * * * *' },
  parse: (raw) => parseArguments([], raw),
  plan: () => [{ key: 'purge' }],
  async run(_unit, _run, { deps }) {
    const purged = await purgeExpiredAttempts(deps.db, deps.config.loginWindowSeconds);
    return { output: { message: `Deleted ${purged} expired sign-in attempt records` } };
  },
});
