import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { createDeps, embeddedDir, resolveKeys } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { sourceExecArgv } from './core/thread-pool.js';
import { lockDataDir } from './db/lock.js';
import { migrate } from './db/migrate.js';
import { openPglite } from './db/pglite.js';
import { seedIfEmpty, type SeedResult } from './seed/index.js';

/*
 * The embedded database's first run, apart. Creating, migrating and seeding a new data folder (the demo
 * portfolio) touches tens of megabytes of PGlite's WebAssembly heap, which never shrinks: done in the
 * server's own process, they stay resident for its whole life (about 270 MB at rest instead of about 230).
 * So when the data folder holds no database yet, the server forks this file, which does that work and
 * exits, and then opens the prepared database itself. docs/performance.md has the figures.
 */

/** Whether the server should prepare its database apart: embedded, and the data folder holds none yet. */
export const needsFirstRunApart = (config: Config) =>
  !config.databaseUrl && !existsSync(path.join(embeddedDir(config), 'PG_VERSION'));

interface Done {
  seeded: SeedResult | null;
}

const isDone = (m: unknown): m is Done => typeof m === 'object' && m !== null && 'seeded' in m;

/**
 * Runs the first run in a child process (this file, with the server's Node flags and loaders) while this
 * process holds the data folder's lock, and answers what the seed created (the admin to sign in as).
 * The child's warnings and errors go to this process's stderr; its failure is this one's.
 */
export async function firstRunApart(config: Config): Promise<SeedResult | null> {
  const unlock = lockDataDir(config.dataDir);
  try {
    const self = fileURLToPath(import.meta.url);
    const child = fork(self, [], {
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
      execArgv: sourceExecArgv(self) ?? process.execArgv,
    });
    let done: Done | null = null;
    child.on('message', (m) => {
      if (isDone(m)) done = m;
    });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('exit', (c, signal) => resolve(signal ? null : c));
    });
    if (code !== 0 || !done)
      throw new Error(`Preparing the embedded database failed (exit ${code ?? 'by signal'})`);
    return (done as Done).seeded;
  } finally {
    unlock();
  }
}

/** The child: create and migrate the database, seed it, close it; the parent holds the lock meanwhile. */
async function main(): Promise<void> {
  const config = loadConfig();
  const db = await openPglite(embeddedDir(config));
  try {
    const keys = resolveKeys(config, (m) => console.warn(`warning: ${m}`));
    await migrate(db);
    const deps = createDeps(config, db, keys);
    // As the server does before it seeds: the app's start-up records the routes' permissions, which the
    // seeded roles are granted.
    const { app } = await buildApp(deps, { logger: false });
    await app.ready();
    const seeded = await seedIfEmpty(db, config, deps.engine);
    await app.close();
    await new Promise<void>((resolve, reject) =>
      process.send!({ seeded } satisfies Done, (err: Error | null) => (err ? reject(err) : resolve())),
    );
  } finally {
    await db.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url) && process.send) {
  main().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
