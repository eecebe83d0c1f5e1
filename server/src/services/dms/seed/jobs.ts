import type { Queryable } from '../../../db/db.js';
import { SCHEDULE_DAYS, seedCronPrune, seedSignInPurge } from '../../../jobs/seed/maintenance.js';
import { Clock, Runs, writeRuns } from '../../../jobs/seed/runs.js';
import type { SeedContext } from '../../../seed/context.js';
import { Rng } from '../../../seed/random.js';
import { allCommands } from '../../commands.js';
import { seedMonitorsPrune } from '../../umms/seed/monitors-prune.js';
import { seedIndexChecks, writeIndexChecks } from './deindex-check.js';
import { seedRefreshes, writeRefreshes } from './domains-refresh.js';
import { seedKeywordChecks } from './keyword-check.js';
import { loadPortfolio } from './portfolio.js';
import { seedScans, writeScans } from './website-scan.js';

/**
 * Demo jobs data (first run): finished runs of every service's commands with their units, the weekly
 * search-index history of the portfolio's domains (a few network domains turned deindexed and raised an
 * alert), and the pages and links of the scanned websites (every directory site among them): the link
 * network. Dated relative to now.
 * Every command's part draws from one generator in a fixed order, so every first run is alike.
 */
export async function seedJobs(tx: Queryable, { config, records }: SeedContext): Promise<void> {
  const rng = new Rng(20261205);
  const clock = new Clock(Number((await tx.query<{ t: number }>('SELECT epoch_now() AS t')).rows[0]!.t));
  const { sites, domains, staff } = await loadPortfolio(tx);
  const runs = new Runs(allCommands(config), rng);

  const scanned = seedScans(rng, clock, runs, sites, staff);
  const checks = seedIndexChecks(rng, clock, runs, sites, staff, scanned);
  seedKeywordChecks(rng, clock, runs, staff, scanned);
  const refreshed = seedRefreshes(rng, clock, runs, domains);
  // The housekeeping schedules, in the order they run each night.
  seedCronPrune(rng, clock, runs);
  seedMonitorsPrune(rng, clock, runs, SCHEDULE_DAYS);
  seedSignInPurge(rng, clock, runs);

  await writeRuns(tx, records, runs.list);
  await writeIndexChecks(tx, records, checks);
  await writeScans(records, scanned);
  await writeRefreshes(tx, records, refreshed);
}
