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
  type GaMetric,
} from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import type { RequestContext } from '../../../core/context.js';
import { invalid, notFound } from '../../../core/errors.js';
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

/** The money-site dashboard's calls (SPEC §7.3); each reads one site the user may see. */
export function registerDashboard(app: FastifyInstance, deps: AppDeps): void {
  const { engine, db } = deps;
  const websites = engine.model(resources.websites.name);
  const today = () => dayOf(Date.now());

  /** The website under the user's access rule (a 404 for one they may not see). */
  async function site(ctx: RequestContext, id: string | number): Promise<number> {
    const website = await engine.getOne(ctx, websites, Number(id));
    return Number(website.id);
  }

  if (deps.config.services.includes('dms')) {
    registerAction(app, actions.seo.websiteKeywords, {
      handler: async ({ query, ctx }) => {
        const id = await site(ctx, query.website_id);
        const period = comparisonPeriod(query.comparison ?? 'yesterday', today());
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
        const period = comparisonPeriod(query.comparison ?? 'yesterday', today());
        const trendFrom = addDays(period.end, 1 - TREND_DAYS);
        const stats = await backlinkStatistics(db, id, period, trendFrom);
        return { data: { period, source: SOURCES.backlinks, ...stats } };
      },
    });

    registerAction(app, actions.seo.dailyConversions, {
      handler: async ({ params, query, ctx }) => {
        const id = await site(ctx, params.id);
        const period = comparisonPeriod(query.comparison ?? 'yesterday', today());
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
        const found = await db.query<{ id: number }>(
          'SELECT id FROM websites WHERE lower(hostname) = lower($1) ORDER BY id LIMIT 1',
          [params.hostname],
        );
        if (!found.rows[0]) throw notFound(`No website with the hostname ${params.hostname}`);
        const id = await site(ctx, found.rows[0].id);
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
        const period = comparisonPeriod(query.comparison ?? 'yesterday', today());
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
        const period = comparisonPeriod(query.comparison ?? 'yesterday', today());
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
