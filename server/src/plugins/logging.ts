import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';

/** A SQLSTATE-carrying error of PGlite or node-postgres. */
export interface DatabaseErrorLike {
  code: string;
  severity: string;
  message: string;
}

export function isDatabaseError(err: unknown): err is DatabaseErrorLike {
  return (
    err instanceof Error &&
    'severity' in err &&
    typeof err.severity === 'string' &&
    'code' in err &&
    typeof err.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(err.code)
  );
}

/** PostgreSQL quotes the offending value in its messages ("invalid input syntax for type integer: "x""). */
function withoutQuotedValues(text: string): string {
  return text.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'(?:[^'\\]|\\.)*'/g, "'…'");
}

interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * The log form of an error. Database errors lose what can carry request values: PGlite's query,
 * params and options, the server's detail, where (it quotes bound parameters) and quoted values in the
 * message. SQL text is logged separately, at debug level only (statementOf).
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (!(err instanceof Error)) return { type: typeof err, message: String(err), stack: '' };
  const out: SerializedError = { type: err.constructor.name, message: err.message, stack: err.stack ?? '' };
  if (isDatabaseError(err)) {
    // PGlite's error class has a minified name.
    out.type = 'DatabaseError';
    out.code = err.code;
    out.severity = err.severity;
    out.message = withoutQuotedValues(err.message);
    out.stack = withoutQuotedValues(out.stack);
    for (const key of ['table', 'column', 'constraint', 'routine'] as const) {
      const value: unknown = Reflect.get(err, key);
      if (typeof value === 'string') out[key] = value;
    }
  } else {
    const { code, statusCode } = err as { code?: unknown; statusCode?: unknown };
    if (typeof code === 'string') out.code = code;
    if (typeof statusCode === 'number') out.statusCode = statusCode;
  }
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** The statement of a failed query, without its parameters (PGlite attaches it to its errors). */
export function statementOf(err: unknown): string | undefined {
  if (!err || typeof err !== 'object' || !('query' in err) || typeof err.query !== 'string') return undefined;
  return err.query.replace(/\s+/g, ' ').trim();
}

interface RequestLike {
  method?: string;
  url?: string;
  routeOptions?: { url?: string };
}

/** A request in a log line: its method and route pattern, never its query string or path values. */
export function serializeRequest(req: RequestLike): { method?: string; route: string } {
  return { method: req.method, route: req.routeOptions?.url ?? '(no route)' };
}

function line(request: FastifyRequest, reply: FastifyReply) {
  return {
    method: request.method,
    route: request.routeOptions.url ?? '(no route)',
    status: reply.statusCode,
    ms: round(reply.elapsedTime),
  };
}

/** How often the request summary is written, and the time from which a request is logged on its own. */
const SUMMARY_MS = 10_000;
const SLOW_MS = 1_000;
/** Times kept per summary line for its percentiles (a reservoir sample past that). */
const SAMPLES = 1_000;

/** The requests of one method, route and status since the last summary. */
interface Tally {
  method: string;
  route: string;
  status: number;
  count: number;
  max: number;
  times: number[];
}

const round = (ms: number) => Math.round(ms * 10) / 10;

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60 };
/** Whether the logger writes lines of this level (silent: none). */
const enabled = (log: FastifyBaseLogger, level: 'debug' | 'info') =>
  (LEVELS[log.level] ?? Infinity) <= LEVELS[level]!;

/**
 * Request logging that costs little at `info`: each request is counted under its method, route pattern and
 * status, and every 10 s one `requests` line per such key gives the count and the p50, p95 and longest
 * time. A request that failed (error line), took a second or more (`slow request`) or answered no route is
 * logged on its own. At `debug` every request gets its own `request` line. Lines never carry a query string,
 * path values or a body. flush() writes what is counted (the app calls it when it closes).
 */
export class RouteLogController extends LogController {
  private readonly tallies = new Map<string, Tally>();
  private timer: NodeJS.Timeout | null = null;
  private log: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    if (error) return reply.log.error({ ...line(request, reply), err: error }, 'request errored');
    if (enabled(reply.log, 'debug')) return reply.log.info(line(request, reply), 'request');
    if (!enabled(reply.log, 'info')) return;
    const ms = reply.elapsedTime;
    if (ms >= SLOW_MS) reply.log.info(line(request, reply), 'slow request');
    this.count(
      request.server.log,
      request.method,
      request.routeOptions.url ?? '(no route)',
      reply.statusCode,
      ms,
    );
  }

  override routeNotFound(request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    reply.log.info(line(request, reply), 'no such route');
  }

  private count(log: FastifyBaseLogger, method: string, route: string, status: number, ms: number): void {
    this.log = log;
    const key = `${method} ${status} ${route}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { method, route, status, count: 0, max: 0, times: [] };
      this.tallies.set(key, tally);
    }
    tally.count++;
    if (ms > tally.max) tally.max = ms;
    if (tally.times.length < SAMPLES) tally.times.push(ms);
    else {
      const at = Math.floor(Math.random() * tally.count);
      if (at < SAMPLES) tally.times[at] = ms;
    }
    if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), SUMMARY_MS);
      this.timer.unref();
    }
  }

  /** Writes a `requests` line per method, route and status counted since the last one. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const log = this.log;
    if (!log) return;
    for (const t of this.tallies.values()) {
      const times = t.times.sort((a, b) => a - b);
      const at = (q: number) => round(times[Math.min(times.length - 1, Math.floor(times.length * q))] ?? 0);
      log.info(
        {
          method: t.method,
          route: t.route,
          status: t.status,
          count: t.count,
          p50: at(0.5),
          p95: at(0.95),
          max: round(t.max),
        },
        'requests',
      );
    }
    this.tallies.clear();
  }
}

/** pino tells a stream that carries this symbol the level of each line just before writing it. */
const PINO_METADATA: unique symbol = Symbol.for('pino.metadata');
/** pino's numeric level of `error`: such lines (and fatal ones) are written out at once. */
const ERROR_LEVEL = 50;
const BATCH_BYTES = 16 * 1024;
const BATCH_MS = 200;

/**
 * A log destination that writes lines in batches: when 16 kB are waiting, 200 ms after the first waiting
 * line, at once for an error line, and at exit. One write per request line cost the server more than
 * building the line.
 */
export class BatchedLines {
  readonly [PINO_METADATA] = true;
  /** Set by pino before each write. */
  lastLevel = 0;
  private pending = '';
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly out: { write(chunk: string): unknown }) {}

  write(line: string): void {
    this.pending += line;
    if (this.lastLevel >= ERROR_LEVEL || this.pending.length >= BATCH_BYTES) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), BATCH_MS);
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.pending) return;
    const chunk = this.pending;
    this.pending = '';
    this.out.write(chunk);
  }
}

let stdoutLines: BatchedLines | null = null;

/** The process's one batched standard output, flushed when the process exits. */
function stdoutDestination(): BatchedLines {
  if (!stdoutLines) {
    const lines = new BatchedLines(process.stdout);
    process.once('exit', () => lines.flush());
    stdoutLines = lines;
  }
  return stdoutLines;
}

/**
 * The logger options of the app: request lines and errors without request values, secrets redacted,
 * written to standard output in batches (a caller's own `stream` replaces it).
 */
export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.body.password'],
    serializers: { req: serializeRequest, err: serializeError },
    stream: stdoutDestination(),
  };
}
