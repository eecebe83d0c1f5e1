import { CHECKER_LIMITS, type KeywordPageResult } from '@sitefleet/shared';
import { checkKeywords } from '../../../integrations/html/keywords.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { delimiterArgument, listArgument } from './checker-input.js';
import { loadPage, normalisePageUrl, pageLimits, unavailable } from './pages.js';

interface KeywordArgs extends JsonObject {
  keywords: string[];
  pages: string[];
}

const args = [
  { name: 'keywords', label: 'Keywords', kind: 'text', required: true, maxLength: 20_000 },
  delimiterArgument('keyword_delimiter', 'Keyword delimiter'),
  { name: 'pages', label: 'Pages', kind: 'text', required: true, maxLength: 200_000 },
  delimiterArgument('page_delimiter', 'Page delimiter'),
] as const;

const LOCATION_LABEL = { text: 'text', link: 'link text', attribute: 'attributes' } as const;

/**
 * backlinks:keyword-check (SPEC §7.5): fetches each page through the guarded client (no proxies) and
 * reports which keywords appear, and where: visible text, link text, attributes.
 */
export const keywordCheck = defineCommand<KeywordArgs>({
  service: 'dms',
  name: 'backlinks:keyword-check',
  description: 'Look for paid-link keywords on pages (visible text, link text, attributes)',
  arguments: [...args],
  retry: { limit: 2, delay: 10, backoff: true },
  timeoutSeconds: 60,
  // 24 pages in flight per worker process, refilled as pages finish (pages are mostly on different sites);
  // eight pages to a queue message, so the queue's own work is a fraction of a page check's.
  batchSize: 24,
  concurrency: 1,
  unitsPerJob: 8,
  maxJobs: CHECKER_LIMITS.maxPages,
  parse(raw) {
    const a = parseArguments(args, raw) as Record<string, string>;
    const keywords = listArgument(
      'keywords',
      'keyword',
      a.keywords!,
      a.keyword_delimiter!,
      CHECKER_LIMITS.maxKeywords,
      (k) => (k.length <= 200 ? k : null),
    );
    const pages = listArgument(
      'pages',
      'page',
      a.pages!,
      a.page_delimiter!,
      CHECKER_LIMITS.maxPages,
      normalisePageUrl,
    );
    return { keywords, pages };
  },
  plan: (a) => a.pages.map((url) => ({ key: url })),
  async run(unit, run, { deps }) {
    let page;
    try {
      page = await loadPage(deps.integrations.crawlerFetch, unit.key, pageLimits(deps.config));
    } catch (err) {
      return unavailable(err, { url: unit.key });
    }
    const report = checkKeywords(page.html, run.arguments.keywords);
    const result: KeywordPageResult = {
      message: report.found.length
        ? `${report.found.length} of ${run.arguments.keywords.length} keywords found: ${report.found
            .map((f) => `${f.keyword} (${f.where.map((w) => LOCATION_LABEL[w]).join(', ')})`)
            .join('; ')}`
        : 'No keywords found',
      url: page.url,
      final_url: page.finalUrl,
      status: page.status,
      found: report.found,
      missing: report.missing,
    };
    return { output: result };
  },
  summarize: (c) => `${c.success} pages checked, ${c.failed} could not be read`,
});
