import { access, constants, rm } from 'node:fs/promises';
import type { ChildProcess } from 'node:child_process';
import { isIP } from 'node:net';
import { Worker } from 'node:worker_threads';
import { Launcher } from 'chrome-launcher';
import { createAddressPolicy, type AddressPolicy } from '../http/address-policy.js';
import { resolveChecked, systemResolver, type Resolver } from '../http/connector.js';
import { workerEntry } from '../../core/thread-pool.js';
import { OutboundError } from '../http/errors.js';
import { parseTarget } from '../http/target.js';
import {
  LighthouseRunError,
  type LighthouseResult,
  type LighthouseRunOptions,
  type LighthouseScores,
  type LighthouseWorkerReply,
  type LighthouseWorkerRequest,
} from './types.js';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';
export const DEFAULT_TIMEOUT_MS = 120_000;
/** How long a stopped launch may take to give up polling the killed browser before the next run starts. */
const SETTLE_MS = 30_000;
const EXIT_WAIT_MS = 5_000;
/** The worker next to this file: compiled JavaScript in a build, TypeScript when run from source. */
const WORKER_URL = workerEntry(import.meta.url, 'lighthouse-worker');

/**
 * Runs Lighthouse against a page in a fresh headless Chromium and returns its category scores.
 *
 * The target must pass the outbound address policy first (a refused address never launches Chromium), and
 * the vetted address is pinned for that host name in Chromium's resolver, so a DNS answer that changes
 * between the check and the navigation is not followed. But Chromium fetches the page itself, not through
 * SafeFetch: redirects to other hosts, subresources and anything the page's scripts load are not vetted by
 * the policy. The host of the final document is checked again afterwards and a result that ended on a
 * refused address is discarded (the request was already made by then).
 *
 * Chromium is launched and killed here (its whole process group, on success, failure and timeout alike);
 * Lighthouse itself runs in a worker thread (see lighthouse-worker.ts). Runs are serialised per process
 * (Lighthouse is CPU-bound and measures timings, so two at once on a small machine would skew both);
 * `timeoutMs` counts from the start of this run, not from the call.
 */
export async function runLighthouse(url: string, options: LighthouseRunOptions): Promise<LighthouseResult> {
  const target = await vetTarget(
    url,
    options.policy ?? createAddressPolicy(),
    options.resolver ?? systemResolver,
  );
  return exclusive(() => runOnce(target, options));
}

interface VettedTarget {
  url: string;
  hostname: string;
  /** Set when the host is a name: the checked address Chromium must use for it. */
  pinnedAddress: string | null;
  policy: AddressPolicy;
  resolver: Resolver;
}

async function vetTarget(raw: string, policy: AddressPolicy, resolver: Resolver): Promise<VettedTarget> {
  try {
    const { url, hostname, ip } = parseTarget(raw);
    const address = await resolveChecked(hostname, policy, resolver);
    return { url: url.href, hostname, pinnedAddress: ip ? null : address, policy, resolver };
  } catch (err) {
    if (err instanceof OutboundError) {
      const kind = err.reason === 'network' ? 'failed' : 'refused';
      throw new LighthouseRunError(kind, err.message, { code: err.reason, cause: err });
    }
    throw err;
  }
}

let queue: Promise<void> = Promise.resolve();
let waiting = 0;

/** Runs started or waiting in this process (0 when idle). */
export const pendingLighthouseRuns = (): number => waiting;

function exclusive<T>(task: () => Promise<T>): Promise<T> {
  waiting += 1;
  const run = queue.then(task).finally(() => {
    waiting -= 1;
  });
  queue = run.then(
    () => undefined,
    () => undefined,
  );
  return run;
}

function chromeFlags(target: VettedTarget): string[] {
  const flags = ['--headless=new', '--disable-gpu', '--disable-dev-shm-usage'];
  // Chromium refuses to start its sandbox as root; only then is it turned off.
  if (process.getuid?.() === 0) flags.push('--no-sandbox');
  if (target.pinnedAddress) {
    const ip = isIP(target.pinnedAddress) === 6 ? `[${target.pinnedAddress}]` : target.pinnedAddress;
    flags.push(`--host-resolver-rules=MAP ${target.hostname} ${ip}`);
  }
  return flags;
}

async function runOnce(target: VettedTarget, options: LighthouseRunOptions): Promise<LighthouseResult> {
  const started = Date.now();
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const chromePath = options.chromePath ?? DEFAULT_CHROME_PATH;
  try {
    await access(chromePath, constants.X_OK);
  } catch (err) {
    throw new LighthouseRunError('unavailable', `Chromium is not installed at ${chromePath}`, { cause: err });
  }
  const launcher = new Launcher({
    chromePath,
    chromeFlags: chromeFlags(target),
    // The server handles its own signals; the launcher's handler would call process.exit.
    handleSIGINT: false,
    logLevel: 'silent',
    connectionPollInterval: 250,
    maxConnectionRetries: 80,
  });
  let worker: Worker | undefined;
  let stopped = false;
  const work = (async () => {
    try {
      await launcher.launch();
    } catch (err) {
      throw new LighthouseRunError('unavailable', `Could not start Chromium: ${messageOf(err)}`, {
        cause: err,
      });
    }
    if (stopped) throw new Error('stopped');
    options.onLaunch?.({ pid: launcher.pid!, userDataDir: launcher.userDataDir! });
    worker = new Worker(WORKER_URL, {
      workerData: {
        url: target.url,
        port: launcher.port!,
        device: options.device,
        categories: options.categories ? [...options.categories] : null,
      } satisfies LighthouseWorkerRequest,
    });
    const reply = await replyOf(worker);
    if (!reply.ok)
      throw new LighthouseRunError('failed', `Lighthouse failed: ${reply.message}`, {
        ...(reply.code ? { code: reply.code } : {}),
      });
    await recheckFinalUrl(reply.finalUrl, target);
    return {
      device: options.device,
      requestedUrl: target.url,
      finalUrl: reply.finalUrl || target.url,
      lighthouseVersion: reply.lighthouseVersion,
      fetchedAt: reply.fetchTime,
      scores: scoresOf(reply.scores),
      runtimeError: reply.runtimeError,
      warnings: reply.warnings,
      durationMs: Date.now() - started,
    } satisfies LighthouseResult;
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new LighthouseRunError('timeout', `Lighthouse did not finish within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
    stopped = true;
    await worker?.terminate();
    await stopChrome(launcher);
    // A launch still polling for the browser gives up once it is killed; kill again if it got further.
    await settle(work, SETTLE_MS);
    await stopChrome(launcher);
  }
}

/** The worker's one reply; its crash (an error Lighthouse left unhandled) or silent exit is a failure. */
function replyOf(worker: Worker): Promise<LighthouseWorkerReply> {
  return new Promise((resolve, reject) => {
    worker.once('message', (reply: LighthouseWorkerReply) => resolve(reply));
    worker.once('error', (err) =>
      reject(new LighthouseRunError('failed', `Lighthouse failed: ${messageOf(err)}`, { cause: err })),
    );
    worker.once('exit', (code) =>
      reject(
        new LighthouseRunError('failed', `The Lighthouse worker exited (code ${code}) without a result`),
      ),
    );
  });
}

/** A page that redirected elsewhere is judged again; one that ended on a refused address yields nothing. */
async function recheckFinalUrl(finalUrl: string, target: VettedTarget): Promise<void> {
  let hostname: string;
  try {
    hostname = parseTarget(finalUrl).hostname;
  } catch {
    return; // not http(s) (e.g. a chrome-error page): nothing was fetched from it
  }
  if (hostname === target.hostname) return;
  try {
    await resolveChecked(hostname, target.policy, target.resolver);
  } catch (err) {
    if (err instanceof OutboundError && err.reason === 'blocked_address')
      throw new LighthouseRunError('refused', `The page redirected to a refused address: ${err.message}`, {
        code: err.reason,
        cause: err,
      });
  }
}

/** Lighthouse's 0..1 category scores as 0-100 integers. */
function scoresOf(raw: Record<string, number | null>): LighthouseScores {
  const score = (id: string) => {
    const value = raw[id];
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    bestPractices: score('best-practices'),
    pwa: score('pwa'),
  };
}

/** Kills the browser's whole process group, waits for it to exit and removes its profile directory. */
async function stopChrome(launcher: Launcher): Promise<void> {
  const child = launcher.chromeProcess;
  const exited = child ? waitForExit(child) : Promise.resolve();
  try {
    launcher.kill();
  } catch {
    // Only its own removal of the profile can throw; that is retried below once the browser is gone.
  }
  await exited;
  if (launcher.userDataDir)
    await rm(launcher.userDataDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, EXIT_WAIT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function settle(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    promise.then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
    }),
  ]);
  clearTimeout(timer);
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));
