import {
  actions,
  addDays,
  comparisonPeriod,
  dayOf,
  epochDay,
  GA_METRICS,
  KEYWORD_MIN_VOLUME,
  KEYWORD_PANEL_ROWS,
  RECENT_LINKS,
  resources,
  TOP_PAGES,
  type Comparison,
  type ComparisonPeriod,
  type GaMetric,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import type { Engine } from '../../../core/crud.js';
import { invalid, notFound, notFoundRecord } from '../../../core/errors.js';
import type { ResourceModel } from '../../../core/resource.js';
import { sql, type SqlFragment } from '../../../core/sql.js';
import type { AppDeps } from '../../../deps.js';
import {
  ahrefsFigures,
  backlinkStatistics,
  conversionDays,
  gaFigures,
  gaProperty,
  keywordRanks,
  num,
  recentLinks,
  searchByDay,
  searchByPage,
  tldSplit,
  windowTotals,
} from './dashboard-repository.js';

/** Where each panel's figures come from (the panels' info tooltips). */
export const SOURCES = {
  keywords: 'AccuRanker (daily rank checks)',
  backlinks: 'Ahrefs Site Explorer (backlink statistics, imported daily)',
  ga: 'Google Analytics 4 (Data API, imported daily)',
  gsc: 'Google Search Console (Search Analytics, imported daily)',
  conversions: 'Affiliate network reports (CSV import and postbacks)',
  links: 'Ahrefs Site Explorer (backlink list)',
} as const;

/** The backlink trend spans at least this many days, so 'Yesterday' still draws a line. */
const TREND_DAYS = 30;

const DAY_MS = 86_400_000;

/**
 * Today's period of each comparison, with the backlink trend's first day: computed once a day (building a
 * period parses and formats a dozen dates) instead of on every request. Frozen, as requests share them.
 */
export class PeriodsOfToday {
  private dayNumber = Number.NaN;
  private readonly periods = new Map<Comparison, { period: ComparisonPeriod; trendFrom: string }>();

  constructor(private readonly now: () => number = Date.now) {}

  of(comparison: Comparison): { period: ComparisonPeriod; trendFrom: string } {
    const at = this.now();
    const dayNumber = Math.floor(at / DAY_MS);
    if (dayNumber !== this.dayNumber) {
      this.periods.clear();
      this.dayNumber = dayNumber;
    }
    let entry = this.periods.get(comparison);
    if (!entry) {
      const p = comparisonPeriod(comparison, dayOf(at));
      const period = Object.freeze({
        ...p,
        window: Object.freeze({ ...p.window }),
        previous: Object.freeze({ ...p.previous }),
      });
      entry = Object.freeze({ period, trendFrom: addDays(period.end, 1 - TREND_DAYS) });
      this.periods.set(comparison, entry);
    }
    return entry;
  }
}

/**
 * The statement that finds the websites (lowest id first, at most one) matching `where` under the user's
 * access rule: every dashboard call starts with it (exported for the bench, whose bare side runs it too).
 */
export function siteCheck(
  engine: Engine,
  ctx: RequestContext,
  websites: ResourceModel,
  where: SqlFragment,
): { text: string; values: unknown[] } {
  return sql`${engine.visibleIds(ctx, websites, { where })} ORDER BY t.id LIMIT 1`.query();
}

/** The money-site dashboard's calls (SPEC §7.3); each reads one site the user may see. */
export function registerDashboard(app: FastifyInstance, deps: AppDeps): void {
  const { engine, db } = deps;
  const websites = engine.model(resources.websites.name);
  const today = () => dayOf(Date.now());
  const periods = new PeriodsOfToday();
  const periodOf = (comparison: Comparison | undefined) => periods.of(comparison ?? 'yesterday').period;

  /**
   * The website under the user's access rule (a 404 for one they may not see). Only its id is read: the
   * panels need nothing else of the record, so its full read (secrets' flags, domain) is left out.
   */
  async function site(ctx: RequestContext, id: string | number): Promise<number> {
    const n = Number(id);
    const found = await firstVisible(ctx, sql`t.id = ${n}`);
    if (found === null) throw notFoundRecord(websites.spec.label, n);
    return found;
  }

  /** The lowest id of a website the user may see that the condition matches, in one statement. */
  async function firstVisible(ctx: RequestContext, where: SqlFragment): Promise<number | null> {
    const { text, values } = siteCheck(engine, ctx, websites, where);
    const r = await ctx.db.query<{ id: number }>(text, values);
    return r.rows[0] ? Number(r.rows[0].id) : null;
  }

  if (deps.config.services.includes('dms')) {
    registerAction(app, actions.seo.websiteKeywords, {
      handler: async ({ query, ctx }) => {
        const id = await site(ctx, query.website_id);
        const period = periodOf(query.comparison);
        const { rows, tracked } = await keywordRanks(
          db,
          id,
          period,
          query.device ?? 'desktop',
          query.min_volume ?? KEYWORD_MIN_VOLUME,
          query.limit ?? KEYWORD_PANEL_ROWS,
        );
        return { data: rows, meta: { period, source: SOURCES.keywords, tracked } };
      },
    });

    registerAction(app, actions.seo.websiteStatistics, {
      handler: async ({ query, ctx }) => {
        const id = await site(ctx, query.website_id);
        const { period, trendFrom } = periods.of(query.comparison ?? 'yesterday');
        const stats = await backlinkStatistics(db, id, period, trendFrom);
        return { data: { period, source: SOURCES.backlinks, ...stats } };
      },
    });

    registerAction(app, actions.seo.dailyConversions, {
      handler: async ({ params, query, ctx }) => {
        const id = await site(ctx, params.id);
        const period = periodOf(query.comparison);
        const [rows, totals] = await Promise.all([
          conversionDays(db, id, period),
          windowTotals(db, 'conversions', ['clicks', 'signups', 'ftd'] as const, id, period),
        ]);
        return { data: { period, source: SOURCES.conversions, rows, ...totals } };
      },
    });

    registerAction(app, actions.seo.backlinkProfile, {
      handler: async ({ params, ctx }) => {
        const id = await site(ctx, params.id);
        const [recent, tlds] = await Promise.all([recentLinks(db, id, RECENT_LINKS), tldSplit(db, id)]);
        return { data: { source: SOURCES.links, recent, tlds } };
      },
    });

    registerAction(app, actions.seo.ahrefsByHostname, {
      handler: async ({ params, ctx }) => {
        // The site by its hostname and the user's access rule in one statement: one they may not see is
        // answered like one that does not exist.
        const id = await firstVisible(ctx, sql`lower(t.hostname) = lower(${params.hostname})`);
        if (id === null) throw notFound(`No website with the hostname ${params.hostname}`);
        const rows = await ahrefsFigures(db, id, addDays(today(), -365));
        const last = rows[rows.length - 1];
        const n = (key: string) => (last ? num(last[key]) : null);
        return {
          data: {
            doc: {
              target: params.hostname.toLowerCase(),
              date: last ? epochDay(Number(last.day)) : null,
              domain_rating: n('domain_rating'),
              backlink_stats: {
                live: n('live'),
                all_time: n('all_time'),
                live_refdomains: n('live_refdomains'),
                all_time_refdomains: n('all_time_refdomains'),
              },
              metrics: {
                org_keywords: n('org_keywords'),
                org_keywords_1_3: n('org_keywords_1_3'),
                org_traffic: n('org_traffic'),
                org_cost: n('org_cost'),
                paid_keywords: n('paid_keywords'),
                paid_traffic: n('paid_traffic'),
                paid_cost: n('paid_cost'),
                paid_pages: n('paid_pages'),
              },
              history: rows.map((row) => ({
                date: epochDay(Number(row.day)),
                domain_rating: num(row.domain_rating),
                org_traffic: num(row.org_traffic),
                org_keywords: num(row.org_keywords),
                live_refdomains: num(row.live_refdomains),
              })),
            },
          },
        };
      },
    });
  }

  if (deps.config.services.includes('analytics')) {
    registerAction(app, actions.seo.gaReport, {
      handler: async ({ params, query, ctx }) => {
        const id = await site(ctx, params.id);
        const period = periodOf(query.comparison);
        const metrics = parseMetrics(query.metric);
        const [property, figures] = await Promise.all([
          gaProperty(db, id),
          gaFigures(db, id, period, metrics),
        ]);
        return { data: { period, source: SOURCES.ga, property, metrics: figures } };
      },
    });

    registerAction(app, actions.seo.searchReport, {
      handler: async ({ params, query, ctx }) => {
        const id = await site(ctx, params.id);
        const period = periodOf(query.comparison);
        const [rows, totals] = await Promise.all([
          query.dimensions === 'page'
            ? searchByPage(db, id, period, query.limit ?? TOP_PAGES)
            : searchByDay(db, id, period),
          windowTotals(db, 'gsc_daily', ['clicks', 'impressions'] as const, id, period),
        ]);
        return { data: { period, source: SOURCES.gsc, rows, ...totals } };
      },
    });
  }
}

/** The `metric` list (comma-separated; empty: all six), or a field error naming the unknown one. */
export function parseMetrics(text: string | undefined): GaMetric[] {
  const parts = (text ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  if (!parts.length) return [...GA_METRICS];
  const known = new Set<string>(GA_METRICS);
  const bad = parts.find((m) => !known.has(m));
  if (bad !== undefined)
    throw invalid({ metric: `Unknown metric "${bad.slice(0, 40)}": one of ${GA_METRICS.join(', ')}` });
  return [...new Set(parts)] as GaMetric[];
}
