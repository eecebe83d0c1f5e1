import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryResult } from './db.js';

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};

function wrap(q: Pick<PGlite, 'query'>): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
  };
}

/** Embedded PostgreSQL (WASM). dataDir null keeps the database in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Db> {
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers,
    extensions: { pg_trgm },
  });
  const outer = wrap(pg);
  return {
    kind: 'pglite',
    queueConnection: { kind: 'pglite', pglite: pg },
    query: outer.query,
    async transaction(fn) {
      return pg.transaction(async (tx) => fn(wrap(tx)));
    },
    async listen(channel, onNotify) {
      // In-process: nothing can be missed, so onLost is never needed.
      return pg.listen(channel, onNotify);
    },
    async exec(sql) {
      await pg.exec(sql);
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
