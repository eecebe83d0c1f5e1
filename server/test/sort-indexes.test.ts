import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResourceModel } from '../src/core/resource.js';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

/** A relation's btree indexes (partial ones never serve a whole list), as their leading column names. */
async function indexColumns(t: TestApp): Promise<Map<string, Array<Array<string | null>>>> {
  const r = await t.db.query<{ table: string; columns: Array<string | null> }>(
    `SELECT c.relname AS table,
            array(SELECT a.attname::text FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(attnum, n)
                    LEFT JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
                   ORDER BY k.n) AS columns
       FROM pg_index i
       JOIN pg_class c ON c.oid = i.indrelid
       JOIN pg_class x ON x.oid = i.indexrelid
       JOIN pg_am am ON am.oid = x.relam
      WHERE am.amname = 'btree' AND i.indpred IS NULL AND c.relnamespace = 'public'::regnamespace`,
  );
  const out = new Map<string, Array<Array<string | null>>>();
  for (const row of r.rows) out.set(row.table, [...(out.get(row.table) ?? []), row.columns]);
  return out;
}

/**
 * Where a relation's columns are stored: a table's are its own; a view that only renames columns of one
 * table (`SELECT at AS created_at … FROM audit_log`) points at that table's.
 */
async function storage(
  t: TestApp,
  relation: string,
): Promise<{ table: string; column: (c: string) => string }> {
  const r = await t.db.query<{ kind: string; def: string | null }>(
    `SELECT c.relkind::text AS kind, CASE WHEN c.relkind = 'v' THEN pg_get_viewdef(c.oid) END AS def
       FROM pg_class c WHERE c.oid = to_regclass($1)`,
    [relation],
  );
  const row = r.rows[0];
  if (!row) throw new Error(`${relation} does not exist`);
  if (row.kind !== 'v') return { table: relation, column: (c) => c };
  const match = /^\s*SELECT\s+([\s\S]+?)\s+FROM\s+(\w+)\s*;?\s*$/i.exec(row.def ?? '');
  if (!match) throw new Error(`view ${relation} is not a plain projection of one table: ${row.def}`);
  const renamed = new Map<string, string>();
  for (const item of match[1]!.split(',')) {
    const m = /^\s*(?:\w+\.)?(\w+)(?:\s+AS\s+(\w+))?\s*$/i.exec(item);
    if (m) renamed.set(m[2] ?? m[1]!, m[1]!);
  }
  return { table: match[2]!, column: (c) => renamed.get(c) ?? c };
}

/** The stored columns a resource's lists sort by: every sortable field but the computed ones. */
function sortedColumns(model: ResourceModel): string[] {
  return [...model.sortable].filter((c) => !model.computed[c]);
}

describe.each(DATABASES)('an index for every declared sort (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exists for every sortable stored column of every resource, led by its scope columns', async () => {
    const indexes = await indexColumns(t);
    const missing = new Set<string>();
    const models = [...t.deps.engine.models.values()];
    expect(models.length).toBeGreaterThan(10);
    for (const model of models) {
      const { table, column } = await storage(t, model.table);
      const scope = Object.keys(model.source.scope ?? {});
      for (const sorted of sortedColumns(model)) {
        const lead = [...scope, column(sorted)];
        const found = (indexes.get(table) ?? []).some((cols) => lead.every((c, i) => cols[i] === c));
        if (!found) {
          const key = [...lead, ...(lead.at(-1) === 'id' ? [] : ['id'])];
          missing.add(
            `CREATE INDEX IF NOT EXISTS ${table}_${lead.join('_')}_sort_idx ON ${table} (${key.join(', ')});`,
          );
        }
      }
    }
    // A new resource's sortable field needs its index in a migration; the message lists the statements.
    expect([...missing].sort().join('\n')).toBe('');
  });
});
