import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand } from '../../../jobs/types.js';
import { applyDomainData, lookupDomainData } from '../domain-refresh.js';
import { domainsReadLongestAgo } from './scheduler-repository.js';

const args = [
  {
    name: 'older_than_days',
    label: 'Refreshed more than (days) ago',
    kind: 'integer',
    default: 7,
    min: 0,
    max: 365,
    help: 'Domains whose registration data is older than this (or never read) are refreshed',
  },
  { name: 'limit', label: 'At most (domains)', kind: 'integer', default: 500, min: 1, max: 10_000 },
] as const;

/**
 * domains:refresh (daily): re-reads registration data (RDAP, WHOIS fallback) and DNS of the domains read
 * longest ago, one job per domain, and stores them as the domain's refresh action does.
 */
export const domainsRefresh = defineCommand<{ older_than_days: number; limit: number }>({
  service: 'dms',
  name: 'domains:refresh',
  description: 'Refresh WHOIS/RDAP and DNS data of the domains read longest ago',
  arguments: [...args],
  schedule: { cron: '30 3 * * *' },
  retry: { limit: 2, delay: 30, backoff: true },
  timeoutSeconds: 90,
  batchSize: 10,
  parse: (raw) => parseArguments(args, raw) as { older_than_days: number; limit: number },
  async plan(a, { deps }) {
    const domains = await domainsReadLongestAgo(deps.db, a.older_than_days, a.limit);
    return domains.map((d) => ({ key: d.name, input: { id: d.id } }));
  },
  async run(unit, _run, { deps }) {
    const id = Number(unit.input.id);
    const found = await lookupDomainData(deps, unit.key);
    if (!found.info && !found.records) throw new Error(found.failures.join('; '));
    const parts = [
      found.info ? `registration data read (${found.info.source.toUpperCase()})` : null,
      found.records ? `${found.records.length} DNS records read` : null,
      ...found.failures,
    ].filter((p): p is string => p !== null);
    return {
      output: { message: `${unit.key}: ${parts.join('; ')}` },
      commit: async (tx) => {
        await applyDomainData(tx, id, found);
      },
    };
  },
});
