import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressPolicy } from '../../src/integrations/http/address-policy.js';
import {
  isLighthouseRunError,
  runLighthouse,
  type LaunchedChromeInfo,
  type LighthouseResult,
  type LighthouseRunOptions,
} from '../../src/integrations/lighthouse/index.js';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

// Real Lighthouse runs in the machine's Chromium: ~10-20 s each on two cores. Run under the bench lock.
const RUN_TIMEOUT = 180_000;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="description" content="A tiny page for measuring Lighthouse runs.">
<title>Sitefleet Lighthouse fixture</title>
</head>
<body>
<main><h1>Hello from the fixture</h1><p>Just enough content to be audited.</p>
<a href="/about">About this page</a></main>
</body>
</html>`;

const allowPrivate = createAddressPolicy({ allowPrivate: true });
let site: LocalHttpServer;
let closedPort: number;
/** User-Agents of the navigations to the fixture page. */
const documentAgents: string[] = [];

beforeAll(async () => {
  site = await startHttpServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/' || path === '/about') {
      // Page navigations carry the emulated device's User-Agent (Lighthouse's own fetches do not).
      if (req.headers.accept?.includes('text/html')) documentAgents.push(req.headers['user-agent'] ?? '');
      res.setHeader('content-type', 'text/html; charset=utf-8');
      return res.end(PAGE);
    }
    if (path === '/hang') return; // never answers
    res.statusCode = 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end('<!doctype html><title>Not found</title><h1>Not found</h1>');
  });
  const gone = await startHttpServer(() => undefined);
  closedPort = gone.port;
  await gone.close();
});

afterAll(async () => {
  await site?.close();
});

/**
 * Live processes left from a run: Chromium's own process group (browser, zygotes, renderers) and anything
 * still naming its profile directory. Killed children re-parented to init may linger as zombies until it
 * reaps them; those hold no memory or CPU and are not counted.
 */
function leftovers(chrome: LaunchedChromeInfo): string[] {
  const ps = spawnSync('ps', ['-e', '-o', 'pid=,pgid=,stat='], { encoding: 'utf8' });
  const inGroup = ps.stdout
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter(([pid, pgid, stat]) => pid && Number(pgid) === chrome.pid && !stat?.startsWith('Z'))
    .map(([pid]) => pid!);
  const named = spawnSync('pgrep', ['-f', `--user-data-dir=${chrome.userDataDir}`], { encoding: 'utf8' });
  return [...inGroup, ...named.stdout.split('\n').filter(Boolean)];
}

/** Launch info plus how many live processes the check saw while Chromium ran (proving it can see them). */
type Launched = LaunchedChromeInfo & { liveAtLaunch: number };

function launched(info: LaunchedChromeInfo): Launched {
  return { ...info, liveAtLaunch: leftovers(info).length };
}

/**
 * Chromium launched, and nothing of it is left: on a loaded machine a killed child may take a moment to go
 * after the browser itself has exited, so the check waits (up to 10 s) for what `ps` shows, not a fixed time.
 */
async function expectChromeGone(chrome: Launched | undefined) {
  expect(chrome).toBeDefined();
  expect(chrome!.liveAtLaunch).toBeGreaterThan(0);
  const until = Date.now() + 10_000;
  let left = leftovers(chrome!);
  while (left.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = leftovers(chrome!);
  }
  expect(left).toEqual([]);
  expect(existsSync(chrome!.userDataDir)).toBe(false);
}

async function run(url: string, options: Partial<LighthouseRunOptions> = {}) {
  let chrome: Launched | undefined;
  const started = Date.now();
  const settled = await runLighthouse(url, {
    device: 'desktop',
    policy: allowPrivate,
    ...options,
    onLaunch: (info) => {
      chrome = launched(info);
    },
  }).then(
    (result) => ({ result, error: null }),
    (error: unknown) => ({ result: null, error }),
  );
  return { ...settled, chrome, seconds: (Date.now() - started) / 1000 };
}

function expectScores(result: LighthouseResult) {
  const { pwa, ...scores } = result.scores;
  expect(pwa).toBeNull(); // the category is gone in Lighthouse 12+
  for (const [name, score] of Object.entries(scores)) {
    expect(Number.isInteger(score), `${name} = ${score}`).toBe(true);
    expect(score).toBeGreaterThanOrEqual(0);
    expect(score).toBeLessThanOrEqual(100);
  }
  // The fixture is a well-formed, lang-tagged page with a title and description.
  expect(scores.seo).toBeGreaterThanOrEqual(80);
  expect(scores.accessibility).toBeGreaterThanOrEqual(80);
  expect(result.runtimeError).toBeNull();
  expect(result.lighthouseVersion).toMatch(/^13\./);
  expect(Number.isNaN(Date.parse(result.fetchedAt))).toBe(false);
}

describe('runLighthouse on a local page', () => {
  it(
    'scores the page on desktop, reaching a host name through the address it was vetted at',
    async () => {
      documentAgents.length = 0;
      // The name exists only in the injected resolver: Chromium can reach it only through the pinned address.
      const url = `http://audit-fixture.test:${site.port}/`;
      const { result, error, chrome, seconds } = await run(url, {
        device: 'desktop',
        resolver: async () => ['127.0.0.1'],
      });
      console.log(`lighthouse desktop run: ${seconds.toFixed(1)} s`);
      expect(error).toBeNull();
      expectScores(result!);
      expect(result!.device).toBe('desktop');
      expect(result!.finalUrl).toBe(url);
      expect(documentAgents.length).toBeGreaterThan(0);
      expect(documentAgents.filter((ua) => /Mobile|Android/.test(ua))).toEqual([]);
      await expectChromeGone(chrome);
    },
    RUN_TIMEOUT,
  );

  it(
    'scores the page on mobile with the emulated phone',
    async () => {
      documentAgents.length = 0;
      const url = `${site.origin}/`;
      const { result, error, chrome, seconds } = await run(url, { device: 'mobile' });
      console.log(`lighthouse mobile run: ${seconds.toFixed(1)} s`);
      expect(error).toBeNull();
      expectScores(result!);
      expect(result!.device).toBe('mobile');
      expect(result!.finalUrl).toBe(url);
      expect(documentAgents.length).toBeGreaterThan(0);
      expect(documentAgents.filter((ua) => !/Android.*Mobile/.test(ua))).toEqual([]);
      await expectChromeGone(chrome);
    },
    RUN_TIMEOUT,
  );
});

describe('runLighthouse failures', () => {
  it(
    'reports a 404 page and an unreachable port as runtime errors, one Chromium at a time',
    async () => {
      const events: string[] = [];
      const track = (name: string, url: string) => {
        let chrome: Launched | undefined;
        return runLighthouse(url, {
          device: 'mobile',
          policy: allowPrivate,
          categories: ['seo'],
          onLaunch: (info) => {
            chrome = launched(info);
            events.push(`${name}:launch`);
          },
        }).then((result) => {
          events.push(`${name}:done`);
          return { result, chrome };
        });
      };
      // Started together: the queue must run them one after the other.
      const [missing, unreachable] = await Promise.all([
        track('missing', `${site.origin}/missing`),
        track('unreachable', `http://127.0.0.1:${closedPort}/`),
      ]);
      expect(events).toEqual(['missing:launch', 'missing:done', 'unreachable:launch', 'unreachable:done']);

      expect(missing.result.runtimeError?.code).toBe('ERRORED_DOCUMENT_REQUEST');
      expect(missing.result.runtimeError?.message).toMatch(/404/);
      expect(missing.result.scores.seo).toBeNull();
      await expectChromeGone(missing.chrome);

      // Chromium shows its own error page for a refused connection.
      expect(['FAILED_DOCUMENT_REQUEST', 'CHROME_INTERSTITIAL_ERROR']).toContain(
        unreachable.result.runtimeError?.code,
      );
      expect(unreachable.result.scores.seo).toBeNull();
      await expectChromeGone(unreachable.chrome);
    },
    RUN_TIMEOUT,
  );

  it(
    'kills Chromium when the run times out',
    async () => {
      // Long enough for Chromium to start on a loaded machine, so the run times out in Lighthouse's page load.
      const { error, chrome, seconds } = await run(`${site.origin}/hang`, {
        device: 'desktop',
        timeoutMs: 15_000,
      });
      expect(isLighthouseRunError(error) && error.kind).toBe('timeout');
      expect(seconds).toBeLessThan(40);
      await expectChromeGone(chrome);
    },
    RUN_TIMEOUT,
  );

  it('refuses a refused address without launching Chromium', async () => {
    const before = site.connections();
    const strict = createAddressPolicy();
    const cases: [string, Partial<LighthouseRunOptions>][] = [
      [`${site.origin}/`, { policy: strict }],
      [`http://intranet.example:${site.port}/`, { policy: strict, resolver: async () => ['10.1.2.3'] }],
      ['http://169.254.169.254/latest/meta-data/', { policy: strict }],
      ['http://0.0.0.0:8080/', { policy: allowPrivate }],
      ['file:///etc/passwd', { policy: allowPrivate }],
      [`http://127.0.0.1:22/`, { policy: allowPrivate }],
    ];
    for (const [url, options] of cases) {
      const { error, chrome } = await run(url, options);
      expect(isLighthouseRunError(error) && error.kind, url).toBe('refused');
      expect(chrome, url).toBeUndefined();
    }
    expect(site.connections()).toBe(before);
  });

  it('reports a missing browser as unavailable', async () => {
    const { error, chrome } = await run(`${site.origin}/`, { chromePath: '/nonexistent/chromium' });
    expect(isLighthouseRunError(error) && error.kind).toBe('unavailable');
    expect(chrome).toBeUndefined();
  });
});
