/**
 * The bulk statements of a CSV import. Direct SQL: a file of thousands of rows is looked up and written a
 * thousand rows a statement (one JSON or array parameter), where the engine's create writes one record a
 * statement. The values written come from the engine (`createValues`), so the create's schema, hooks,
 * sealing and reference checks still hold for every row.
 */
import type { FieldSpec } from '@sitefleet/shared';
import type { Queryable } from '../db/db.js';
import type { ResourceModel, Row } from './resource.js';
import { ident, rawSql, sql, type SqlFragment } from './sql.js';

const ROWS_PER_STATEMENT = 1000;

/** A natural key as a map key: its values as text, null kept apart from ''. */
export const keyString = (values: readonly unknown[]): string =>
  JSON.stringify(values.map((v) => (v === null || v === undefined ? null : String(v))));

function sqlType(f: FieldSpec): string {
  switch (f.kind) {
    case 'integer':
    case 'reference':
    case 'timestamp':
      return 'bigint';
    case 'boolean':
      return 'boolean';
    case 'enum':
      return typeof f.values?.[0] === 'number' ? 'bigint' : 'text';
    default:
      return 'text';
  }
}

/**
 * The ids of stored records with these natural keys: one typed array a key field, joined to the table, so
 * each key is one probe of the index on its first field (a required field matches with `=`, an optional one
 * matches null to null). For the domains, whose key is the unique name, this is one probe of the unique
 * index per name even when the table's statistics predate a big import.
 */
export function existingRecordsSql(model: ResourceModel, key: readonly string[]): string {
  const x = key.map((_, i) => `k${i}`);
  const arrays = key.map((k, i) => `$${i + 1}::${sqlType(model.fields[k]!)}[]`);
  const scope = Object.keys(model.source.scope ?? {});
  const on = [
    ...key.map((k, i) =>
      model.fields[k]!.required ? `t.${ident(k)} = x.k${i}` : `t.${ident(k)} IS NOT DISTINCT FROM x.k${i}`,
    ),
    ...scope.map((c, i) => `t.${ident(c)} = $${key.length + i + 1}`),
  ];
  return `SELECT t.id, ${key.map((k, i) => `t.${ident(k)} AS k${i}`).join(', ')}
    FROM unnest(${arrays.join(', ')}) AS x(${x.join(', ')}) JOIN ${ident(model.table)} t ON ${on.join(' AND ')}`;
}

/** The stored records with these keys (each a list of the key fields' values): their ids by key string. */
export async function existingRecords(
  tx: Queryable,
  model: ResourceModel,
  key: readonly string[],
  keys: ReadonlyArray<readonly unknown[]>,
): Promise<Map<string, number>> {
  const found = new Map<string, number>();
  const text = existingRecordsSql(model, key);
  for (let i = 0; i < keys.length; i += ROWS_PER_STATEMENT) {
    const chunk = keys.slice(i, i + ROWS_PER_STATEMENT);
    const arrays = key.map((_, k) => chunk.map((values) => values[k] ?? null));
    const r = await tx.query<Row>(text, [...arrays, ...Object.values(model.source.scope ?? {})]);
    for (const row of r.rows) found.set(keyString(key.map((_, k) => row[`k${k}`])), Number(row.id));
  }
  return found;
}

async function columnTypes(tx: Queryable, table: string): Promise<Map<string, string>> {
  const r = await tx.query<{ name: string; type: string }>(
    `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
    [table],
  );
  return new Map(r.rows.map((c) => [c.name, c.type]));
}

/** Rows grouped by the columns they set, so a column a row leaves out keeps the table's default. */
function byColumns(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const cols = Object.keys(r).sort().join(',');
    const group = groups.get(cols);
    if (group) group.push(r);
    else groups.set(cols, [r]);
  }
  return [...groups.values()];
}

/**
 * Inserts records given as the column values the engine prepared for their creates; a row a unique index
 * already holds (a create made while the file was read) is skipped rather than refused. Answers the ids of
 * the rows inserted, by key string.
 */
export async function insertRecords(
  tx: Queryable,
  model: ResourceModel,
  rows: Row[],
  key: readonly string[],
): Promise<Map<string, number>> {
  const inserted = new Map<string, number>();
  if (!rows.length) return inserted;
  const types = await columnTypes(tx, model.table);
  const scoped = rows.map((r) => ({ ...r, ...model.source.scope }));
  for (const group of byColumns(scoped)) {
    const cols = Object.keys(group[0]!);
    const record = cols.map((c) => {
      const type = types.get(c);
      if (!type) throw new Error(`Import: ${model.table} has no column ${c}`);
      return `${ident(c)} ${type}`;
    });
    const json = cols.filter((c) => types.get(c) === 'jsonb' || types.get(c) === 'json');
    const text = `INSERT INTO ${ident(model.table)} (${cols.map(ident).join(', ')})
      SELECT ${cols.map((c) => `x.${ident(c)}`).join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${record.join(', ')})
      ON CONFLICT DO NOTHING RETURNING id, ${key.map(ident).join(', ')}`;
    for (let i = 0; i < group.length; i += ROWS_PER_STATEMENT) {
      const chunk = group.slice(i, i + ROWS_PER_STATEMENT).map((r) => {
        // The engine hands JSON columns over encoded; inside the JSON parameter they travel as values.
        const copy = { ...r };
        for (const c of json) if (typeof copy[c] === 'string') copy[c] = JSON.parse(copy[c]) as unknown;
        return copy;
      });
      const r = await tx.query<Row>(text, [JSON.stringify(chunk)]);
      for (const row of r.rows) inserted.set(keyString(key.map((k) => row[k])), Number(row.id));
    }
  }
  return inserted;
}

/**
 * Records of a referenced resource named in a file, by id or by one of their fields (a website by its
 * hostname, compared without case and, for a host, without `www.`), among those the user may see
 * (`visible`, the engine's ids under the access rule). Answers the ids found and the id of each name.
 */
export async function lookupRecords(
  tx: Queryable,
  target: ResourceModel,
  field: string,
  host: boolean,
  visible: SqlFragment,
  names: string[],
  ids: number[],
): Promise<{ names: Map<string, number>; ids: Set<number> }> {
  const column = `lower(l.${ident(field)}::text)`;
  const value = rawSql(host ? `regexp_replace(${column}, '^www[.]', '')` : column);
  const q = sql`SELECT l.id, ${value} AS v FROM ${rawSql(ident(target.table))} l
    WHERE l.id IN (${visible}) AND (${value} = ANY(${names}::text[]) OR l.id = ANY(${ids}::bigint[]))
    ORDER BY l.id`.query();
  const r = await tx.query<{ id: number; v: string | null }>(q.text, q.values);
  const byName = new Map<string, number>();
  for (const row of r.rows) if (row.v !== null && !byName.has(row.v)) byName.set(row.v, Number(row.id));
  return { names: byName, ids: new Set(r.rows.map((row) => Number(row.id))) };
}

/** Imports into one table wait for each other, so the same file sent twice at once still imports once. */
export async function lockImports(tx: Queryable, model: ResourceModel): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`import:${model.table}`]);
}
