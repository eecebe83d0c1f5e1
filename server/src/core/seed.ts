import type { Db, Queryable } from '../db/db.js';
import type { AuthUser, RequestContext } from './context.js';
import type { Engine } from './crud.js';
import type { ResourceModel, Row } from './resource.js';
import { bodySchema, fieldSchema, type JsonSchema } from './schema.js';
import { ident } from './sql.js';

/** Field errors of data checked against a body schema, as a request would get them; null when valid. */
export type SchemaCheck = (data: unknown) => Record<string, string> | null;

export interface SeedDeps {
  engine: Engine;
  db: Db;
  /** Compiles a body schema with the request validator (formats, bounds and messages of the API). */
  compile(schema: JsonSchema): SchemaCheck;
}

export interface InsertOptions {
  /** Runs the resource's before-write hook on each record (normalisation, derived columns); default true. */
  hooks?: boolean;
  /**
   * Columns of the table the declaration does not name (kept for a custom route, as a check's sample URLs):
   * written as given, unchecked.
   */
  undeclared?: readonly string[];
}

/** Stored values set on seeded records after they are written (a link back, what a later job read). */
export type StoredChange = Row & { id: number };

export interface SetOptions {
  /** The change happened after the record was created: its version goes up (updated_at comes from the row). */
  changed?: boolean;
}

const ROWS_PER_INSERT = 2000;
const TIMES = ['created_at', 'updated_at'];

function nullable(s: JsonSchema): JsonSchema {
  if (Array.isArray(s.enum)) return { ...s, enum: [...(s.enum as unknown[]), null] };
  return { ...s, type: [s.type as string, 'null'] };
}

/**
 * What a seed may write: the create body (required fields, write values, formats) plus the read-only fields
 * the server itself fills (a run's counters, a scan's findings) and historical created_at / updated_at.
 */
function seedSchema(model: ResourceModel, mode: 'insert' | 'set', undeclared: readonly string[]): JsonSchema {
  const body = bodySchema(model, 'create');
  const properties = { ...(body.properties as Record<string, JsonSchema>) };
  for (const [name, f] of Object.entries(model.fields))
    if (f.readOnly) properties[name] = nullable(fieldSchema(f));
  for (const t of TIMES) properties[t] = { type: 'integer', minimum: 0 };
  properties.id = { type: 'integer', minimum: 1 };
  for (const c of undeclared) properties[c] = {};
  return { ...body, properties, ...(mode === 'set' ? { required: ['id'] } : {}) };
}

/**
 * Writes demo and first-run records of declared resources through the engine's model, in bulk: each record
 * is checked like a create body, its secrets sealed for their declared columns and keys, its JSON encoded and
 * (unless told otherwise) passed through the resource's before-write hook, then a whole batch goes in one
 * statement. Ids come in the order of the records. After-write hooks and the change notification do not run:
 * seeding happens once, in the first-start transaction, before anything caches derived state.
 */
export class SeedWriter {
  private readonly checks = new Map<string, SchemaCheck>();
  private readonly columnTypes = new Map<string, Map<string, string>>();
  private readonly ctx: RequestContext;

  constructor(
    private readonly deps: SeedDeps,
    private readonly tx: Queryable,
    user: AuthUser | null = null,
  ) {
    this.ctx = { user, ip: '127.0.0.1', db: deps.db, audit: async () => undefined };
  }

  /** A writer whose hooks see this user as the author (a notification's sender). */
  as(user: AuthUser): SeedWriter {
    return new SeedWriter(this.deps, this.tx, user);
  }

  /**
   * Inserts records of the named resource; answers their ids, in order. A record may bring an id reserved
   * with reserveIds (records of several resources over one table, numbered in one order).
   */
  async insert(resource: string, records: Row[], options: InsertOptions = {}): Promise<number[]> {
    const model = this.deps.engine.model(resource);
    const rows: Row[] = [];
    for (const [i, record] of records.entries()) {
      this.check(model, 'insert', record, i, options.undeclared ?? []);
      rows.push(await this.columns(model, record, options));
    }
    await this.checkReferences(model, rows);
    const given = records.map((r) => (typeof r.id === 'number' ? r.id : null));
    const reserved = await this.reserveIds(resource, given.filter((id) => id === null).length);
    const ids = given.map((id) => id ?? reserved.shift()!);
    rows.forEach((r, i) => (r.id = ids[i]));
    for (const group of byColumns(rows)) await this.write(model, group, 'insert', false);
    return ids;
  }

  /** Sets stored values of records already seeded; no hook runs. */
  async set(resource: string, changes: StoredChange[], options: SetOptions = {}): Promise<void> {
    const model = this.deps.engine.model(resource);
    const rows: Row[] = [];
    for (const [i, change] of changes.entries()) {
      this.check(model, 'set', change, i, []);
      const { id, ...rest } = change;
      rows.push({ id, ...(await this.columns(model, rest, { hooks: false })) });
    }
    for (const group of byColumns(rows)) await this.write(model, group, 'set', options.changed === true);
  }

  private check(
    model: ResourceModel,
    mode: 'insert' | 'set',
    record: Row,
    index: number,
    undeclared: readonly string[],
  ): void {
    const key = `${model.name}/${mode}/${undeclared.join(',')}`;
    let check = this.checks.get(key);
    if (!check) {
      check = this.deps.compile(seedSchema(model, mode, undeclared));
      this.checks.set(key, check);
    }
    const errors = check(record);
    if (errors) {
      throw new Error(`Seed: ${model.name} record ${index} is not valid: ${JSON.stringify(errors)}`);
    }
  }

  /** Every referenced record exists, as a create checks (a list of references has no foreign key). */
  private async checkReferences(model: ResourceModel, rows: Row[]): Promise<void> {
    for (const [key, f] of Object.entries(model.fields)) {
      if (!f.reference) continue;
      const ids = [...new Set(rows.flatMap((r) => (r[key] == null ? [] : [r[key]].flat()).map(Number)))];
      if (!ids.length) continue;
      const target = this.deps.engine.model(f.reference);
      const found = await this.tx.query<{ id: number }>(
        `SELECT id FROM ${ident(target.table)} WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      const have = new Set(found.rows.map((r) => Number(r.id)));
      const missing = ids.filter((id) => !have.has(id));
      if (missing.length) {
        throw new Error(`Seed: ${model.name}.${key} names unknown ${target.name}: ${missing.join(', ')}`);
      }
    }
  }

  /** Column values as the engine writes them, plus the read-only values and times the seed sets. */
  private async columns(model: ResourceModel, record: Row, options: InsertOptions): Promise<Row> {
    const input: Row = {};
    const stored: Row = {};
    for (const [key, value] of Object.entries(record)) {
      if (value === undefined) continue;
      const f = model.fields[key];
      if (TIMES.includes(key) || options.undeclared?.includes(key)) stored[key] = value;
      else if (f?.readOnly) stored[key] = f.kind === 'json' && value !== null ? JSON.stringify(value) : value;
      else input[key] = value;
    }
    const values = this.deps.engine.storedValues(model, input);
    if (options.hooks !== false && model.hooks.beforeWrite) {
      const secrets = this.deps.engine.secrets;
      await model.hooks.beforeWrite({
        ctx: this.ctx,
        tx: this.tx,
        input,
        values,
        existing: null,
        seal: (value, column) => secrets.seal(value, `${model.table}.${column}`),
      });
    }
    return { ...values, ...stored, ...model.source.scope };
  }

  /** n new ids of the resource's table, ascending. */
  async reserveIds(resource: string, n: number): Promise<number[]> {
    if (!n) return [];
    const model = this.deps.engine.model(resource);
    const r = await this.tx.query<{ id: number }>(
      `SELECT nextval(pg_get_serial_sequence($1, 'id')) AS id FROM generate_series(1, $2::int)`,
      [model.table, n],
    );
    return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b);
  }

  private async types(table: string): Promise<Map<string, string>> {
    let types = this.columnTypes.get(table);
    if (!types) {
      const r = await this.tx.query<{ name: string; type: string }>(
        `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
         WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped`,
        [table],
      );
      types = new Map(r.rows.map((c) => [c.name, c.type]));
      this.columnTypes.set(table, types);
    }
    return types;
  }

  /** One statement per chunk: the rows travel as one JSON parameter, typed by the table's own columns. */
  private async write(model: ResourceModel, rows: Row[], mode: 'insert' | 'set', changed: boolean) {
    const types = await this.types(model.table);
    const cols = Object.keys(rows[0]!);
    const record = cols
      .map((c) => {
        const type = types.get(c);
        if (!type) throw new Error(`Seed: ${model.table} has no column ${c}`);
        return `${ident(c)} ${type}`;
      })
      .join(', ');
    const json = cols.filter((c) => types.get(c) === 'jsonb' || types.get(c) === 'json');
    const table = ident(model.table);
    const sql =
      mode === 'insert'
        ? `INSERT INTO ${table} (${cols.map(ident).join(', ')}) SELECT ${cols.map((c) => `x.${ident(c)}`).join(', ')}
           FROM jsonb_to_recordset($1::jsonb) AS x(${record})`
        : `UPDATE ${table} t SET ${[
            ...cols.filter((c) => c !== 'id').map((c) => `${ident(c)} = x.${ident(c)}`),
            ...(changed ? ['version = t.version + 1'] : []),
          ].join(', ')} FROM jsonb_to_recordset($1::jsonb) AS x(${record}) WHERE t.id = x.id`;
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
      const chunk = rows.slice(i, i + ROWS_PER_INSERT).map((r) => {
        // The engine hands JSON columns over encoded; inside the JSON parameter they travel as values.
        const copy = { ...r };
        for (const c of json) if (typeof copy[c] === 'string') copy[c] = JSON.parse(copy[c]) as unknown;
        return copy;
      });
      try {
        await this.tx.query(sql, [JSON.stringify(chunk)]);
      } catch (err) {
        throw this.deps.engine.translate(model, err);
      }
    }
  }
}

/** Rows grouped by the columns they set, so a column a record leaves out keeps its default. */
function byColumns(rows: Row[]): Row[][] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = Object.keys(r).sort().join(',');
    const sorted = Object.fromEntries(
      Object.keys(r)
        .sort()
        .map((k) => [k, r[k]]),
    );
    const group = groups.get(key);
    if (group) group.push(sorted);
    else groups.set(key, [sorted]);
  }
  return [...groups.values()];
}
