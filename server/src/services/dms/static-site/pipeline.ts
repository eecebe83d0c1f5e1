import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';
import type { WordPressClient } from '../../../integrations/wordpress/index.js';
import { isWordPressError } from '../../../integrations/wordpress/index.js';
import type { JsonObject, UnitResult } from '../../../jobs/types.js';
import { siteClient } from '../wordpress/site-client.js';
import { connectionOf } from '../wordpress/site-repository.js';
import { staticRoot, type RunContext } from './context.js';
import { canonicalOrigin, exportSite, type ExportResult } from './crawler.js';
import { runGate, type GateResult } from './gate.js';
import { ProgressReporter } from './progress.js';
import { pooledTransform } from './transform-pool.js';
import {
  discard,
  promote,
  redirectFiles,
  releaseName,
  siteFolders,
  stagingFolder,
  switchCurrent,
  webRootOf,
  writeReleaseFiles,
  type SiteFolders,
} from './release.js';
import {
  affiliatesOf,
  boughtLinksOn,
  claimSite,
  loadTarget,
  recordPublished,
  recordRejected,
  releaseSite,
  type BuiltRelease,
  type StaticTarget,
} from './repository.js';
import { findHost, originHostNames } from './rewrite.js';
import { companionSeeds, readSitemapPages } from './seeds.js';
import { originOf, refusal } from './state.js';
import { pruneReleases } from './rollback.js';

/** Pages and files fetched at once. */
const CONCURRENCY = 8;
/** The largest file copied (an image, a video); pages are held to the crawler's own cap below it. */
const MAX_FILE_BYTES = 32 * 1024 * 1024;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** Sizes in base 1024 (SPEC §9), as the console writes them. */
const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** A client of the site's WordPress connection, or null when it has none usable (demo connections have no password). */
async function clientOf(deps: AppDeps, websiteId: number): Promise<WordPressClient | null> {
  const conn = await connectionOf(deps.db, websiteId);
  if (!conn) return null;
  try {
    return siteClient(deps, conn);
  } catch (err) {
    if (isWordPressError(err)) return null;
    throw err;
  }
}

/** The unit of a refused or failed operation. */
const refused = (hostname: string, message: string): UnitResult => ({
  output: { message: `${hostname}: ${message}` },
  failed: true,
});

/** Everything a build reads before its crawl: the seeds, the sitemap's pages, the ledger's links. */
async function prepare(rc: RunContext, target: StaticTarget, origin: URL, publicUrl: URL) {
  const { deps } = rc;
  const limits = { timeoutMs: deps.config.crawlerTimeoutMs, maxBytes: deps.config.crawlerMaxBytes };
  const hosts = new Set(
    [origin.host, publicUrl.host].flatMap((h) => [h.toLowerCase(), h.toLowerCase().replace(/^www\./, '')]),
  );
  const [sitemap, companion, bought, affiliates] = await Promise.all([
    readSitemapPages(deps.integrations.crawlerFetch, origin, hosts, limits),
    clientOf(deps, target.websiteId).then(companionSeeds),
    boughtLinksOn(deps.db, [publicUrl.host]),
    affiliatesOf(deps.db, target.websiteId),
  ]);
  const seeds = [
    new URL('/', origin).href,
    new URL('/robots.txt', origin).href,
    ...sitemap.files,
    ...companion.urls,
    ...affiliates.map((a) => new URL(a.permalink, origin).href),
    ...bought.map((b) => b.backlink),
  ];
  return { sitemap, companion, bought, affiliates, seeds };
}

interface Built {
  crawl: ExportResult;
  gate: GateResult;
  record: BuiltRelease;
  notes: string[];
}

/** Crawls into a staging folder and runs the gate; the folder is the caller's to promote or discard. */
async function buildRelease(
  rc: RunContext,
  target: StaticTarget,
  operation: 'convert' | 'publish',
  told: string | null,
  staging: string,
  release: string,
  progress: ProgressReporter,
): Promise<Built> {
  const { deps } = rc;
  const started = Date.now();
  const publicUrl = new URL(new URL(target.url).origin);
  const origin = await canonicalOrigin(
    deps.integrations.crawlerFetch,
    new URL(new URL(originOf(target, told)).origin),
    deps.config.crawlerTimeoutMs,
  );
  await progress.phase('seeding', `Reading ${origin.host}'s sitemaps and URL list`);
  const p = await prepare(rc, target, origin, publicUrl);
  await progress.phase('crawling', `Crawling ${origin.host}`);
  const crawl = await exportSite({
    fetch: deps.integrations.crawlerFetch,
    origin,
    publicUrl,
    seeds: p.seeds,
    outDir: webRootOf(staging),
    concurrency: CONCURRENCY,
    timeoutMs: deps.config.crawlerTimeoutMs,
    maxBytes: Math.max(deps.config.crawlerMaxBytes, MAX_FILE_BYTES),
    transform: pooledTransform(),
    onProgress: progress.crawl,
  });
  await progress.phase('gate', 'Checking links, hosts, pages, bought links and affiliate redirects');
  const redirects = redirectFiles(publicUrl.hostname, [...crawl.redirects.values()]);
  const hostNames = originHostNames(origin);
  const checkHost = !hostNames.includes(publicUrl.hostname.toLowerCase());
  const redirectHosts = checkHost
    ? Object.entries(redirects).flatMap(([file, text]) => {
        const sample = findHost(text, hostNames);
        return sample === null ? [] : [{ file, sample }];
      })
    : [];
  const gate = await runGate({
    crawl,
    webRoot: webRootOf(staging),
    publicUrl,
    checkHost,
    hostLeft: redirectHosts,
    sitemapPages: p.sitemap.pages,
    sitemapProblem: p.sitemap.problem,
    bought: p.bought,
    affiliates: p.affiliates,
  });
  const record: BuiltRelease = {
    websiteId: target.websiteId,
    release,
    operation,
    originUrl: origin.href,
    pages: crawl.pages,
    files: crawl.files.size,
    bytes: crawl.bytes,
    redirects: crawl.redirects.size,
    sitemapPages: p.sitemap.pages.size,
    gate,
    durationMs: Date.now() - started,
    runId: rc.runId,
  };
  if (gate.passed) {
    await writeReleaseFiles(staging, {
      ...redirects,
      'release.json': `${JSON.stringify(
        {
          release,
          website_id: target.websiteId,
          public_url: publicUrl.href,
          origin: origin.href,
          pages: crawl.pages,
          files: crawl.files.size,
          bytes: crawl.bytes,
          redirects: crawl.redirects.size,
          gate: { reasons: gate.reasons, checks: gate.checks },
          errors: crawl.errors.slice(0, 200),
        },
        null,
        2,
      )}\n`,
    });
  }
  const notes = [
    p.companion.source ? `URL list from the ${p.companion.source}` : 'no WordPress connection to list URLs',
    ...(p.companion.problem ? [`URL list: ${p.companion.problem}`] : []),
    p.sitemap.problem
      ? `sitemap: ${p.sitemap.problem}`
      : `${plural(p.sitemap.pages.size, 'page')} in the sitemap`,
  ];
  return { crawl, gate, record, notes };
}

function outputOf(b: Built): JsonObject {
  const excluded: JsonObject = {};
  for (const [reason, count] of b.crawl.excluded) excluded[reason] = count;
  return {
    release: b.record.release,
    origin: b.record.originUrl,
    pages: b.record.pages,
    files: b.record.files,
    bytes: b.record.bytes,
    redirects: b.record.redirects,
    sitemap_pages: b.record.sitemapPages,
    gate_passed: b.gate.passed,
    gate_reasons: b.gate.reasons,
    excluded,
    crawl_errors: b.crawl.errors.slice(0, 20).map((e) => `${e.url}: ${e.message}`),
    notes: b.notes,
  };
}

/** Convert or publish: crawl, gate, then publish the release (or record why the gate refused it). */
export async function buildAndPublish(
  rc: RunContext,
  websiteId: number,
  operation: 'convert' | 'publish',
  told: string | null,
): Promise<UnitResult> {
  const { deps } = rc;
  const target = await loadTarget(deps.db, websiteId);
  if (!target) return refused(`#${websiteId}`, 'the website no longer exists');
  const why = refusal(operation, target);
  if (why) return refused(target.hostname, why);
  if (!(await claimSite(deps.db, websiteId, rc.runId)))
    return refused(target.hostname, `another static operation (run #${target.busyRunId}) is working on it`);
  const progress = new ProgressReporter(deps.db, websiteId, rc.runId, rc.log);
  const folders = siteFolders(staticRoot(deps), new URL(target.url).hostname);
  const release = releaseName(rc.runId);
  let staging: string | null = null;
  try {
    await pruneReleases(deps.db, folders, websiteId);
    staging = await stagingFolder(folders, release);
    const built = await buildRelease(rc, target, operation, told, staging, release, progress);
    await progress.settle();
    if (!built.gate.passed) {
      await discard(staging);
      staging = null;
      const message = `gate failed, nothing published: ${built.gate.reasons.join(' | ')}`;
      const final = progress.final('failed', message);
      return {
        output: { ...outputOf(built), message: `${target.hostname}: ${message}` },
        failed: true,
        commit: (tx) => recordRejected(tx, built.record, final),
      };
    }
    await progress.phase('publishing', `Release ${release}: ${plural(built.record.files, 'file')}`);
    await promote(folders, staging, release);
    staging = null;
    await progress.phase('switching', `Switching ${target.hostname} to ${release}`);
    await progress.settle();
    return published(target, built, folders, told, progress);
  } catch (err) {
    if (staging) await discard(staging);
    const message = err instanceof Error ? err.message : String(err);
    await progress.settle();
    await releaseSite(deps.db, websiteId, rc.runId, progress.final('failed', message));
    throw err;
  }
}

function published(
  target: StaticTarget,
  built: Built,
  folders: SiteFolders,
  told: string | null,
  progress: ProgressReporter,
): UnitResult {
  const r = built.record;
  const summary =
    `release ${r.release} published: ${plural(r.pages, 'page')}, ${plural(r.files, 'file')}, ` +
    `${size(r.bytes)}, ${plural(r.redirects, 'redirect')}, crawled from ${r.originUrl}; gate passed`;
  return {
    output: { ...outputOf(built), message: `${target.hostname}: ${summary}` },
    // The switch is the last step of the transaction that records the release: a failed write leaves the
    // previous release served, and a failed switch leaves the records as they were.
    commit: async (tx: Queryable) => {
      const id = await recordPublished(tx, r, 0, told, progress.final('done', summary));
      const ms = await switchCurrent(folders, r.release);
      await tx.query('UPDATE static_releases SET switch_ms = $2 WHERE id = $1', [id, ms]);
    },
  };
}
