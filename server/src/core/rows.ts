/** The SQL pieces of the engine's statements: which rows, which extra columns, how a row is written. */
import type { Queryable } from '../db/db.js';
import { PG, pgConstraint, pgErrorCode } from '../db/db.js';
import type { RequestContext } from './context.js';
import { AppError, conflict, invalid } from './errors.js';
import type { ResourceModel, Row } from './resource.js';
import { ident, Params, rawSql, sql, type SqlFragment } from './sql.js';

/** An action's own narrowing of the rows it works on (a website's alerts), on top of the access rule. */
export interface Scoped {
  where?: SqlFragment;
}

/** Values computed per row for one read (the signed-in user's read flag), by output name. */
export interface ListOptions extends Scoped {
  select?: Record<string, SqlFragment>;
}

export interface WriteOptions extends Scoped {
  /** Written after the change commits, with the record as target (`notifications/12`). */
  audit?: { action: string; detail?: Record<string, unknown> };
}

/**
 * The conditions every statement on a resource carries: its scope in a shared table, its access rule for
 * this user and the action's own narrowing.
 */
export function rowConditions(ctx: RequestContext, model: ResourceModel, scoped: Scoped): SqlFragment[] {
  const out = Object.entries(model.source.scope ?? {}).map(
    ([col, v]) => sql`${rawSql(`t.${ident(col)}`)} = ${v}`,
  );
  const access = model.access?.(ctx) ?? 'allow';
  if (access === 'deny') out.push(sql`FALSE`);
  else if (access !== 'allow') out.push(sql`(${access.where})`);
  if (scoped.where) out.push(sql`(${scoped.where})`);
  return out;
}

/** An operation's own output columns, rendered into its statement's parameters. */
export function extraColumns(options: ListOptions, params: Params): string[] {
  return Object.entries(options.select ?? {}).map(
    ([name, value]) => `(${value.render(params)}) AS ${ident(name)}`,
  );
}

/**
 * The planner's estimate of a table's rows: reltuples per page, scaled to the relation's current size as
 * the planner itself does. Null when the table was never analysed (or is a view): count instead.
 */
export async function estimateRows(db: Queryable, table: string): Promise<number | null> {
  const r = await db.query<{ tuples: number; pages: number; current: number }>(
    `SELECT c.reltuples::float8 AS tuples, c.relpages::float8 AS pages,
            pg_relation_size(c.oid)::float8 / current_setting('block_size')::float8 AS current
       FROM pg_class c WHERE c.oid = to_regclass($1) AND c.relkind IN ('r', 'p')`,
    [ident(table)],
  );
  const row = r.rows[0];
  if (!row || Number(row.tuples) < 0 || Number(row.pages) <= 0) return null;
  return Math.round((Number(row.tuples) / Number(row.pages)) * Number(row.current));
}

export async function insertRow(tx: Queryable, model: ResourceModel, row: Row): Promise<number> {
  const params = new Params();
  const values = { ...row, ...model.source.scope };
  const cols = Object.keys(values);
  const text = cols.length
    ? `INSERT INTO ${ident(model.table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map((c) => params.add(values[c])).join(', ')}) RETURNING id`
    : `INSERT INTO ${ident(model.table)} DEFAULT VALUES RETURNING id`;
  const r = await tx.query<{ id: number }>(text, params.values);
  return Number(r.rows[0]!.id);
}

export async function updateRow(
  tx: Queryable,
  model: ResourceModel,
  id: number,
  values: Row,
): Promise<number> {
  const params = new Params();
  const sets = Object.keys(values).map((c) => `${ident(c)} = ${params.add(values[c])}`);
  sets.push('updated_at = epoch_now()', 'version = version + 1');
  await tx.query(
    `UPDATE ${ident(model.table)} SET ${sets.join(', ')} WHERE id = ${params.add(id)}`,
    params.values,
  );
  return id;
}

/** Maps constraint failures to field errors and conflicts. */
export function translateDbError(model: ResourceModel, err: unknown): unknown {
  if (err instanceof AppError) return err;
  const code = pgErrorCode(err);
  const constraint = pgConstraint(err) ?? '';
  const declared = model.source.conflicts?.[constraint];
  if (declared && code === PG.uniqueViolation) return conflict(declared);
  const field = constraint.replace(new RegExp(`^${model.table}_`), '').replace(/_(key|fkey|check)$/, '');
  if (code === PG.uniqueViolation) {
    return invalid({ [model.fields[field] ? field : 'id']: 'has already been taken' });
  }
  if (code === PG.foreignKeyViolation) {
    if (model.fields[field]) return invalid({ [field]: 'refers to a record that does not exist' });
    return conflict(
      `${model.spec.label}: this record is still used by other records (${constraint}); change those first`,
    );
  }
  if (code === PG.notNullViolation || code === PG.checkViolation) {
    return invalid({ [model.fields[field] ? field : 'id']: 'is not valid' });
  }
  return err;
}
