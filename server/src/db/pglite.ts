import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Queryable, QueryOptions, QueryResult } from './db.js';
import { initdbApart } from './pglite-initdb.js';
import { PglitePrepared } from './pglite-prepared.js';
import { vacuumWhereDue } from './pglite-vacuum.js';

/** How often the embedded database looks for tables to vacuum (autovacuum's own nap is a minute). */
const VACUUM_EVERY_MS = 30_000;

/**
 * Server settings of the embedded database. PGlite keeps PostgreSQL's defaults (shared_buffers 128 MB,
 * maintenance_work_mem 64 MB), and its WASM heap grows to hold them and never shrinks: 128 MB of buffers
 * alone are most of the embedded server's resident memory. The data files sit in the operating system's
 * page cache anyway, so a buffer miss costs a copy, not a disk read. docs/performance.md has the figures.
 */
export const EMBEDDED_SETTINGS: Readonly<Record<string, string>> = {
  shared_buffers: '16MB',
  // Index builds (CREATE INDEX in migrations, the trigram indexes) sort within this, then spill to files.
  maintenance_work_mem: '8MB',
  temp_buffers: '2MB',
  wal_buffers: '1MB',
  // Without a checkpointer process, finished WAL segments (16 MB each) pile up to max_wal_size (1 GB)
  // before a checkpoint recycles them; in memory (tests, benches) each one is resident.
  min_wal_size: '32MB',
  max_wal_size: '64MB',
};

const parsers = {
  [types.INT8]: (v: string) => Number(v),
  [types.NUMERIC]: (v: string) => Number(v),
};

/** A handle that runs `prepare: true` texts through `prepared` (kept parsed) and the rest through q. */
function wrap(
  q: Pick<PGlite, 'query'>,
  prepared?: (sql: string, params: unknown[]) => ReturnType<PglitePrepared['outside']>,
  accepts?: (sql: string) => boolean,
): Queryable {
  return {
    async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
      const r =
        options?.prepare && prepared && accepts?.(sql)
          ? await prepared(sql, params ?? [])
          : await q.query<T>(sql, params);
      return { rows: r.rows as T[], rowCount: r.affectedRows ?? r.rows.length };
    },
  };
}

/** Embedded PostgreSQL (WASM). dataDir null keeps the database in memory (tests). */
export async function openPglite(dataDir: string | null): Promise<Db> {
  const startParams = [
    ...PGlite.defaultStartParams,
    ...Object.entries(EMBEDDED_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ];
  if (dataDir) await initdbApart(dataDir, startParams);
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers,
    extensions: { pg_trgm },
    startParams,
  });
  // A new WAL segment is otherwise zero-filled in full (16 MB) by whichever commit crosses into it, which
  // on PGlite is a request waiting on it; the file system already reads unwritten bytes as zeros.
  await pg.exec('SET wal_init_zero = off');
  const prepared = new PglitePrepared(pg);
  const accepts = (sql: string) => prepared.accepts(sql);
  const outer = wrap(pg, (sql, params) => prepared.outside(sql, params), accepts);
  const exec = async (sql: string) => {
    await pg.exec(sql);
  };
  let vacuuming: Promise<unknown> = Promise.resolve();
  const vacuumTimer = setInterval(() => {
    vacuuming = vacuumWhereDue({ query: outer.query, exec }).catch((err: unknown) => {
      if (!pg.closed) process.emitWarning(`Embedded database vacuum failed: ${String(err)}`);
    });
  }, VACUUM_EVERY_MS);
  vacuumTimer.unref();
  return {
    kind: 'pglite',
    queueConnection: { kind: 'pglite', pglite: pg },
    query: outer.query,
    async transaction(fn) {
      return pg.transaction(async (tx) =>
        fn(wrap(tx, (sql, params) => prepared.inside(sql, params), accepts)),
      );
    },
    async listen(channel, onNotify) {
      // In-process: nothing can be missed, so onLost is never needed.
      return pg.listen(channel, onNotify);
    },
    exec,
    async close() {
      clearInterval(vacuumTimer);
      await vacuuming;
      if (!pg.closed) await pg.close();
    },
  };
}
