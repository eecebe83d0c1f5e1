import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgErrorCode, type Db } from './db.js';
import { openPglite } from './pglite.js';

describe('PGlite prepared statements (prepare: true)', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec(`CREATE TABLE t (id bigint PRIMARY KEY, name text NOT NULL, tags text[], doc jsonb)`);
  });
  afterAll(async () => {
    await db.close();
  });

  it('answers as an unprepared statement does, run after run, once PostgreSQL plans it generically', async () => {
    const insert = `INSERT INTO t (id, name, tags, doc) VALUES ($1, $2, $3, $4::jsonb) RETURNING id, name, tags, doc`;
    for (let i = 1; i <= 8; i++) {
      const r = await db.query(insert, [i, `n${i}`, ['a', `b${i}`], JSON.stringify({ i })], {
        prepare: true,
      });
      expect(r).toEqual({ rows: [{ id: i, name: `n${i}`, tags: ['a', `b${i}`], doc: { i } }], rowCount: 1 });
    }
    const sql = 'SELECT id, name FROM t WHERE id = ANY($1::bigint[]) ORDER BY id';
    const prepared = await db.query(sql, [[2, 5, 7]], { prepare: true });
    expect(prepared).toEqual(await db.query(sql, [[2, 5, 7]]));
    expect(prepared.rows).toEqual([
      { id: 2, name: 'n2' },
      { id: 5, name: 'n5' },
      { id: 7, name: 'n7' },
    ]);
    const kept = await db.query<{ name: string; generic_plans: number }>(
      `SELECT name, generic_plans FROM pg_prepared_statements WHERE statement = $1`,
      [insert],
    );
    expect(kept.rows).toHaveLength(1);
    expect(kept.rows[0]!.generic_plans).toBeGreaterThan(0);
    const updated = await db.query(`UPDATE t SET name = name || '!' WHERE id > $1`, [6], { prepare: true });
    expect(updated).toEqual({ rows: [], rowCount: 2 });
  });

  it('fails a statement with its error and code, and the next one runs', async () => {
    const insert = `INSERT INTO t (id, name) VALUES ($1, $2)`;
    const err = await db.query(insert, [1, 'again'], { prepare: true }).catch((e: unknown) => e);
    expect(pgErrorCode(err)).toBe('23505');
    const bad = await db.query('SELECT nope FROM t', [], { prepare: true }).catch((e: unknown) => e);
    expect(pgErrorCode(bad)).toBe('42703');
    await db.query(insert, [100, 'after'], { prepare: true });
    const r = await db.query<{ name: string }>('SELECT name FROM t WHERE id = $1', [100], { prepare: true });
    expect(r.rows).toEqual([{ name: 'after' }]);
  });

  it('runs inside a transaction, which a rollback undoes, and waits outside for it to end', async () => {
    const insert = `INSERT INTO t (id, name) VALUES ($1, $2)`;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const tx = db
      .transaction(async (q) => {
        await q.query(insert, [200, 'in tx'], { prepare: true });
        await held;
        throw new Error('roll back');
      })
      .catch((e: unknown) => e);
    // Sent while the transaction is open: it runs after it, and so sees the rollback.
    const outside = db.query<{ n: number }>('SELECT count(*)::int AS n FROM t WHERE id = $1', [200], {
      prepare: true,
    });
    release();
    expect(await tx).toBeInstanceOf(Error);
    expect((await outside).rows).toEqual([{ n: 0 }]);
    await db.transaction(async (q) => {
      await q.query(insert, [201, 'kept'], { prepare: true });
    });
    const r = await db.query('SELECT name FROM t WHERE id = $1', [201], { prepare: true });
    expect(r.rows).toEqual([{ name: 'kept' }]);
  });
});
