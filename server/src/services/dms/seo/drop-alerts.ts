import { comparisonPeriod, dayEpoch, dayOf, type ComparisonPeriod } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject } from '../../../jobs/types.js';
import { raiseAlert } from '../../nms/alerts.js';
import { moneySites } from './import-repository.js';

/**
 * seo:drop-alerts: the drops that should page someone (issue 17 §6). Each live money site is compared over the
 * last 7 days against the 7 before (SPEC §9's 7-Days comparison); a website alert is raised, with the numbers,
 * when GSC clicks or GA sessions fell by more than the set share, when a keyword that was in the top 10 a week
 * ago is out of it now, or when the latest Lighthouse performance score is under the floor. One alert per site,
 * kind and day (a re-run the same day raises nothing new).
 */

const args = [
  {
    name: 'drop_percent',
    label: 'Drop that alerts (%)',
    kind: 'integer',
    default: 30,
    min: 1,
    max: 100,
    help: 'Clicks or sessions this many percent below the previous 7 days raise an alert',
  },
  {
    name: 'performance_floor',
    label: 'Lighthouse performance floor',
    kind: 'integer',
    default: 50,
    min: 1,
    max: 100,
    help: 'A latest performance score under this raises an alert',
  },
] as const;

export interface Drop {
  kind: 'gsc-clicks' | 'ga-sessions' | 'top10' | 'lighthouse';
  title: string;
  message: string;
  data: JsonObject;
}

interface Sums {
  now: number | null;
  before: number | null;
}

async function windowSums(
  db: Queryable,
  table: 'gsc_daily' | 'ga_daily',
  column: 'clicks' | 'sessions',
  websiteId: number,
  p: ComparisonPeriod,
): Promise<Sums> {
  const r = await db.query<{ now: number | null; before: number | null }>(
    `SELECT sum(${column}) FILTER (WHERE day BETWEEN $2 AND $3) AS now,
            sum(${column}) FILTER (WHERE day BETWEEN $4 AND $5) AS before
     FROM ${table} WHERE website_id = $1 AND day BETWEEN $4 AND $3`,
    [
      websiteId,
      dayEpoch(p.window.start),
      dayEpoch(p.window.end),
      dayEpoch(p.previous.start),
      dayEpoch(p.previous.end),
    ],
  );
  const row = r.rows[0];
  return {
    now: row?.now === null || row?.now === undefined ? null : Number(row.now),
    before: row?.before == null ? null : Number(row.before),
  };
}

const pct = (share: number) => `${Math.round(share * 100)}%`;

/** What dropped on one site (pure over what the database holds). */
export async function dropsOf(
  db: Queryable,
  site: { id: number; hostname: string },
  today: string,
  dropShare: number,
  floor: number,
): Promise<Drop[]> {
  const p = comparisonPeriod('seven-days', today);
  const drops: Drop[] = [];
  const range = `${p.window.start} to ${p.window.end} against ${p.previous.start} to ${p.previous.end}`;
  for (const [kind, table, column, label] of [
    ['gsc-clicks', 'gsc_daily', 'clicks', 'Search Console clicks'],
    ['ga-sessions', 'ga_daily', 'sessions', 'GA sessions'],
  ] as const) {
    const s = await windowSums(db, table, column, site.id, p);
    if (s.now === null || !s.before) continue;
    const fall = (s.before - s.now) / s.before;
    if (fall > dropShare)
      drops.push({
        kind,
        title: `${site.hostname}: ${label} down ${pct(fall)}`,
        message: `${label} fell from ${s.before.toLocaleString('en')} to ${s.now.toLocaleString('en')} (${pct(fall)} down; ${range}).`,
        data: {
          metric: column,
          now: s.now,
          before: s.before,
          fall,
          window: { ...p.window },
          previous: { ...p.previous },
        },
      });
  }
  const left = await db.query<{ keyword: string; search_type: number; was: number; rank: number | null }>(
    `SELECT k.keyword, k.search_type, prev.rank AS was, cur.rank
     FROM accuranker_keywords k JOIN accuranker_domains d ON d.id = k.domain_id
     JOIN keyword_ranks prev ON prev.keyword_id = k.id AND prev.day = $2 AND prev.rank <= 10
     JOIN keyword_ranks cur ON cur.keyword_id = k.id AND cur.day = $3
     WHERE d.website_id = $1 AND (cur.rank IS NULL OR cur.rank > 10)
     ORDER BY prev.rank, k.keyword LIMIT 50`,
    [site.id, dayEpoch(p.start), dayEpoch(p.end)],
  );
  if (left.rows.length) {
    const list = left.rows.map(
      (k) =>
        `"${k.keyword}" (${Number(k.search_type) === 1 ? 'desktop' : 'mobile'}) ${k.was} → ${k.rank ?? 'not in the top 100'}`,
    );
    drops.push({
      kind: 'top10',
      title: `${site.hostname}: ${left.rows.length} keyword${left.rows.length === 1 ? '' : 's'} left the top 10`,
      message: `Since ${p.start}: ${list.join('; ')}.`,
      data: {
        keywords: left.rows.map((k) => ({
          keyword: k.keyword,
          was: Number(k.was),
          rank: k.rank === null ? null : Number(k.rank),
        })),
      },
    });
  }
  const lh = await db.query<{ device: string; performance: number; day: number }>(
    `SELECT DISTINCT ON (device) device, performance, day FROM lighthouse_runs
     WHERE website_id = $1 AND performance IS NOT NULL ORDER BY device, day DESC`,
    [site.id],
  );
  const low = lh.rows.filter((r) => Number(r.performance) < floor);
  if (low.length)
    drops.push({
      kind: 'lighthouse',
      title: `${site.hostname}: Lighthouse performance under ${floor}`,
      message: `Latest Lighthouse performance: ${low.map((r) => `${r.device} ${r.performance}`).join(', ')} (floor ${floor}).`,
      data: {
        floor,
        runs: low.map((r) => ({
          device: r.device,
          performance: Number(r.performance),
          day: dayOf(Number(r.day) * 1000),
        })),
      },
    });
  return drops;
}

export const dropAlerts = defineCommand<JsonObject>({
  service: 'dms',
  name: 'seo:drop-alerts',
  description:
    'Alert on money sites whose clicks or sessions fell, whose top-10 keywords dropped out, or whose Lighthouse performance is low',
  arguments: [...args],
  schedule: { cron: '30 8 * * *' },
  retry: { limit: 1 },
  timeoutSeconds: 60,
  batchSize: 8,
  concurrency: 1,
  parse: (raw) => parseArguments(args, raw),
  async plan(_a, { deps }) {
    const sites = await moneySites(deps.db);
    return sites.map((s) => ({ key: s.hostname, input: { website_id: s.id } }));
  },
  async run(unit, run, { deps }) {
    const site = { id: Number(unit.input.website_id), hostname: unit.key };
    const today = dayOf(Date.now());
    const drops = await dropsOf(
      deps.db,
      site,
      today,
      Number(run.arguments.drop_percent ?? 30) / 100,
      Number(run.arguments.performance_floor ?? 50),
    );
    return {
      output: {
        message: drops.length ? drops.map((d) => d.title).join('; ') : `${unit.key}: nothing dropped`,
        drops: drops.length,
      },
      commit: async (tx) => {
        for (const d of drops)
          await raiseAlert(tx, {
            websiteId: site.id,
            title: d.title,
            message: `<p>${d.message.replace(/[<>&]/g, '')}</p>`,
            importance: d.kind === 'lighthouse' ? 'normal' : 'high',
            data: d.data,
            key: `seo:${site.id}:${d.kind}:${today}`,
            once: true,
            link: `#/dms/api/v1/websites/${site.id}/show`,
          });
      },
    };
  },
  summarize: (c) => `${c.success} sites checked, ${c.failed} failed`,
});
