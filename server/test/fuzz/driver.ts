import type { FastifyInstance } from 'fastify';
import type { IdSource } from './generate.js';
import { type Operation, operationsOf } from './operations.js';
import { Prng } from './prng.js';
import { type FuzzRequest, malformedRequest, validRequest } from './requests.js';

export interface FuzzOptions {
  seed: number;
  valid: number;
  malformed: number;
  /** Bearer headers of the signed-in user every request carries. */
  auth: Record<string, string>;
  /** Ids valid requests must not touch, per path prefix (the fuzzer's own user and role). */
  protectedIds?: Record<string, number[]>;
  /** Which answers to keep as failures (default: 5xx); FUZZ_KEEP=401 shows another status. */
  keep?: (status: number) => boolean;
  /** Called every this many requests with the counts so far (the long run prints progress). */
  progressEvery?: number;
  onProgress?: (counts: FuzzCounts) => void;
}

export interface FuzzFailure {
  status: number;
  method: string;
  url: string;
  mutation: string;
  body: string;
}

export interface FuzzCounts {
  operations: number;
  requests: number;
  valid: number;
  malformed: number;
  byClass: Record<'2xx' | '3xx' | '4xx' | '5xx', number>;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  /** 4xx and 5xx answers whose body is not the error contract's {error: {code, message}}. */
  offContract: FuzzFailure[];
  unhandledRejections: number;
  ms: number;
}

const ID_POOL = 12;

function idSource(op: Operation, rng: Prng, protectedIds: Record<string, number[]>): IdSource {
  const blocked = Object.entries(protectedIds)
    .filter(([prefix]) => op.path.startsWith(prefix))
    .flatMap(([, ids]) => ids);
  const pool = Array.from({ length: ID_POOL }, (_, i) => i + 1).filter((i) => !blocked.includes(i));
  return { id: () => rng.pick(pool) };
}

function isErrorBody(text: string): boolean {
  try {
    const body = JSON.parse(text) as { error?: { code?: unknown; message?: unknown } };
    return typeof body.error?.code === 'string' && typeof body.error.message === 'string';
  } catch {
    return false;
  }
}

function summary(r: FuzzRequest): FuzzFailure {
  const body =
    r.payload === undefined ? '' : Buffer.isBuffer(r.payload) ? r.payload.toString('hex') : r.payload;
  return {
    status: 0,
    method: r.method,
    url: r.url.slice(0, 300),
    mutation: r.mutation,
    body: body.slice(0, 300),
  };
}

/**
 * Sends generated requests for every operation of the app's API document through inject(): one valid
 * request in every (malformed / valid + 1), the rest malformed. Counts answers per status class and
 * keeps the first 5xx answers and any unhandled rejection seen meanwhile.
 */
export async function fuzzApp(app: FastifyInstance, opts: FuzzOptions): Promise<FuzzCounts> {
  const started = performance.now();
  const docRes = await app.inject({ method: 'GET', url: '/api/docs/json', headers: opts.auth });
  if (docRes.statusCode !== 200) throw new Error(`API document: ${docRes.statusCode} ${docRes.body}`);
  const ops = operationsOf(docRes.json());
  const rng = new Prng(opts.seed);
  const total = opts.valid + opts.malformed;
  const counts: FuzzCounts = {
    operations: ops.length,
    requests: 0,
    valid: 0,
    malformed: 0,
    byClass: { '2xx': 0, '3xx': 0, '4xx': 0, '5xx': 0 },
    byStatus: {},
    failures: [],
    offContract: [],
    unhandledRejections: 0,
    ms: 0,
  };
  const onRejection = () => {
    counts.unhandledRejections++;
  };
  process.on('unhandledRejection', onRejection);
  try {
    for (let i = 0; i < total; i++) {
      // Valid requests spread evenly among the malformed ones, so each sees the data the others left.
      const valid = Math.floor(((i + 1) * opts.valid) / total) > Math.floor((i * opts.valid) / total);
      const op = ops[rng.int(0, ops.length - 1)]!;
      const ids = idSource(op, rng, opts.protectedIds ?? {});
      const req = valid ? validRequest(op, rng, ids) : malformedRequest(op, rng, ids);
      const res = await app.inject({
        method: req.method,
        url: req.url,
        headers: { ...opts.auth, ...req.headers },
        ...(req.payload !== undefined ? { payload: req.payload } : {}),
      });
      counts.requests++;
      counts[valid ? 'valid' : 'malformed']++;
      const cls = `${Math.floor(res.statusCode / 100)}xx` as keyof FuzzCounts['byClass'];
      counts.byClass[cls] = (counts.byClass[cls] ?? 0) + 1;
      counts.byStatus[res.statusCode] = (counts.byStatus[res.statusCode] ?? 0) + 1;
      const keep = opts.keep ?? ((status: number) => status >= 500);
      if (keep(res.statusCode) && counts.failures.length < 20) {
        counts.failures.push({ ...summary(req), status: res.statusCode });
      }
      if (res.statusCode >= 400 && !isErrorBody(res.body) && counts.offContract.length < 20) {
        counts.offContract.push({ ...summary(req), status: res.statusCode });
      }
      if (opts.progressEvery && counts.requests % opts.progressEvery === 0) opts.onProgress?.(counts);
    }
    // A rejection surfaces on a later turn of the event loop than the request that caused it.
    await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', onRejection);
    counts.ms = Math.round(performance.now() - started);
  }
  return counts;
}

export function formatCounts(label: string, c: FuzzCounts): string {
  const statuses = Object.entries(c.byStatus)
    .map(([s, n]) => `${s}:${n}`)
    .join(' ');
  return (
    `${label}: ${c.requests} requests (${c.valid} valid, ${c.malformed} malformed) over ${c.operations} ` +
    `operations in ${(c.ms / 1000).toFixed(1)} s; 2xx ${c.byClass['2xx']}, 3xx ${c.byClass['3xx']}, ` +
    `4xx ${c.byClass['4xx']}, 5xx ${c.byClass['5xx']}; unhandled rejections ${c.unhandledRejections}; ` +
    `error bodies off the contract ${c.offContract.length}; ` +
    `by status ${statuses}`
  );
}
