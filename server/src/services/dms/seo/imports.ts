import { addDays, ANALYTICS_HISTORY_DAYS, dayOf, isDay, type CommandArgument } from '@sitefleet/shared';
import { invalid } from '../../../core/errors.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import { isAccurankerError } from '../../../integrations/accuranker/index.js';
import { isAhrefsError } from '../../../integrations/ahrefs/index.js';
import { isGa4Error } from '../../../integrations/ga4/index.js';
import { isSearchConsoleError } from '../../../integrations/search-console/index.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand, type JsonObject, type UnitResult, type UnitSpec } from '../../../jobs/types.js';
import type { LighthouseResult } from '../../../integrations/lighthouse/index.js';
import { dropAlerts } from './drop-alerts.js';
import { freshSince, queueRankAlerts } from './rank-alerts.js';
import {
  gaPropertyOf,
  homeUrl,
  saveLighthouse,
  lastDayOf,
  moneySites,
  saveGaDays,
  saveGaProperties,
  saveSearchDays,
  saveAccurankerDomains,
  saveAhrefsDay,
  saveAhrefsHistory,
  saveRanks,
  type MoneySite,
} from './import-repository.js';

/**
 * The daily SEO imports (issue 17), each a command with a cron run and one unit per site (or AccuRanker
 * domain), so a site the provider refuses fails alone with its reason. A unit's rows are written with its
 * record in one transaction, as upserts per (site, day): a re-run rewrites the same days and adds none, and a
 * run that stopped midway resumes from the last day written. A site imported for the first time is backfilled
 * over SPEC §9's 66 days.
 */

const DAY_ARGUMENT = { kind: 'string', default: '', maxLength: 10 } as const;

/** Every import may be pointed at a range (a re-import, or a backfill of a chosen period). */
export const rangeArguments = [
  {
    name: 'from',
    label: 'From (YYYY-MM-DD)',
    ...DAY_ARGUMENT,
    help: 'Import again from this day; empty: from the day after the last one imported (66 days back the first time)',
  },
  {
    name: 'until',
    label: 'Until (YYYY-MM-DD)',
    ...DAY_ARGUMENT,
    help: 'The last day to import; empty: yesterday',
  },
] as const satisfies CommandArgument[];

/** The range arguments checked: real days, in order, not in the future. */
export function parseRange(raw: JsonObject): JsonObject {
  const args = parseArguments(rangeArguments, raw);
  const errors: Record<string, string> = {};
  for (const name of ['from', 'until'] as const) {
    const v = String(args[name] ?? '');
    if (v && !isDay(v)) errors[`arguments.${name}`] = `"${v}" is not a day (YYYY-MM-DD)`;
    else if (v && v >= today()) errors[`arguments.${name}`] = 'Only days before today have figures';
  }
  if (!Object.keys(errors).length && args.from && args.until && String(args.from) > String(args.until))
    errors['arguments.from'] = 'From must not be after Until';
  if (Object.keys(errors).length) throw invalid(errors);
  return args;
}

/**
 * The days to import: the arguments' range, else the days after the last one imported up to yesterday (the
 * SPEC's 66 days back when nothing was imported, or the gap is longer). Null: nothing is missing.
 */
export function missingDays(
  last: string | null,
  today: string,
  args: JsonObject = {},
): { from: string; to: string } | null {
  const to = String(args.until || '') || addDays(today, -1);
  const earliest = addDays(to, 1 - ANALYTICS_HISTORY_DAYS);
  const from = args.from ? String(args.from) : last === null || last < earliest ? earliest : addDays(last, 1);
  return from > to ? null : { from, to };
}

/** A unit that says the source is not configured (the run shows why it imported nothing). */
const NOT_CONFIGURED = 'configuration';
const notConfigured = (source: string, variable: string): UnitSpec[] => [
  { key: NOT_CONFIGURED, input: { message: `${source} is not configured: set ${variable} (see README)` } },
];
const refuse = (unit: UnitSpec & { input: JsonObject }): UnitResult | null =>
  unit.key === NOT_CONFIGURED ? { output: { message: String(unit.input.message) }, failed: true } : null;

const today = () => dayOf(Date.now());

/** A provider's definite refusal (bad key, unknown target, quota) fails the unit; the rest is retried. */
const DEFINITE = new Set([
  'auth',
  'bad_key',
  'not_found',
  'invalid',
  'permission_denied',
  'quota',
  'units_exhausted',
  'bad_response',
  'refused',
]);
function definite(err: unknown): string | null {
  if (isAccurankerError(err) || isAhrefsError(err) || isGa4Error(err) || isSearchConsoleError(err))
    return DEFINITE.has(err.kind) ? err.message : null;
  return null;
}

async function guarded(key: string, work: () => Promise<UnitResult>): Promise<UnitResult> {
  try {
    return await work();
  } catch (err) {
    const reason = definite(err);
    if (reason === null) throw err;
    return { output: { message: `${key}: ${reason}` }, failed: true };
  }
}

/** seo:rankings: AccuRanker's domains, their keywords and each day's rank. */
export const rankingsImport = defineCommand<JsonObject>({
  service: 'dms',
  name: 'seo:rankings',
  description:
    "Import AccuRanker's keyword ranks of every tracked domain (the first import backfills 66 days)",
  arguments: [],
  schedule: { cron: '30 5 * * *' },
  retry: { limit: 2, delay: 60, backoff: true },
  timeoutSeconds: 300,
  batchSize: 2,
  concurrency: 1,
  parse: (raw) => parseRange(raw),
  async plan(_args, { deps }) {
    const client = deps.integrations.accuranker;
    if (!client) return notConfigured('AccuRanker', 'ACCURANKER_API_TOKEN');
    const domains = await client.listDomains();
    const saved = await deps.db.transaction((tx) => saveAccurankerDomains(tx, domains));
    return saved.map((d) => ({ key: d.domain, input: { domain_id: d.id, accuranker_id: d.accuranker_id } }));
  },
  async run(unit, run, { deps }) {
    const refused = refuse(unit);
    if (refused) return refused;
    const client = deps.integrations.accuranker!;
    const domainId = Number(unit.input.domain_id);
    return guarded(unit.key, async (): Promise<UnitResult> => {
      const last = await lastDayOf(deps.db, 'ranks', domainId);
      const days = missingDays(last, today(), run.arguments);
      if (!days) return { output: { message: `${unit.key}: up to date (${last})` } };
      const keywords = await client.listKeywords(Number(unit.input.accuranker_id), { period: days });
      const ranks = keywords.reduce((n, k) => n + k.ranks.length, 0);
      return {
        output: {
          message: `${unit.key}: ${keywords.length} keywords, ${ranks} daily ranks (${days.from} to ${days.to})`,
          from: days.from,
          to: days.to,
        },
        // The ranks and the rank notifications they set off commit together (a re-run adds no alert).
        commit: async (tx) => {
          await saveRanks(tx, domainId, keywords);
          await queueRankAlerts(tx, domainId, freshSince(today()));
        },
      };
    });
  },
  summarize: (c) => `${c.success} domains imported, ${c.failed} failed`,
});

/** One site's Ahrefs figures of yesterday (statistics, rating, metrics, newest links), and a first backfill. */
async function ahrefsSite(deps: AppDeps, site: MoneySite, args: JsonObject): Promise<UnitResult> {
  const client = deps.integrations.ahrefs!;
  const last = await lastDayOf(deps.db, 'ahrefs', site.id);
  const days = missingDays(last, today(), args);
  if (!days) return { output: { message: `${site.hostname}: up to date (${last})` } };
  const [stats, rating, metrics, links] = await Promise.all([
    client.backlinksStats(site.hostname, days.to),
    client.domainRating(site.hostname, days.to),
    client.metrics(site.hostname, days.to),
    client.recentBacklinks(site.hostname, { limit: 1000 }),
  ]);
  // A first import (or a long gap) also reads the rating and referring domains of the days before.
  const history =
    days.from < days.to
      ? await client.backlinkProfileHistory(site.hostname, {
          from: days.from,
          to: addDays(days.to, -1),
          grouping: 'daily',
        })
      : [];
  return {
    output: {
      message:
        `${site.hostname}: DR ${rating.domainRating}, ${stats.live} live backlinks from ${stats.liveRefdomains} domains, ` +
        `${links.length} links listed${history.length ? `, ${history.length} earlier days` : ''}`,
    },
    commit: async (tx: Queryable) => {
      await saveAhrefsHistory(tx, site.id, history);
      await saveAhrefsDay(tx, site.id, days.to, { stats, rating, metrics, links });
    },
  };
}

/** A command with one unit per live money site, for a source that may be unconfigured. */
function perMoneySite(spec: {
  name: string;
  description: string;
  cron: string;
  source: string;
  variable: string;
  configured: (deps: AppDeps) => boolean;
  site: (deps: AppDeps, site: MoneySite, args: JsonObject) => Promise<UnitResult>;
  /** The range arguments apply (imports of past days); default true. */
  ranged?: boolean;
  timeoutSeconds?: number;
  batchSize?: number;
}) {
  const ranged = spec.ranged ?? true;
  return defineCommand<JsonObject>({
    service: 'dms',
    name: spec.name,
    description: spec.description,
    arguments: ranged ? [...rangeArguments] : [],
    schedule: { cron: spec.cron },
    retry: { limit: 2, delay: 60, backoff: true },
    timeoutSeconds: spec.timeoutSeconds ?? 180,
    batchSize: spec.batchSize ?? 4,
    concurrency: 1,
    parse: (raw) => (ranged ? parseRange(raw) : parseArguments([], raw)),
    async plan(_args, { deps }) {
      if (!spec.configured(deps)) return notConfigured(spec.source, spec.variable);
      const sites = await moneySites(deps.db);
      return sites.map((s) => ({ key: s.hostname, input: { website_id: s.id } }));
    },
    async run(unit, run, { deps }) {
      const refused = refuse(unit);
      if (refused) return refused;
      const site = { id: Number(unit.input.website_id), hostname: unit.key };
      return guarded(unit.key, () => spec.site(deps, site, run.arguments));
    },
    summarize: (c) => `${c.success} sites imported, ${c.failed} failed`,
  });
}

/** One site's GA4 figures for the days it lacks (its linked property; none linked: nothing to do). */
async function gaSite(deps: AppDeps, site: MoneySite, args: JsonObject): Promise<UnitResult> {
  const property = await gaPropertyOf(deps.db, site.id);
  if (!property)
    return { output: { message: `${site.hostname}: no GA4 property linked (GA properties screen)` } };
  const days = missingDays(await lastDayOf(deps.db, 'ga', site.id), today(), args);
  if (!days) return { output: { message: `${site.hostname}: up to date` } };
  const report = await deps.integrations.ga4!.runDailyReport(property, {
    startDate: days.from,
    endDate: days.to,
  });
  return {
    output: {
      message: `${site.hostname}: ${report.rows.length} days from ${property} (${days.from} to ${days.to})`,
    },
    commit: (tx) => saveGaDays(tx, site.id, report.rows),
  };
}

/** One site's Search Console clicks and impressions by day and by page, for the days it lacks. */
async function searchSite(deps: AppDeps, site: MoneySite, args: JsonObject): Promise<UnitResult> {
  const days = missingDays(await lastDayOf(deps.db, 'gsc', site.id), today(), args);
  if (!days) return { output: { message: `${site.hostname}: up to date` } };
  const client = deps.integrations.searchConsole!;
  const property = `sc-domain:${site.hostname.replace(/^www\./, '')}`;
  const range = { startDate: days.from, endDate: days.to };
  const [byDate, byPage] = await Promise.all([
    client.searchAnalytics(property, { ...range, dimensions: ['date'] }),
    client.searchAnalytics(property, { ...range, dimensions: ['date', 'page'], maxRows: 50_000 }),
  ]);
  return {
    output: {
      message: `${site.hostname}: ${byDate.length} days, ${byPage.length} page rows (${days.from} to ${days.to})`,
    },
    commit: (tx) => saveSearchDays(tx, site.id, byDate, byPage),
  };
}

export const backlinksImport = perMoneySite({
  name: 'seo:backlinks',
  description:
    "Import Ahrefs' backlink statistics, domain rating, metrics and newest links of the money sites",
  cron: '0 6 * * *',
  source: 'Ahrefs',
  variable: 'AHREFS_API_KEY',
  configured: (deps) => deps.integrations.ahrefs !== null,
  site: ahrefsSite,
});

export const analyticsImport = perMoneySite({
  name: 'seo:analytics',
  description: 'Import the GA4 figures (users, sessions, bounce rate, duration, events) of the money sites',
  cron: '30 6 * * *',
  source: 'Google Analytics 4',
  variable: 'GOOGLE_SERVICE_ACCOUNT',
  configured: (deps) => deps.integrations.ga4 !== null,
  site: gaSite,
});

export const searchConsoleImport = perMoneySite({
  name: 'seo:search-console',
  description: 'Import the Search Console clicks and impressions (by day and by page) of the money sites',
  cron: '45 6 * * *',
  source: 'Google Search Console',
  variable: 'GOOGLE_SERVICE_ACCOUNT',
  configured: (deps) => deps.integrations.searchConsole !== null,
  site: searchSite,
});

/** One site's Lighthouse scores of today, desktop and mobile (a page that fails to load is recorded so). */
async function lighthouseSite(deps: AppDeps, site: MoneySite): Promise<UnitResult> {
  const url = (await homeUrl(deps.db, site.id)) ?? `https://${site.hostname}/`;
  const runs: LighthouseResult[] = [];
  for (const device of ['desktop', 'mobile'] as const)
    runs.push(await deps.integrations.lighthouse(url, device));
  const failed = runs.find((r) => r.runtimeError);
  const describe = (r: LighthouseResult) =>
    r.runtimeError
      ? `${r.device} ${r.runtimeError.code}`
      : `${r.device} performance ${r.scores.performance}, SEO ${r.scores.seo}`;
  return {
    output: { message: `${site.hostname}: ${runs.map(describe).join('; ')}` },
    ...(failed ? { failed: true } : {}),
    commit: (tx) => saveLighthouse(tx, site.id, today(), runs),
  };
}

export const lighthouseRuns = perMoneySite({
  name: 'seo:lighthouse',
  description: "Run Lighthouse (desktop and mobile) on each money site's home page in Chromium",
  cron: '30 3 * * 1',
  source: 'Lighthouse',
  variable: 'CHROME_PATH',
  configured: () => true,
  site: lighthouseSite,
  ranged: false,
  timeoutSeconds: 600,
  batchSize: 1,
});

/** seo:ga-properties: the GA4 properties the service account reads (Admin API), for linking to money sites. */
export const gaPropertiesImport = defineCommand<JsonObject>({
  service: 'dms',
  name: 'seo:ga-properties',
  description:
    'Import the GA4 properties the service account can read (link each to its money site on GA properties)',
  arguments: [],
  schedule: { cron: '15 5 * * 1' },
  retry: { limit: 2, delay: 60, backoff: true },
  timeoutSeconds: 120,
  batchSize: 1,
  concurrency: 1,
  parse: (raw) => parseArguments([], raw),
  plan: (_a, { deps }) =>
    deps.integrations.ga4
      ? [{ key: 'properties', input: {} }]
      : notConfigured('Google Analytics 4', 'GOOGLE_SERVICE_ACCOUNT'),
  async run(unit, _run, { deps }) {
    const refused = refuse(unit);
    if (refused) return refused;
    return guarded(unit.key, async (): Promise<UnitResult> => {
      const properties = await deps.integrations.ga4!.listProperties();
      return {
        output: { message: `${properties.length} GA4 properties read` },
        commit: async (tx) => {
          await saveGaProperties(tx, properties);
        },
      };
    });
  },
});

export const seoCommands = [
  gaPropertiesImport,
  rankingsImport,
  backlinksImport,
  analyticsImport,
  searchConsoleImport,
  lighthouseRuns,
  dropAlerts,
];
