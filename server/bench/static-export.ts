/**
 * npm run bench:static-export — the static export of a link site (issue 19): a 2,000-page WordPress-shaped site
 * (`BENCH_STATIC_PAGES`; posts with their images, archives and their pages, feeds, sitemaps, theme files, the
 * shortlink and affiliate redirects) served from a child process, exported as the convert and publish commands
 * do it (the sitemaps read, every page, feed and file crawled without following redirects, the origin rewritten,
 * forms replaced, the files written, the gate run over the result, the redirect map written, the build moved into
 * the releases), against a bare fetch-and-write loop over the same URLs with as many in flight (undici, the body
 * written to a file named after the path, nothing parsed). Rounds alternate, a first unmeasured round warms the
 * site; the figure is the median of the paired pages/s ratios (target >= 0.6x).
 *
 * And the publish switch: `current` repointed between two 2,000-page releases, 50 times (target under 100 ms),
 * beside the same switch between two 10-page releases: it must not depend on the release's size.
 *
 * Knobs: BENCH_STATIC_PAGES (default 2000), BENCH_STATIC_ROUNDS (default 3), BENCH_STATIC_DIR (where both sides
 * write, default the system's temporary folder; /dev/shm takes the disk out of the figure).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Agent, request } from 'undici';
import { createSafeFetch } from '../src/integrations/http/safe-fetch.js';
import { canonicalOrigin, exportSite, type ExportResult } from '../src/services/dms/static-site/crawler.js';
import { runGate } from '../src/services/dms/static-site/gate.js';
import {
  promote,
  redirectFiles,
  releaseName,
  siteFolders,
  stagingFolder,
  switchCurrent,
  webRootOf,
  writeReleaseFiles,
} from '../src/services/dms/static-site/release.js';
import { originHostNames } from '../src/services/dms/static-site/rewrite.js';
import { readSitemapPages } from '../src/services/dms/static-site/seeds.js';
import { pooledTransform } from '../src/services/dms/static-site/transform-pool.js';
import { positive } from './env.js';
import { atLeast, ceiling, type Figure } from './figures.js';
import { median } from './jobs-report.js';
import { loadBefore, machine } from './machine.js';
import { log } from './measure.js';
import { writeJson } from './report.js';
import { lanes } from './support/engine-runs.js';
import { pagesInProcess } from './support/local-pages.js';

const PAGES = positive(process.env, 'BENCH_STATIC_PAGES', 2000, 50_000);
const ROUNDS = positive(process.env, 'BENCH_STATIC_ROUNDS', 3, 20);
/** Fetches in flight, the pipeline's own setting. */
const CONCURRENCY = 8;
const SWITCHES = 50;
const TARGET_RATIO = 0.6;
const SWITCH_LIMIT_MS = 100;
const PUBLIC = new URL('https://bench-links.example.com/');
const RESULTS_FILE = path.resolve(import.meta.dirname, '..', '..', 'bench-results', 'static-export.json');

const fetcher = createSafeFetch({ allowHosts: ['127.0.0.0/8'], userAgent: 'SitefleetBot/1.0 (bench)' });

interface EngineRound {
  ms: number;
  pages: number;
  files: number;
  bytes: number;
  release: string;
  result: ExportResult;
}

/** One export as the convert command runs it, up to a release in the releases folder; ms from start to end. */
async function engineRound(origin: URL, root: string, n: number): Promise<EngineRound> {
  const folders = siteFolders(root, PUBLIC.hostname);
  const release = releaseName(n);
  const started = performance.now();
  const from = await canonicalOrigin(fetcher, origin, 15_000);
  const hosts = new Set([from.host, PUBLIC.host]);
  const sitemap = await readSitemapPages(fetcher, from, hosts, { timeoutMs: 15_000, maxBytes: 5 * 2 ** 20 });
  const staging = await stagingFolder(folders, release);
  const result = await exportSite({
    fetch: fetcher,
    origin: from,
    publicUrl: PUBLIC,
    seeds: [new URL('/', from).href, new URL('/robots.txt', from).href, ...sitemap.files],
    outDir: webRootOf(staging),
    concurrency: CONCURRENCY,
    timeoutMs: 15_000,
    maxBytes: 32 * 2 ** 20,
    transform: pooledTransform(),
  });
  const redirects = redirectFiles(PUBLIC.hostname, [...result.redirects.values()]);
  const gate = await runGate({
    crawl: result,
    webRoot: webRootOf(staging),
    publicUrl: PUBLIC,
    checkHost: !originHostNames(from).includes(PUBLIC.hostname),
    hostLeft: [],
    sitemapPages: sitemap.pages,
    sitemapProblem: sitemap.problem,
    bought: [],
    affiliates: [],
  });
  if (!gate.passed) throw new Error(`the export's gate failed: ${gate.reasons.join(' | ')}`);
  await writeReleaseFiles(staging, redirects);
  await promote(folders, staging, release);
  const ms = performance.now() - started;
  if (result.pages < PAGES) throw new Error(`the export holds ${result.pages} pages, the site ${PAGES}+`);
  return { ms, pages: result.pages, files: result.files.size, bytes: result.bytes, release, result };
}

/** Fetches every URL and writes each 200 body to a file named after its path: the least an export does. */
async function bareRound(
  agent: Agent,
  urls: readonly string[],
  dir: string,
): Promise<{ ms: number; pages: number }> {
  const made = new Set<string>();
  let pages = 0;
  const started = performance.now();
  await lanes(urls, CONCURRENCY, async (url) => {
    const res = await request(url, { dispatcher: agent });
    const body = Buffer.from(await res.body.arrayBuffer());
    if (res.statusCode !== 200) return;
    const { pathname } = new URL(url);
    const file = path.join(dir, pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    await writeFile(file, body);
    if (String(res.headers['content-type'] ?? '').includes('text/html')) pages += 1;
  });
  return { ms: performance.now() - started, pages };
}

/** CPU time (user and system, every thread of this process) since `from`, in ms. */
const cpuMs = (from: NodeJS.CpuUsage) => {
  const d = process.cpuUsage(from);
  return (d.user + d.system) / 1000;
};

/** Writes the kernel's dirty pages out (sync(1)) and waits: a side's measurement starts on a quiet disk. */
function settle(): void {
  execFileSync('sync');
}

/** The URLs an export asked for: every file it saved and every redirect and missing page it recorded. */
function urlsOf(result: ExportResult, origin: URL): string[] {
  const keys = [...result.files.keys(), ...result.redirects.keys(), ...result.gone.keys()];
  return [...new Set(keys)].map((k) => new URL(k, origin).href);
}

/** `current` switched between two releases `times` times; each switch's ms. */
async function switches(root: string, a: string, b: string, times: number): Promise<number[]> {
  const folders = siteFolders(root, PUBLIC.hostname);
  const out: number[] = [];
  for (let i = 0; i < times; i += 1) out.push(await switchCurrent(folders, i % 2 ? a : b));
  return out;
}

/** Two releases of `pages` small pages under another site folder: the switch's size-independence baseline. */
async function smallReleases(root: string, pages: number): Promise<[string, string]> {
  const folders = siteFolders(root, PUBLIC.hostname);
  const names: [string, string] = [releaseName(900_001), releaseName(900_002)];
  for (const name of names) {
    const dir = webRootOf(path.join(folders.releases, name));
    for (let p = 0; p < pages; p += 1) {
      await mkdir(path.join(dir, `page-${p}`), { recursive: true });
      await writeFile(path.join(dir, `page-${p}`, 'index.html'), `<p>${p}</p>`);
    }
  }
  return names;
}

async function main(): Promise<void> {
  log(
    `static export bench: ${PAGES} posts, ${ROUNDS} rounds, ${CONCURRENCY} in flight (${os.cpus().length} cores)`,
  );
  const site = await pagesInProcess<{ origin: string }>(
    path.join(import.meta.dirname, 'static-export-site.ts'),
    {
      posts: PAGES,
    },
  );
  const root = await mkdtemp(
    path.join(process.env.BENCH_STATIC_DIR || os.tmpdir(), 'sitefleet-bench-static-'),
  );
  const agent = new Agent({ connections: CONCURRENCY, keepAliveTimeout: 30_000 });
  try {
    const origin = new URL(site.served.origin);
    const load = loadBefore();
    const warm = await engineRound(origin, root, 1);
    const urls = urlsOf(warm.result, origin);
    log(
      `warm-up: ${warm.pages} pages, ${warm.files} files (${(warm.bytes / 2 ** 20).toFixed(1)} MB), ${urls.length} URLs`,
    );
    const rounds: Array<{
      engineMs: number;
      bareMs: number;
      /** CPU of this process (both threads) while the side ran: steadier than wall time on a busy machine. */
      engineCpuMs: number;
      bareCpuMs: number;
      enginePps: number;
      barePps: number;
      ratio: number;
    }> = [];
    let last = warm;
    let previous = releaseName(0);
    for (let r = 0; r < ROUNDS; r += 1) {
      const bareDir = path.join(root, `bare-${r}`);
      // Each side starts on a settled disk: the other side's files removed and the kernel's dirty pages
      // written out, so neither pays for what the other wrote (the first side of a round otherwise does).
      const runBare = async () => {
        settle();
        const cpu = process.cpuUsage();
        const out = { ...(await bareRound(agent, urls, bareDir)), cpuMs: cpuMs(cpu) };
        await rm(bareDir, { recursive: true, force: true });
        return out;
      };
      const runEngine = async () => {
        settle();
        const cpu = process.cpuUsage();
        const out = { ...(await engineRound(origin, root, r + 2)), cpuMs: cpuMs(cpu) };
        await rm(path.join(siteFolders(root, PUBLIC.hostname).releases, previous), {
          recursive: true,
          force: true,
        });
        previous = last.release;
        last = out;
        return out;
      };
      // Alternate which side goes first, so neither always meets a warmer machine.
      const [bare, engine] =
        r % 2 === 0
          ? [await runBare(), await runEngine()]
          : await (async () => {
              const e = await runEngine();
              return [await runBare(), e] as const;
            })();
      const enginePps = engine.pages / (engine.ms / 1000);
      const barePps = bare.pages / (bare.ms / 1000);
      rounds.push({
        engineMs: engine.ms,
        bareMs: bare.ms,
        engineCpuMs: engine.cpuMs,
        bareCpuMs: bare.cpuMs,
        enginePps,
        barePps,
        ratio: enginePps / barePps,
      });
      log(
        `round ${r + 1}: export ${engine.ms.toFixed(0)} ms (${enginePps.toFixed(0)} pages/s, CPU ${engine.cpuMs.toFixed(0)} ms), ` +
          `bare ${bare.ms.toFixed(0)} ms (${barePps.toFixed(0)} pages/s, CPU ${bare.cpuMs.toFixed(0)} ms), ratio ${(enginePps / barePps).toFixed(2)}`,
      );
    }
    const big = await switches(root, previous, last.release, SWITCHES);
    const [s1, s2] = await smallReleases(root, 10);
    const small = await switches(root, s1, s2, SWITCHES);
    const bigMax = Math.max(...big);
    const smallMax = Math.max(...small);
    log(
      `switch of a ${last.pages}-page release: p50 ${median(big).toFixed(2)} ms, max ${bigMax.toFixed(2)} ms; ` +
        `of a 10-page release: p50 ${median(small).toFixed(2)} ms, max ${smallMax.toFixed(2)} ms`,
    );
    const ratio = median(rounds.map((r) => r.ratio));
    const figures: Figure[] = [
      {
        ...atLeast(
          `static export pages/s vs bare fetch-and-write loop, ${PAGES} pages`,
          median(rounds.map((r) => r.enginePps)),
          median(rounds.map((r) => r.barePps)),
          'pages/s',
          TARGET_RATIO,
        ),
        ratio,
        pass: ratio >= TARGET_RATIO,
      },
      ceiling(
        `publish switch (max of ${SWITCHES}), ${last.pages}-page release vs 10-page`,
        bigMax,
        smallMax,
        'ms',
        SWITCH_LIMIT_MS,
      ),
    ];
    writeJson(RESULTS_FILE, {
      date: new Date().toISOString(),
      machine: machine(),
      loadBefore: load,
      pages: PAGES,
      files: last.files,
      bytes: last.bytes,
      urls: urls.length,
      concurrency: CONCURRENCY,
      rounds,
      switchMs: { big: { p50: median(big), max: bigMax }, small: { p50: median(small), max: smallMax } },
      figures,
    });
    for (const f of figures)
      log(
        `${f.name}: ${f.value.toFixed(2)} ${f.unit} (baseline ${f.baseline?.toFixed(2) ?? '-'}; ` +
          `${f.ratio === null ? '' : `${f.ratio.toFixed(2)}x, `}target ${f.target}) ${f.pass ? 'ok' : 'MISSED'}`,
      );
  } finally {
    await agent.close();
    await fetcher.close();
    await site.close();
    await rm(root, { recursive: true, force: true });
  }
}

await main();
