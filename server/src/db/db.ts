import type { PGlite } from '@electric-sql/pglite';

/** What the job queue (pg-boss) connects through: the embedded instance itself, or its own pool on the URL. */
export type QueueConnection =
  { kind: 'pglite'; pglite: PGlite } | { kind: 'postgres'; url: string; applicationName: string };

/** The one database interface the server uses: parameterised SQL on PGlite (embedded) or PostgreSQL. */
export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Keep the statement parsed on the connection (a named prepared statement, on PostgreSQL and on PGlite:
   * pglite-prepared.ts), for a statement run over and over with the same text (a fleet's per-site writes):
   * later runs skip parsing and, once PostgreSQL settles on a generic plan, planning. Only for texts of a
   * bounded set, as each stays prepared on every connection that ran it.
   */
  prepare?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<T>>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  readonly queueConnection: QueueConnection;
  /** Runs fn in one transaction; use only the tx handle inside (on PGlite the outer handle would wait). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel. onLost is called when notifications may have been missed (a dropped
   * connection); the subscription is re-established by itself. Resolves to an unsubscribe function.
   */
  listen(
    channel: string,
    onNotify: (payload: string) => void,
    onLost: () => void,
  ): Promise<() => Promise<void>>;
  /** Runs a script of several statements (migrations). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL error codes the engine maps to client errors. */
export const PG = {
  uniqueViolation: '23505',
  foreignKeyViolation: '23503',
  notNullViolation: '23502',
  checkViolation: '23514',
  invalidTextRepresentation: '22P02',
  numericOutOfRange: '22003',
} as const;

export function pgErrorCode(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'code' in err && typeof err.code === 'string') return err.code;
  return undefined;
}

/** SQLSTATEs of a connection lost or refused: the database restarting, shutting down or out of connections. */
const CONNECTION_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
const SOCKET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);
/** What pg says, without a code, when its socket closed or it gave up connecting. */
const LOST_MESSAGE =
  /Connection terminated|connection error and is not queryable|Client was closed|timeout exceeded when trying to connect/i;

/**
 * Whether an error means the database could not be reached (a restart, a failover, a dropped socket),
 * rather than that the statement was wrong: the request may be retried as it is.
 */
export function isConnectionError(err: unknown): boolean {
  const code = pgErrorCode(err);
  if (code && (code.startsWith('08') || CONNECTION_STATES.has(code) || SOCKET_CODES.has(code))) return true;
  return err instanceof Error && LOST_MESSAGE.test(err.message);
}

export function pgConstraint(err: unknown): string | undefined {
  if (err && typeof err === 'object' && 'constraint' in err && typeof err.constraint === 'string') {
    return err.constraint;
  }
  // PGlite reports the constraint in the detail/message only in some versions.
  if (err instanceof Error) return /constraint "([^"]+)"/.exec(err.message)?.[1];
  return undefined;
}
