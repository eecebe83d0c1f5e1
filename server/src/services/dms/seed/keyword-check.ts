import { DEFAULT_CHECKER_KEYWORDS, type KeywordPageResult } from '@sitefleet/shared';
import { checkKeywords } from '../../../integrations/html/keywords.js';
import { Clock, type Runs, unit } from '../../../jobs/seed/runs.js';
import type { Rng } from '../../../seed/random.js';
import { pageHtml } from './site-scan.js';
import type { ScannedPage } from './website-scan.js';

/** backlinks:keyword-check runs over pages of the link and directory sites, as the checker reports them. */
export function seedKeywordChecks(
  rng: Rng,
  clock: Clock,
  runs: Runs,
  staff: number[],
  scanned: ScannedPage[],
) {
  const def = runs.def('dms', 'backlinks:keyword-check');
  const where = { text: 'text', link: 'link text', attribute: 'attributes' } as const;
  const network = [...new Set(scanned.filter((p) => p.site.type !== 'MONEY').map((p) => p.site))];
  const writers = network.filter((s) => scanned.some((p) => p.site === s && p.page?.kind === 'write'));
  const lists: string[][] = [
    [...DEFAULT_CHECKER_KEYWORDS],
    [...DEFAULT_CHECKER_KEYWORDS],
    ['sponsored', 'guest post', 'write for us', 'partner content'],
    [...DEFAULT_CHECKER_KEYWORDS],
  ];
  for (const [i, keywords] of lists.entries()) {
    // The first sweep is over a blog that asks for guest posts, its "Write for us" page included.
    const sitesOf = i === 0 && writers.length ? [rng.pick(writers)] : rng.some(network, 1, 2);
    const own = scanned.filter((p) => sitesOf.includes(p.site));
    const ok = own.filter((p) => p.status === 200 && p.page?.kind !== 'static');
    const size = Math.min(ok.length, rng.int(6, 16));
    const sample = rng.some(ok, size, size);
    const pages = [
      ...sample,
      ...own.filter((p) => p.page?.kind === 'write' && !sample.includes(p)),
      ...(rng.chance(0.5)
        ? rng.some(
            own.filter((p) => p.status === 404),
            1,
            1,
          )
        : []),
    ];
    const flaky = rng.chance(0.25) ? rng.pick(ok) : null;
    const units = pages.map((p) => {
      if (p.status !== 200)
        return unit(
          p.url,
          { message: p.error ?? `${p.url} answered ${p.status}`, url: p.url },
          { failed: true, seconds: 0.4 },
        );
      if (p === flaky)
        return unit(
          p.url,
          { message: `${p.url} answered 503` },
          { failed: true, attempts: runs.attempts(def), seconds: 0.6 },
        );
      const report = checkKeywords(
        pageHtml(p.page!.title, p.page!.heading, p.notes, p.links, p.site.host),
        keywords,
      );
      const result: KeywordPageResult = {
        message: report.found.length
          ? `${report.found.length} of ${keywords.length} keywords found: ${report.found
              .map((f) => `${f.keyword} (${f.where.map((w) => where[w]).join(', ')})`)
              .join('; ')}`
          : 'No keywords found',
        url: p.url,
        final_url: p.url,
        status: 200,
        found: report.found,
        missing: report.missing,
      };
      return unit(p.url, result, { seconds: 0.3 + rng.next() * 1.5 });
    });
    const start = clock.office(rng, 4 + i * 7 + rng.int(0, 2));
    runs.add(def, start, { keywords, pages: pages.map((p) => p.url) }, [units], {
      trigger: 'console',
      user: rng.pick(staff),
    });
  }
}
