import { describe, expect, it } from 'vitest';
import type { Queryable, QueryOptions } from './db.js';
import { WriteSet } from './write-set.js';

function recorder() {
  const sent: { sql: string; params: unknown[] | undefined; options: QueryOptions | undefined }[] = [];
  const db: Queryable = {
    query: (sql, params, options) => {
      sent.push({ sql, params, options });
      return Promise.resolve({ rows: [], rowCount: 0 });
    },
  };
  return { db, sent };
}

describe('WriteSet', () => {
  it('numbers values and parts in order and sends them as one prepared statement', async () => {
    const w = new WriteSet();
    const site = w.param(7);
    const created = w.add(`INSERT INTO t (a) VALUES (${w.param('x')}) RETURNING id`);
    w.add(`UPDATE u SET t_id = (SELECT id FROM ${created}) WHERE site = ${site}`);
    expect(created).toBe('ws1');
    expect(w.size).toBe(2);
    const { db, sent } = recorder();
    await w.run(db);
    expect(sent).toEqual([
      {
        sql:
          'WITH ws1 AS (INSERT INTO t (a) VALUES ($2) RETURNING id),\n' +
          'ws2 AS (UPDATE u SET t_id = (SELECT id FROM ws1) WHERE site = $1)\nSELECT 1',
        params: [7, 'x'],
        options: { prepare: true },
      },
    ]);
  });

  it('sends nothing when no part was added', async () => {
    const { db, sent } = recorder();
    await new WriteSet().run(db);
    expect(sent).toEqual([]);
  });
});
