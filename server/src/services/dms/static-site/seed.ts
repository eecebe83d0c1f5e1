import {
  STATIC_GATE_CHECK_LABELS,
  type StaticGateCheck,
  type StaticProgress,
  type StaticReleaseStatus,
} from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { releaseName } from './release.js';

/**
 * Demo static link sites (SAWDStatus tab, the website show page's static generator): the live LINK sites in
 * every static state. Those with a RunCloud alias are static with a release history (one whose last publish
 * the gate stopped, one rolled back to the release before); of those without, one was converted lately, one was
 * rolled back to WordPress, one conversion the gate refused, and the rest were never converted.
 */

interface LinkSite {
  id: number;
  hostname: string;
  alias: number | null;
}

type Plan =
  'static' | 'static_rejected' | 'static_rolled_back' | 'converted' | 'back_to_wordpress' | 'refused';

interface Check {
  check: StaticGateCheck;
  passed: boolean;
  summary: string;
  problems: string[];
  notes: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The gate of a release that passed, with figures that match it. */
function passedChecks(pages: number, links: number, bought: number, affiliates: number): Check[] {
  const ok = (check: StaticGateCheck, summary: string): Check => ({
    check,
    passed: true,
    summary,
    problems: [],
    notes: [],
  });
  return [
    ok('internal_links', `${plural(links, 'internal link')} on ${plural(pages, 'page')} resolve`),
    ok('origin_host', 'no form of the origin host is left in any text file'),
    ok('page_count', `${plural(pages, 'page')} in the release, ${plural(pages - 3, 'page')} in the sitemap`),
    ok(
      'bought_links',
      bought
        ? `${plural(bought, 'bought link')} kept with their target, anchor and rel`
        : 'no bought link on this site',
    ),
    ok(
      'affiliate_redirects',
      affiliates
        ? `${plural(affiliates, 'affiliate redirect')} kept with their target and status`
        : 'no affiliate link on this site',
    ),
  ];
}

function gateOf(checks: Check[]) {
  const reasons = checks
    .filter((c) => !c.passed)
    .map((c) => `${STATIC_GATE_CHECK_LABELS[c.check]}: ${c.summary} (${c.problems.slice(0, 3).join('; ')})`);
  return { reasons, checks };
}

/** A gate the bought links failed: a sponsored link dropped from a post by a theme's content filter. */
function boughtFailure(host: string, pages: number, links: number): Check[] {
  const checks = passedChecks(pages, links, 3, 0);
  checks[3] = {
    check: 'bought_links',
    passed: false,
    summary: '1 bought link of 3 not kept as bought',
    problems: [
      `the bought link to https://www.${host.replace(/^[^.]+\./, 'casino-')}/bonus/ ("no deposit bonus") is missing from /best-online-casinos-2026/`,
    ],
    notes: [],
  };
  return checks;
}

/** A gate a broken crawl failed: pages the theme's related-posts block links to timed out. */
function crawlFailure(host: string, pages: number, links: number): Check[] {
  const checks = passedChecks(pages, links, 0, 0);
  checks[0] = {
    check: 'internal_links',
    passed: false,
    summary: '2 internal link targets missing from the release',
    problems: [
      '/guides/responsible-gambling/ (linked from /, /about/ and 14 more pages) is not in the release',
      '/tag/bonuses/page/2/ (linked from /tag/bonuses/) is not in the release',
    ],
    notes: [],
  };
  checks[2] = {
    check: 'page_count',
    passed: false,
    summary: `${plural(pages, 'page')} in the release, ${plural(pages + 2, 'page')} in the sitemap, 1 of them missing`,
    problems: [
      `${pages} pages in the release, ${pages + 2} in the sitemap`,
      `https://${host}/guides/responsible-gambling/: ${host} did not answer within 15000 ms`,
    ],
    notes: [],
  };
  return checks;
}

const PLANS_WITH_ALIAS: Plan[] = [
  'static_rejected',
  'static_rolled_back',
  'static',
  'static',
  'static',
  'static',
];
const PLANS_WITHOUT: Plan[] = ['converted', 'back_to_wordpress', 'refused'];

/** The static_sites row (not a declared resource: its state is written by the static commands only). */
async function insertState(
  tx: Queryable,
  row: {
    websiteId: number;
    state: 'static' | 'wordpress';
    origin: string;
    current: number | null;
    lastPublish: number | null;
    gatePassed: boolean;
    gate: object;
    progress: StaticProgress;
    at: number;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO static_sites (website_id, state, origin_url, current_release_id, last_publish_at, last_gate_passed,
       last_gate, progress, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $9)`,
    [
      row.websiteId,
      row.state,
      row.origin,
      row.current,
      row.lastPublish,
      row.gatePassed,
      JSON.stringify(row.gate),
      JSON.stringify(row.progress),
      row.at,
    ],
  );
}

export async function seedStaticSites(tx: Queryable, { records }: SeedContext): Promise<void> {
  const rng = new Rng(1919);
  const today = now();
  const r = await tx.query<{ id: number; hostname: string; runcloud_alias_id: number | null }>(
    `SELECT id, hostname, runcloud_alias_id FROM websites WHERE type = 'LINK' AND status = 'LIVE' ORDER BY id`,
  );
  const sites: LinkSite[] = r.rows.map((s) => ({
    id: Number(s.id),
    hostname: s.hostname,
    alias: s.runcloud_alias_id === null ? null : Number(s.runcloud_alias_id),
  }));
  let aliased = sites.filter((s) => s.alias !== null);
  // The aliases come with the hosting seed; a portfolio without enough of them gets its own for these sites.
  if (aliased.length < 3) {
    const extra = sites.filter((s) => s.alias === null).slice(0, 3 - aliased.length);
    await records.set(
      'websites',
      extra.map((s) => ({ id: s.id, runcloud_alias_id: 930_000 + s.id })),
    );
    for (const s of extra) s.alias = 930_000 + s.id;
    aliased = sites.filter((s) => s.alias !== null);
  }
  const plans = new Map<number, Plan>();
  aliased.forEach((s, i) => plans.set(s.id, PLANS_WITH_ALIAS[i % PLANS_WITH_ALIAS.length]!));
  // The first sites without an alias are left on WordPress, never converted (the console offers Convert).
  const plain = sites.filter((s) => s.alias === null);
  plain.slice(2, 2 + PLANS_WITHOUT.length).forEach((s, i) => plans.set(s.id, PLANS_WITHOUT[i]!));

  let run = 4100;
  for (const site of sites) {
    const plan = plans.get(site.id);
    if (!plan) continue;
    const origin = `https://wp-origin.${site.hostname}/`;
    const pages = rng.int(35, 420);
    const links = pages * rng.int(18, 40);
    const count =
      plan === 'converted' || plan === 'back_to_wordpress' || plan === 'refused' ? 1 : rng.int(2, 7);
    let at = today - rng.int(60, 240) * DAY;
    const rows: Array<Record<string, unknown>> = [];
    for (let i = 0; i < count; i += 1) {
      at += rng.int(3, 30) * DAY + rng.int(0, DAY - 1);
      at = Math.min(at, today - rng.int(1, 3) * DAY - rng.int(0, DAY - 1));
      const p = pages - (count - 1 - i) * rng.int(0, 4);
      const bought = rng.int(0, 4);
      const status: StaticReleaseStatus = i === count - 1 ? 'live' : i >= count - 5 ? 'previous' : 'pruned';
      rows.push({
        website_id: site.id,
        release: releaseName((run += 1), new Date(at * 1000)),
        operation: i === 0 ? 'convert' : 'publish',
        status,
        origin_url: origin,
        pages: p,
        files: p * rng.int(3, 6) + 40,
        bytes: p * rng.int(48_000, 90_000),
        redirects: rng.int(3, 40),
        sitemap_pages: p - 3,
        gate_passed: true,
        gate: gateOf(passedChecks(p, p * rng.int(18, 40), bought, rng.int(0, 3))),
        duration_ms: p * rng.int(35, 90),
        switch_ms: Math.round((0.4 + rng.next() * 2.5) * 100) / 100,
        published_at: at + rng.int(20, 180),
        created_at: at,
        updated_at: at,
      });
    }
    const last = rows[rows.length - 1]!;
    if (plan === 'static_rolled_back' && rows.length > 1) {
      last.status = 'rolled_back';
      last.rolled_back_at = Number(last.published_at) + rng.int(600, 5 * 3600);
      rows[rows.length - 2]!.status = 'live';
    }
    if (plan === 'back_to_wordpress') {
      last.status = 'rolled_back';
      last.rolled_back_at = Number(last.published_at) + rng.int(2, 9) * DAY;
    }
    if (plan === 'static_rejected' || plan === 'refused') {
      const failedAt =
        plan === 'refused' ? Number(last.created_at) : today - rng.int(1, 2) * DAY - rng.int(0, DAY);
      const checks =
        plan === 'static_rejected'
          ? boughtFailure(site.hostname, pages, links)
          : crawlFailure(site.hostname, pages, links);
      const rejected = {
        ...last,
        release: releaseName((run += 1), new Date(failedAt * 1000)),
        operation: plan === 'refused' ? 'convert' : 'publish',
        status: 'rejected',
        gate_passed: false,
        gate: gateOf(checks),
        switch_ms: null,
        published_at: null,
        created_at: failedAt,
        updated_at: failedAt,
      };
      if (plan === 'refused') rows.splice(rows.length - 1, 1, rejected);
      else rows.push(rejected);
    }
    const ids = await records.insert('static-releases', rows);
    const liveIndex = rows.findIndex((x) => x.status === 'live');
    const newest = rows[rows.length - 1]!;
    const lastPublished = rows.filter((x) => x.published_at !== null).at(-1);
    const isStatic = liveIndex >= 0;
    const message = isStatic
      ? `release ${String(rows[liveIndex]!.release)} published`
      : plan === 'refused'
        ? 'gate failed, nothing published'
        : 'rolled back to WordPress: no earlier release is left';
    await insertState(tx, {
      websiteId: site.id,
      state: isStatic ? 'static' : 'wordpress',
      origin,
      current: isStatic ? ids[liveIndex]! : null,
      lastPublish: lastPublished ? Number(lastPublished.published_at) : null,
      gatePassed: newest.gate_passed === true,
      gate: newest.gate as object,
      progress: {
        phase: newest.status === 'rejected' ? 'failed' : 'done',
        pages: Number(newest.pages),
        files: Number(newest.files),
        queued: 0,
        redirects: Number(newest.redirects),
        errors: 0,
        message,
        at: Number(newest.updated_at),
      },
      at: Number(rows[0]!.created_at),
    });
  }
}
