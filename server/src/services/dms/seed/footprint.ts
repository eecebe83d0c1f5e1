import type { Queryable } from '../../../db/db.js';
import type { TrackerKind } from '../../../integrations/html/trackers.js';
import type { SeedContext } from '../../../seed/context.js';
import { now, Rng } from '../../../seed/random.js';
import { computeNetworkFootprint } from '../footprint/command.js';
import { storeFootprint } from '../footprint/repository.js';

const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const code = (rng: Rng, n: number) => Array.from({ length: n }, () => rng.pick([...ALNUM])).join('');
const digits = (rng: Rng, n: number) =>
  String(rng.int(1, 9)) + Array.from({ length: n - 1 }, () => String(rng.int(0, 9))).join('');

interface SiteRow {
  id: number;
  url: string;
  type: string;
  target_market: string;
}

/**
 * The ids the scans found in the demo sites' pages, with the habits that leave a footprint: each money site
 * has its own Analytics 4 id, but the link sites of a market were built from one template and carry its Tag
 * Manager container, one AdSense account runs ads on several link and directory sites, and two money sites
 * share a Meta pixel. Then the footprint is computed, as the daily command would.
 */
export async function seedFootprint(tx: Queryable, _ctx: SeedContext): Promise<void> {
  const rng = new Rng(43117);
  const r = await tx.query<{ id: string | number; url: string; type: string; target_market: string }>(
    `SELECT id, url, type, target_market FROM websites
      WHERE status = 'LIVE' AND type <> 'THIRD_PARTY' ORDER BY id`,
  );
  const sites: SiteRow[] = r.rows.map((x) => ({ ...x, id: Number(x.id) }));
  const rows: Array<{ website_id: number; page: string; kind: TrackerKind; value: string }> = [];
  const add = (s: SiteRow, kind: TrackerKind, value: string) =>
    rows.push({ website_id: s.id, page: s.url.endsWith('/') ? s.url : `${s.url}/`, kind, value });

  for (const s of sites) {
    if (s.type === 'MONEY' || rng.chance(0.6)) add(s, 'ga4', `G-${code(rng, 10)}`);
    if (s.type === 'DIRECTORY' && rng.chance(0.7)) add(s, 'clarity', code(rng, 10).toLowerCase());
    if (s.type === 'MONEY' && rng.chance(0.3)) add(s, 'hotjar', digits(rng, 7));
  }
  // One Tag Manager container per market for the link sites built from the same template.
  const markets = new Map<string, SiteRow[]>();
  for (const s of sites.filter((x) => x.type === 'LINK')) {
    markets.set(s.target_market, [...(markets.get(s.target_market) ?? []), s]);
  }
  for (const group of markets.values()) {
    if (group.length < 2) continue;
    const container = `GTM-${code(rng, 7)}`;
    for (const s of rng.some(group, 2, Math.min(4, group.length))) add(s, 'gtm', container);
  }
  // One AdSense publisher across several link and directory sites.
  const publisher = `ca-pub-${digits(rng, 16)}`;
  for (const s of rng.some(
    sites.filter((x) => x.type === 'LINK' || x.type === 'DIRECTORY'),
    4,
    6,
  ))
    add(s, 'adsense', publisher);
  // A pixel copied from one money site to another.
  const money = sites.filter((x) => x.type === 'MONEY');
  if (money.length >= 2) {
    const pixel = digits(rng, 15);
    for (const s of rng.sample(money, 2)) add(s, 'meta_pixel', pixel);
  }
  if (rows.length)
    await tx.query(
      `INSERT INTO website_trackers (website_id, page, kind, value)
       SELECT website_id, page, kind, value
         FROM jsonb_to_recordset($1::jsonb) AS t(website_id bigint, page text, kind text, value text)
       ON CONFLICT DO NOTHING`,
      [JSON.stringify(rows)],
    );
  await storeFootprint(tx, await computeNetworkFootprint(tx), now());
}
