import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../src/db/db.js';
import { openPglite } from '../src/db/pglite.js';
import { openPostgres } from '../src/db/postgres.js';

export type DbKind = 'pglite' | 'postgres';

export interface BenchDb {
  kind: DbKind;
  db: Db;
  /** Where the data lives, without credentials. */
  where: string;
  close: () => Promise<void>;
}

const DEFAULT_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** The PostgreSQL server to use and whether the user named it (then failing to reach it is an error). */
export function postgresServer(env: NodeJS.ProcessEnv): { url: string; explicit: boolean } {
  const url = env.BENCH_DATABASE_URL || env.TEST_DATABASE_URL;
  return url ? { url, explicit: true } : { url: DEFAULT_POSTGRES_URL, explicit: false };
}

function redact(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}`;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** In-memory PGlite (WASM, in this process). */
export async function openBenchPglite(): Promise<BenchDb> {
  const db = await openPglite(null);
  return { kind: 'pglite', db, where: 'in-memory', close: () => db.close() };
}

/** Creates a scratch database sf_bench_<random> on the server: its URL, and drop() to remove it again. */
export async function createScratchDatabase(
  serverUrl: string,
): Promise<{ url: URL; drop: () => Promise<void> }> {
  const name = `sf_bench_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A scratch database sf_bench_<random> on the server, dropped again by close(); the server's pool size. */
export async function openBenchPostgres(serverUrl: string): Promise<BenchDb> {
  const { url, drop } = await createScratchDatabase(serverUrl);
  let db: Db;
  try {
    db = await openPostgres(url.toString());
  } catch (err) {
    await drop();
    throw err;
  }
  return {
    kind: 'postgres',
    db,
    where: redact(url),
    close: async () => {
      await db.close();
      await drop();
    },
  };
}

/** True when a PostgreSQL server answers at the URL (used to skip PostgreSQL quietly by default). */
export async function reachable(serverUrl: string): Promise<boolean> {
  try {
    await adminQuery(serverUrl, 'SELECT 1');
    return true;
  } catch {
    return false;
  }
}

/** PGlite always opens; PostgreSQL answers why it was skipped when no server answers and none was named. */
export async function openBenchDb(kind: DbKind): Promise<BenchDb | string> {
  if (kind === 'pglite') return openBenchPglite();
  const server = await benchPostgresUrl();
  return 'skipped' in server ? server.skipped : openBenchPostgres(server.url);
}

/** The PostgreSQL server URL to use, or why PostgreSQL is skipped (for benches that open their own). */
export async function benchPostgresUrl(): Promise<{ url: string } | { skipped: string }> {
  const server = postgresServer(process.env);
  if (!server.explicit && !(await reachable(server.url))) {
    return { skipped: 'no PostgreSQL server at 127.0.0.1:5432; set BENCH_DATABASE_URL or TEST_DATABASE_URL' };
  }
  return { url: server.url };
}
