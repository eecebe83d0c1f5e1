import { CHECKER_LIMITS, stripDomainInput, toAsciiDomain } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import { SerpError } from '../../../integrations/serp/errors.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { raiseAlert } from '../../nms/alerts.js';
import { delimiterArgument, listArgument } from './checker-input.js';
import { lockDomainByName, recordIndexed, setDeindexed } from './scheduler-repository.js';

interface DeindexArgs extends JsonObject {
  domains: string[];
}

const args = [
  { name: 'domains', label: 'Domains', kind: 'text', required: true, maxLength: 100_000 },
  delimiterArgument('domain_delimiter', 'Domain delimiter'),
] as const;

/** Provider failures that another attempt will not fix. */
const DEFINITE = new Set(['invalid_domain', 'unauthorized', 'refused', 'search_failed']);

/**
 * backlinks:deindex-check (SPEC §7.5): asks the search-index provider whether each domain is indexed
 * (`site:` query). For portfolio domains it records an indexed-history entry, sets the deindexed flag and
 * raises a website alert when a domain turns deindexed.
 */
export const deindexCheck = defineCommand<DeindexArgs>({
  service: 'dms',
  name: 'backlinks:deindex-check',
  description: 'Check whether domains are still indexed by the search engine (site: query)',
  arguments: [...args],
  retry: { limit: 3, delay: 20, backoff: true },
  timeoutSeconds: 60,
  batchSize: 5,
  concurrency: 1,
  maxJobs: CHECKER_LIMITS.maxDomains,
  parse(raw, { deps }) {
    const a = parseArguments(args, raw) as Record<string, string>;
    const domains = listArgument(
      'domains',
      'domain',
      a.domains!,
      a.domain_delimiter!,
      CHECKER_LIMITS.maxDomains,
      (d) => toAsciiDomain(stripDomainInput(d)),
    );
    if (!deps.integrations.searchIndex) {
      throw invalid(
        {},
        'No search-index provider is configured: set SERP_API_KEY (see README, Configuration)',
      );
    }
    return { domains };
  },
  plan: (a) => a.domains.map((d) => ({ key: d })),
  async run(unit, run, { deps }) {
    const provider = deps.integrations.searchIndex;
    if (!provider) return { output: { message: 'No search-index provider is configured' }, failed: true };
    let result;
    try {
      result = await provider.checkSite(unit.key);
    } catch (err) {
      if (err instanceof SerpError && DEFINITE.has(err.kind)) {
        return { output: { message: `${unit.key}: ${err.message}` }, failed: true };
      }
      throw err;
    }
    const state = result.indexed
      ? `indexed (${result.resultCount.toLocaleString('en')} results)`
      : 'NOT indexed';
    const output = {
      message: `${unit.key}: ${state}`,
      domain: unit.key,
      indexed: result.indexed,
      result_count: result.resultCount,
      sample_urls: result.sampleUrls,
      query: result.query,
    };
    return {
      output,
      commit: async (tx) => {
        const domain = await lockDomainByName(tx, unit.key);
        if (!domain) return; // not in the portfolio: reported, nothing stored
        await recordIndexed(tx, {
          domainId: domain.id,
          websiteId: domain.website_id,
          indexed: result.indexed,
          resultCount: result.resultCount,
          provider: provider.name,
          query: result.query,
          sampleUrls: result.sampleUrls,
          cronRunId: run.id,
        });
        if (domain.deindexed === !result.indexed) return;
        await setDeindexed(tx, domain.id, !result.indexed);
        if (!result.indexed && domain.website_id) {
          await raiseAlert(tx, {
            websiteId: Number(domain.website_id),
            title: `${unit.key} is no longer indexed`,
            message: `<p>A <code>${result.query}</code> search on ${provider.name} found no pages of <strong>${unit.key}</strong>. The domain is marked deindexed.</p>`,
            importance: 'high',
            link: `#/dms/api/v1/domains/${domain.id}/show`,
            data: { domain: unit.key, cron_run_id: run.id, provider: provider.name },
            key: `domain:${domain.id}:deindexed`,
          });
        }
      },
    };
  },
  summarize: (c) => `${c.success} domains checked, ${c.failed} checks failed`,
});
