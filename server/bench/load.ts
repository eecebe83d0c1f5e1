import { Worker } from 'node:worker_threads';

export interface LoadOptions {
  url: string;
  headers: Record<string, string>;
  connections: number;
  seconds: number;
}

/** What the load thread sends back: 200 responses, wall time, failures and every 200's latency (ms). */
export interface WorkerReport {
  ok: number;
  seconds: number;
  errors: number;
  non2xx: number;
  latencies: Float64Array<ArrayBuffer>;
}

export interface LoadStats {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/**
 * Node 20 does not carry tsx's loader hooks into worker threads, so the worker starts from a tiny ES module
 * that registers tsx and then imports the TypeScript worker.
 */
function workerEntry(): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const target = new URL('./load-worker.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(target)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/** Drives one URL for a fixed time from a worker thread (autocannon, keep-alive, closed loop). */
export function runLoad(opts: LoadOptions): Promise<WorkerReport> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerEntry(), { workerData: opts });
    let report: WorkerReport | null = null;
    const limit = setTimeout(() => void worker.terminate(), (opts.seconds + 60) * 1000);
    worker.once('message', (m: WorkerReport) => (report = m));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      clearTimeout(limit);
      if (report) resolve(report);
      else reject(new Error(`load worker for ${opts.url} exited with code ${code} and no report`));
    });
  });
}

/** Nearest-rank percentile of sorted values. */
function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

/** Combines one or more runs: req/s over the summed time, percentiles over the pooled latencies. */
export function summarise(reports: WorkerReport[]): LoadStats {
  const requests = reports.reduce((s, r) => s + r.ok, 0);
  const seconds = reports.reduce((s, r) => s + r.seconds, 0);
  const pooled = new Float64Array(reports.reduce((s, r) => s + r.latencies.length, 0));
  let at = 0;
  for (const r of reports) {
    pooled.set(r.latencies, at);
    at += r.latencies.length;
  }
  pooled.sort();
  return {
    requests,
    seconds,
    rps: seconds > 0 ? requests / seconds : 0,
    p50: percentile(pooled, 50),
    p95: percentile(pooled, 95),
    p99: percentile(pooled, 99),
    errors: reports.reduce((s, r) => s + r.errors, 0),
    non2xx: reports.reduce((s, r) => s + r.non2xx, 0),
  };
}
