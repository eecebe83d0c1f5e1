import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { LoadOptions, WorkerReport } from './load.js';

/** Enough for 10 s at 100k req/s; beyond it latencies are no longer recorded (the count still is). */
const MAX_SAMPLES = 1_000_000;
/** Generous: a DB-bound request queued behind 9 others on PGlite can take seconds; a timeout would hide it. */
const REQUEST_TIMEOUT_SECONDS = 30;

/**
 * Runs in its own thread so that generating load does not share the server's event loop. Every 200
 * response's latency (milliseconds, from autocannon's hrtime) is kept so that any percentile is exact.
 */
async function main(opts: LoadOptions): Promise<WorkerReport> {
  const latencies = new Float64Array(MAX_SAMPLES);
  let ok = 0;
  const started = performance.now();
  const instance = autocannon({
    url: opts.url,
    headers: opts.headers,
    connections: opts.connections,
    duration: opts.seconds,
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
  instance.on('response', (_client, statusCode, _bytes, ms) => {
    if (statusCode !== 200) return;
    if (ok < MAX_SAMPLES) latencies[ok] = ms;
    ok++;
  });
  const result = await instance;
  const seconds = (performance.now() - started) / 1000;
  return {
    ok,
    seconds: result.duration > 0 ? result.duration : seconds,
    errors: result.errors, // includes timeouts
    non2xx: result.non2xx,
    latencies: latencies.slice(0, Math.min(ok, MAX_SAMPLES)),
  };
}

const report = await main(workerData as LoadOptions);
parentPort!.postMessage(report, [report.latencies.buffer]);
