import { epochNow } from '../../../core/time.js';
import type { Queryable } from '../../../db/db.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { loadFacts, networkSites } from './facts.js';
import { storeFootprint } from './repository.js';
import { computeFootprint, type Footprint } from './score.js';

/** Pairs weaker than this are not stored (a shared registrar alone, a shared /24 block): the graph's least. */
export const PAIR_MIN = 0.3;

/** Reads the network's facts and computes its footprint (not stored). */
export async function computeNetworkFootprint(db: Queryable): Promise<Footprint> {
  const sites = await networkSites(db);
  const facts = await loadFacts(db, sites.length);
  return computeFootprint(
    sites.map((s) => s.id),
    facts,
    PAIR_MIN,
  );
}

/**
 * footprint:compute (daily, and from the Footprint screen): computes the whole network's footprint and
 * replaces the stored one in one transaction. One unit: the score of a site depends on every other site.
 */
export const footprintCompute = defineCommand<JsonObject>({
  service: 'dms',
  name: 'footprint:compute',
  description: "Compute the network's footprint: what ties its sites together, each site's risk score",
  arguments: [],
  schedule: { cron: '40 5 * * *' },
  retry: { limit: 1, delay: 60, backoff: false },
  timeoutSeconds: 300,
  batchSize: 1,
  concurrency: 1,
  maxJobs: 1,
  parse: (raw) => parseArguments([], raw),
  plan: () => [{ key: 'network footprint', input: {} }],
  async run(_unit, _run, { deps }) {
    const started = performance.now();
    const fp = await computeNetworkFootprint(deps.db);
    const at = epochNow();
    const high = [...fp.sites.values()].filter((s) => s.score >= 70).length;
    return {
      output: {
        message: `${fp.sites.size} sites, ${fp.shared.length} shared facts, ${fp.pairs.length} ties; ${high} sites at high risk`,
        sites: fp.sites.size,
        facts: fp.shared.length,
        pairs: fp.pairs.length,
        ms: Math.round(performance.now() - started),
      },
      commit: (tx) => storeFootprint(tx, fp, at),
    };
  },
  summarize: (c) => (c.failed ? 'The footprint could not be computed' : 'The footprint is computed'),
});
