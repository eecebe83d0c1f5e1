import { createHash } from 'node:crypto';
import pg from 'pg';
import { AppError, databaseUnavailable } from '../core/errors.js';
import { isConnectionError, type Db, type Queryable, type QueryOptions } from './db.js';

/** pg's own text parser for an OID its typings do not list (array types). */
const builtinParser = (oid: number) =>
  (pg.types.getTypeParser as (oid: number) => (v: string) => unknown)(oid);

const typeParsers: Record<number, (v: string) => unknown> = {
  20: (v) => Number(v), // int8
  1700: (v) => Number(v), // numeric
  1016: (v) => (builtinParser(1016)(v) as Array<string | null>).map((x) => (x === null ? null : Number(x))), // int8[]
  1231: (v) => (builtinParser(1231)(v) as Array<string | null>).map((x) => (x === null ? null : Number(x))), // numeric[]
};

const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    return typeParsers[oid] ?? pg.types.getTypeParser(oid, format);
  },
};

/** A lost or refused connection becomes the typed 503 (the request may be retried); anything else is kept. */
function unavailableIfLost(err: unknown): unknown {
  return isConnectionError(err) ? databaseUnavailable(err) : err;
}

/** The name a prepared statement goes by: the same text, the same name, on every connection. */
const preparedNames = new Map<string, string>();
function preparedName(sql: string): string {
  let name = preparedNames.get(sql);
  if (!name) {
    name = `sf_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    if (preparedNames.size < 1000) preparedNames.set(sql, name);
  }
  return name;
}

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions) {
      try {
        const name = options?.prepare ? { name: preparedName(sql) } : {};
        const r = await c.query({ text: sql, values: params, types, ...name } as pg.QueryConfig);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
      } catch (err) {
        throw unavailableIfLost(err);
      }
    },
  };
}

/**
 * LISTEN on a dedicated connection. When it drops, onLost runs (callers drop what they cached) and the
 * connection is re-made with a growing delay.
 */
async function listenWithReconnect(
  url: string,
  applicationName: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url, application_name: applicationName });
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify(n.payload ?? '');
    });
    c.on('error', () => undefined);
    c.on('end', () => {
      if (stopped) return;
      onLost();
      setTimeout(() => void retry(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    });
    await c.connect();
    await c.query(`LISTEN ${channel.replace(/[^a-z_]/g, '')}`);
    client = c;
    delay = 250;
  };
  const retry = async () => {
    if (stopped) return;
    try {
      await connect();
    } catch {
      onLost();
      setTimeout(() => void retry(), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    }
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end().catch(() => undefined);
  };
}

/**
 * A pool on PostgreSQL. `name` is the connections' application_name (`sitefleet-api`, `sitefleet-worker`…),
 * so pg_stat_activity tells the processes apart; the job queue's own pool is `<name>-queue`.
 */
export async function openPostgres(url: string, max = 10, name = 'sitefleet'): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: name,
    // A database that cannot be reached fails the request (503) instead of holding it open.
    connectionTimeoutMillis: 10_000,
  });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  const outer = wrap(pool);
  await outer.query('SELECT 1');
  return {
    kind: 'postgres',
    queueConnection: { kind: 'postgres', url, applicationName: `${name}-queue` },
    query: outer.query,
    async transaction(fn) {
      const client = await pool.connect().catch((err: unknown) => {
        throw unavailableIfLost(err);
      });
      // pg-pool takes its idle 'error' listener off a client while it is checked out, and pg emits 'error'
      // on it when the backend dies (a database restart): unheard, that ends the process. The transaction
      // is lost either way; the statement in flight fails with the same error, and the client is discarded.
      let lost: Error | null = null;
      const onError = (err: Error) => {
        lost ??= err;
      };
      client.on('error', onError);
      try {
        await wrap(client).query('BEGIN');
        const result = await fn(wrap(client));
        await wrap(client).query('COMMIT');
        return result;
      } catch (err) {
        if (!lost) {
          await client.query('ROLLBACK').catch((rollbackErr: unknown) => {
            lost ??= rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
          });
        }
        throw lost && !(err instanceof AppError) ? databaseUnavailable(lost) : err;
      } finally {
        client.removeListener('error', onError);
        client.release(lost ?? undefined);
      }
    },
    listen: (channel, onNotify, onLost) => listenWithReconnect(url, name, channel, onNotify, onLost),
    async exec(sql) {
      await pool.query(sql).catch((err: unknown) => {
        throw unavailableIfLost(err);
      });
    },
    async close() {
      await pool.end();
    },
  };
}
