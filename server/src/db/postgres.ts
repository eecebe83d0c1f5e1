import pg from 'pg';
import type { Db, Queryable } from './db.js';

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

function wrap(c: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]) {
      const r = await c.query({ text: sql, values: params, types } as pg.QueryConfig);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
  };
}

/**
 * LISTEN on a dedicated connection. When it drops, onLost runs (callers drop what they cached) and the
 * connection is re-made with a growing delay.
 */
async function listenWithReconnect(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let delay = 250;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
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

export async function openPostgres(url: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString: url, max });
  // A dropped idle connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => undefined);
  const outer = wrap(pool);
  await outer.query('SELECT 1');
  return {
    kind: 'postgres',
    queueConnection: { kind: 'postgres', url },
    query: outer.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotify, onLost) => listenWithReconnect(url, channel, onNotify, onLost),
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
