import type { SeedWriter } from '../../../core/seed.js';
import type { Queryable } from '../../../db/db.js';
import { Clock, type Output, type Run, type Runs, unit } from '../../../jobs/seed/runs.js';
import type { Rng } from '../../../seed/random.js';
import { raiseAlert } from '../../nms/alerts.js';
import type { Site } from './portfolio.js';
import { siteContent } from './site-content.js';
import type { ScannedPage } from './website-scan.js';

/** Weeks of search-index history per domain; the latest RUN_WEEKS of them come from seeded deindex runs. */
const INDEX_WEEKS = 8;
const RUN_WEEKS = 4;
const PROVIDER = 'serpapi';
/** Most domains per deindex run (a checker run pasted by hand). */
const DEINDEX_RUN_MAX = 40;

interface Check {
  indexed: boolean;
  count: number;
  samples: string[];
}

interface HistoryRow {
  domain_id: number;
  website_id: number;
  checked_at: number;
  indexed: boolean;
  result_count: number;
  sample_urls: string[];
  query: string;
  run: Run | null;
}

/** Search-index results of a site over the weeks (index 0 = this week), a deindexed one falling to nothing. */
function indexChecks(rng: Rng, site: Site, paths: string[], deindexedAt: number | null): Check[] {
  const base =
    site.type === 'MONEY'
      ? rng.int(400, 4800)
      : site.type === 'DIRECTORY'
        ? rng.int(150, 2600)
        : site.type === 'LINK'
          ? rng.int(25, 420)
          : site.type === 'SERVICE'
            ? rng.int(12, 90)
            : rng.int(2000, 30000);
  const scale = site.status === 'LIVE' ? 1 : site.status === 'DELETED' ? 0.3 : 0.15;
  const sudden = rng.chance(0.5);
  return Array.from({ length: INDEX_WEEKS }, (_, week): Check => {
    if (deindexedAt !== null && week <= deindexedAt) return { indexed: false, count: 0, samples: [] };
    const fading = deindexedAt !== null && !sudden ? Math.min(1, 0.3 * (week - deindexedAt)) : 1;
    const count = Math.max(
      1,
      Math.round(base * scale * fading * (1 + 0.015 * (4 - week)) * (0.88 + rng.next() * 0.24)),
    );
    const urls = [`https://${site.host}/`, ...rng.some(paths, 4, 4).map((p) => `https://${site.host}${p}`)];
    return { indexed: true, count, samples: urls.slice(0, Math.min(5, count)) };
  });
}

const deindexOutput = (domain: string, c: Check): Output => ({
  message: `${domain}: ${c.indexed ? `indexed (${c.count.toLocaleString('en')} results)` : 'NOT indexed'}`,
  domain,
  indexed: c.indexed,
  result_count: c.count,
  sample_urls: c.samples,
  query: `site:${domain}`,
});

const SERP_FAILURES = [
  'SerpApi failed (HTTP 503)',
  'SerpApi request failed: serpapi.com did not answer within 25000 ms',
  'SerpApi is rate limiting this account, or it is out of searches (HTTP 429)',
];

/**
 * Weekly backlinks:deindex-check runs (money-side and network-side domains apart, at most 40 per run), an
 * ad-hoc re-check of the deindexed ones, and the indexed history they wrote; older weeks' history only.
 */
export function seedIndexChecks(
  rng: Rng,
  clock: Clock,
  runs: Runs,
  sites: Site[],
  staff: number[],
  scanned: ScannedPage[],
) {
  const def = runs.def('dms', 'backlinks:deindex-check');
  const network = sites.filter((s) => s.type === 'LINK' || s.type === 'DIRECTORY');
  const candidates = network.filter((s) => s.status === 'LIVE');
  const count = Math.min(rng.int(3, 5), candidates.length);
  const turnWeeks = [1, 3, 0, 2, 1];
  const deindexed = new Map(rng.some(candidates, count, count).map((s, i) => [s.id, turnWeeks[i]!]));
  const money = sites.filter((s) => s.type === 'MONEY');
  const checks = new Map(
    sites.map((s) => {
      const own = scanned
        .filter(
          (p) =>
            p.site.id === s.id &&
            p.status === 200 &&
            p.page !== null &&
            p.page.kind !== 'home' &&
            p.page.kind !== 'static',
        )
        .map((p) => p.page!.path);
      const paths = own.length
        ? own
        : siteContent(s, money)
            .filter((p) => p.kind !== 'home' && p.kind !== 'static')
            .map((p) => p.path);
      return [s.id, indexChecks(rng, s, paths, deindexed.get(s.id) ?? null)];
    }),
  );
  const history: HistoryRow[] = [];
  const record = (s: Site, c: Check, at: number, run: Run | null) => {
    if (at <= s.domainCreated) return;
    history.push({
      domain_id: s.domainId,
      website_id: s.id,
      checked_at: at,
      indexed: c.indexed,
      result_count: c.count,
      sample_urls: c.samples,
      query: `site:${s.domain}`,
      run,
    });
  };
  const groups = [sites.filter((s) => !network.includes(s)), network];
  const turns: Array<{ site: Site; run: Run; at: number }> = [];
  let recheck: { day: number; after: number } | null = null;
  for (let week = 0; week < INDEX_WEEKS; week++) {
    const day = clock.workday(2 + 7 * week);
    for (const [g, group] of groups.entries()) {
      for (let part = 0; part * DEINDEX_RUN_MAX < group.length; part++) {
        const batch = group.slice(part * DEINDEX_RUN_MAX, (part + 1) * DEINDEX_RUN_MAX);
        const start = clock.at(day, g === 0 ? 9 : 14, rng.int(0, 40) + part * 10, rng.int(0, 59));
        if (week >= RUN_WEEKS) {
          // Before the seeded runs: the history stays, the runs were pruned.
          batch.forEach((s, i) => record(s, checks.get(s.id)![week]!, start + 4 + i * rng.int(2, 5), null));
          continue;
        }
        const failing = new Set(
          rng.chance(0.35)
            ? rng
                .some(
                  batch.filter((s) => deindexed.get(s.id) !== week),
                  1,
                  2,
                )
                .map((s) => s.id)
            : [],
        );
        const units = batch.map((s) => {
          const c = checks.get(s.id)![week]!;
          if (failing.has(s.id))
            return unit(
              s.domain,
              { message: rng.pick(SERP_FAILURES) },
              { failed: true, attempts: runs.attempts(def), seconds: 3 + rng.next() * 20 },
            );
          return unit(s.domain, deindexOutput(s.domain, c), {
            seconds: c.indexed ? 2 + rng.next() * 3 : 5 + rng.next() * 5,
          });
        });
        const run = runs.add(def, start, { domains: batch.map((s) => s.domain) }, [units], {
          trigger: 'console',
          user: rng.pick(staff),
        });
        for (const [i, s] of batch.entries()) {
          const u = units[i]!;
          if (u.failed) continue;
          record(s, checks.get(s.id)![week]!, u.finishedAt, run);
          if (deindexed.get(s.id) === week) turns.push({ site: s, run, at: u.finishedAt });
        }
        if (g === 1 && week === 1) recheck = { day, after: Math.max(...units.map((u) => u.finishedAt)) };
      }
    }
  }
  if (recheck) {
    // Someone re-checked the deindexed domains (and a few money sites) the afternoon the alert came in.
    const stillOut = network.filter((s) => (deindexed.get(s.id) ?? -1) >= 1);
    const picked = [...stillOut, ...rng.some(money, 3, 3)];
    const start = Math.max(recheck.after + 600, clock.at(recheck.day, 16, rng.int(0, 50), rng.int(0, 59)));
    const jitter = (c: Check): Check =>
      c.indexed ? { ...c, count: Math.max(1, Math.round(c.count * (0.95 + rng.next() * 0.1))) } : c;
    const results = picked.map((s) => jitter(checks.get(s.id)![1]!));
    const units = picked.map((s, i) =>
      unit(s.domain, deindexOutput(s.domain, results[i]!), { seconds: 2 + rng.next() * 6 }),
    );
    const run = runs.add(def, start, { domains: picked.map((s) => s.domain) }, [units], {
      trigger: 'console',
      user: rng.pick(staff),
    });
    picked.forEach((s, i) => record(s, results[i]!, units[i]!.finishedAt, run));
  }
  return { history, turns };
}

/**
 * The search-index history the checks wrote; domains that turned deindexed are flagged and alerted once, as
 * the deindex check does, at the time it found them.
 */
export async function writeIndexChecks(
  tx: Queryable,
  records: SeedWriter,
  { history, turns }: ReturnType<typeof seedIndexChecks>,
): Promise<void> {
  await records.insert(
    'indexed-history',
    history.map(({ run, ...h }) => ({
      ...h,
      provider: PROVIDER,
      cron_run_id: run?.id ?? null,
      created_at: h.checked_at,
      updated_at: h.checked_at,
    })),
    // What the website's Indexed History tab shows of each check, beside the declared columns.
    { undeclared: ['sample_urls'] },
  );
  await records.set(
    'domains',
    turns.map(({ site, at }) => ({ id: site.domainId, deindexed: true, updated_at: at })),
    { changed: true },
  );
  for (const { site, run, at } of turns) {
    const query = `site:${site.domain}`;
    const id = await raiseAlert(tx, {
      websiteId: site.id,
      title: `${site.domain} is no longer indexed`,
      message: `<p>A <code>${query}</code> search on ${PROVIDER} found no pages of <strong>${site.domain}</strong>. The domain is marked deindexed.</p>`,
      importance: 'high',
      link: `#/dms/api/v1/domains/${site.domainId}/show`,
      data: { domain: site.domain, cron_run_id: run.id, provider: PROVIDER },
      key: `domain:${site.domainId}:deindexed`,
    });
    if (id !== null) await records.set('notifications', [{ id, created_at: at, updated_at: at }]);
  }
}
