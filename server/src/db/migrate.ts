import { readdir, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db.js';

/** Works from src (tsx) and from dist (the build copies nothing: SQL stays in src). */
export function migrationsDir(): string {
  const here = import.meta.dirname;
  const candidates = [
    path.join(here, 'migrations'),
    path.resolve(here, '..', '..', 'src', 'db', 'migrations'),
  ];
  const found = candidates.find((c) => existsSync(c));
  if (!found) throw new Error(`No migrations folder found (looked in ${candidates.join(', ')})`);
  return found;
}

const LOCK_KEY = 727_253_101;

/**
 * Applies committed, numbered SQL migrations in order, each in its own transaction, recorded in
 * schema_migrations. Several processes starting at once on PostgreSQL serialise on an advisory lock.
 */
export async function migrate(db: Db): Promise<string[]> {
  await db.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at bigint NOT NULL)',
  );
  const files = (await readdir(migrationsDir())).filter((f) => /^\d{4}_.+\.sql$/.test(f)).sort();
  const applied: string[] = [];
  for (const file of files) {
    const sql = await readFile(path.join(migrationsDir(), file), 'utf8');
    const done = await db.transaction(async (tx) => {
      if (db.kind === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [file]);
      if (seen.rows.length) return false;
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query(
        'INSERT INTO schema_migrations (name, applied_at) VALUES ($1, extract(epoch from now())::bigint)',
        [file],
      );
      return true;
    });
    if (done) applied.push(file);
  }
  return applied;
}

/**
 * Splits a migration into statements on semicolons at line ends, keeping $$-quoted function bodies whole.
 * Migrations are ours: this need not parse arbitrary SQL.
 */
export function splitStatements(sql: string): string[] {
  const out: string[] = [];
  let current = '';
  let inDollar = false;
  for (const line of sql.split('\n')) {
    if (/^\s*--/.test(line) && !inDollar) continue;
    current += line + '\n';
    const dollars = line.match(/\$\$/g)?.length ?? 0;
    if (dollars % 2 === 1) inDollar = !inDollar;
    if (!inDollar && /;\s*$/.test(line)) {
      out.push(current.trim());
      current = '';
    }
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
