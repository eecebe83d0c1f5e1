import { buildApp } from './app.js';
import { createDeps, openDatabase, resolveKeys } from './bootstrap.js';
import { loadConfig } from './config.js';
import { DataDirLockedError } from './db/lock.js';
import { firstRunApart, needsFirstRunApart } from './first-run.js';
import { migrate } from './db/migrate.js';
import { seedIfEmpty } from './seed/index.js';
import { startWorker } from './worker.js';

async function main(): Promise<void> {
  const config = loadConfig();
  let opened;
  let firstRun = null;
  try {
    // a new embedded database is created, migrated and seeded by a short-lived child (first-run.ts)
    if (needsFirstRunApart(config)) firstRun = await firstRunApart(config);
    opened = await openDatabase(config);
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  const { db, release } = opened;
  const keys = resolveKeys(config, (m) => console.warn(`warning: ${m}`));
  const applied = await migrate(db);
  const deps = createDeps(config, db, keys);
  const { app } = await buildApp(deps);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  await app.ready();
  const seeded = firstRun ?? (await seedIfEmpty(db, config, deps.engine));

  const stopWorker = config.role === 'api' ? null : await startWorker(deps, app.log);

  // Signal handlers go in before the process says it is listening, so a stop that follows at once is graceful.
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await stopWorker?.();
      await app.close(); // in-flight requests finish first
      await release();
      process.exit(0);
    } catch (err) {
      console.error(err);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  if (config.role !== 'worker') {
    await app.listen({ port: config.port, host: config.host });
  }
  const where = `http://localhost:${config.port}`;
  console.log(
    config.role === 'worker'
      ? `Sitefleet worker running (${db.kind})`
      : `Sitefleet listening on ${where} (${db.kind}${db.kind === 'pglite' ? ` in ${config.dataDir}` : ''})`,
  );
  if (seeded) {
    console.log(`First run: sign in as ${seeded.adminEmail}`);
    if (seeded.generatedPassword) {
      console.log(
        `Generated admin password (shown once, change it after signing in): ${seeded.generatedPassword}`,
      );
    }
  }

  process.on('unhandledRejection', (reason) => {
    app.log.error({ err: reason }, 'unhandled rejection');
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof Error && err.stack && process.env.LOG_LEVEL === 'debug') console.error(err.stack);
  process.exit(1);
});
