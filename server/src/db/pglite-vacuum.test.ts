import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { openPglite } from './pglite.js';
import { vacuumWhereDue } from './pglite-vacuum.js';

interface Stats {
  n_live_tup: number;
  n_dead_tup: number;
  vacuum_count: number;
}

async function stats(db: Db, table: string): Promise<Stats> {
  // Statistics reach the shared view when a transaction ends; force the next one to publish them.
  await db.query('SELECT pg_stat_force_next_flush()');
  await db.query('SELECT 1');
  const r = await db.query<Stats>(
    'SELECT n_live_tup, n_dead_tup, vacuum_count FROM pg_stat_all_tables WHERE relid = $1::regclass',
    [table],
  );
  return r.rows[0]!;
}

describe('the embedded database vacuums itself', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`CREATE TABLE churn (id int PRIMARY KEY, v int NOT NULL);
      CREATE TABLE quiet (id int PRIMARY KEY, v int NOT NULL);
      INSERT INTO churn SELECT g, 0 FROM generate_series(1, 1000) g;
      INSERT INTO quiet SELECT g, 0 FROM generate_series(1, 1000) g;`);
    await stats(db, 'quiet');
    expect(await vacuumWhereDue(db)).toEqual(expect.arrayContaining(['public.churn', 'public.quiet']));
  });
  afterAll(() => db.close());

  it('has no autovacuum of its own: dead rows stay', async () => {
    for (let i = 0; i < 3; i++) await db.query('UPDATE churn SET v = v + 1');
    await db.query('UPDATE quiet SET v = v + 1 WHERE id <= 10');
    const s = await stats(db, 'churn');
    expect(s.n_dead_tup).toBeGreaterThanOrEqual(2000);
    expect(s.vacuum_count).toBe(0);
  });

  it('vacuums the tables past the thresholds, and only those', async () => {
    const done = await vacuumWhereDue(db);
    expect(done).toContain('public.churn');
    expect(done).not.toContain('public.quiet');
    const churn = await stats(db, 'churn');
    expect(churn.n_dead_tup).toBe(0);
    expect(churn.vacuum_count).toBe(1);
    expect((await stats(db, 'quiet')).vacuum_count).toBe(0);
    await stats(db, 'churn');
    expect(await vacuumWhereDue(db)).not.toContain('public.churn');
  });
});
