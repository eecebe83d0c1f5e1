import type { Queryable } from '../db/db.js';
import { PG, pgConstraint, pgErrorCode } from '../db/db.js';
import type { RequestContext } from './context.js';
import { AppError, conflict, invalid, notFound } from './errors.js';
import { compileList, type ListParams } from './query.js';
import type { ResourceModel, Row, WriteEvent } from './resource.js';
import { sealSecretObject } from './secret-objects.js';
import type { SecretBox } from './secrets.js';
import { ident, Params } from './sql.js';

const IGNORED_ON_WRITE = new Set(['id', 'created_at', 'updated_at', 'version']);

/**
 * The generic operations every resource gets: list, read, create, update, delete. Each runs the
 * resource's row filter, validation of references, hooks and the write in a visible order, and a write
 * happens in one transaction or not at all.
 */
export class Engine {
  private readonly committed: Array<(table: string) => void> = [];

  /** Runs after every committed write, with the table written (caches of derived state listen here). */
  onCommit(listener: (table: string) => void): void {
    this.committed.push(listener);
  }

  private notify(table: string): void {
    for (const l of this.committed) l(table);
  }

  constructor(
    readonly models: Map<string, ResourceModel>,
    readonly secrets: SecretBox,
  ) {}

  model(name: string): ResourceModel {
    const m = this.models.get(name);
    if (!m) throw new Error(`Unknown resource ${name}`);
    return m;
  }

  private rowCondition(ctx: RequestContext, model: ResourceModel, params: Params): string[] {
    const scoped = Object.entries(model.source.scope ?? {}).map(
      ([col, v]) => `t.${ident(col)} = ${params.add(v)}`,
    );
    const c = model.rowFilter?.(ctx, params);
    return c ? [...scoped, `(${c})`] : scoped;
  }

  async list(
    ctx: RequestContext,
    model: ResourceModel,
    lp: ListParams,
  ): Promise<{ data: Row[]; total: number }> {
    const params = new Params();
    const extra = this.rowCondition(ctx, model, params);
    const q = compileList(model, lp, extra, params);
    const [page, count] = await Promise.all([
      ctx.db.query<Row>(q.pageSql, q.params),
      ctx.db.query<{ total: number }>(q.countSql, q.countParams),
    ]);
    return { data: page.rows, total: Number(count.rows[0]?.total ?? 0) };
  }

  private async selectOutput(
    db: Queryable,
    ctx: RequestContext,
    model: ResourceModel,
    ids: number[],
  ): Promise<Row[]> {
    const params = new Params();
    const where = [`t.id = ANY(${params.add(ids)}::bigint[])`, ...this.rowCondition(ctx, model, params)];
    const r = await db.query<Row>(
      `SELECT ${model.selectList} FROM ${ident(model.table)} t WHERE ${where.join(' AND ')} ORDER BY t.id`,
      params.values,
    );
    return r.rows;
  }

  async getOne(ctx: RequestContext, model: ResourceModel, id: number, db: Queryable = ctx.db): Promise<Row> {
    const [row] = await this.selectOutput(db, ctx, model, [id]);
    if (!row) throw notFound(`${model.spec.label}: no record with id ${id}`);
    return row;
  }

  async getMany(ctx: RequestContext, model: ResourceModel, ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    return this.selectOutput(ctx.db, ctx, model, ids);
  }

  /** Locks and returns the stored row (all columns) for a write, honouring the row filter. */
  private async lockRow(tx: Queryable, ctx: RequestContext, model: ResourceModel, id: number): Promise<Row> {
    const params = new Params();
    const where = [`t.id = ${params.add(id)}`, ...this.rowCondition(ctx, model, params)];
    const r = await tx.query<Row>(
      `SELECT t.* FROM ${ident(model.table)} t WHERE ${where.join(' AND ')} FOR UPDATE`,
      params.values,
    );
    if (!r.rows[0]) throw notFound(`${model.spec.label}: no record with id ${id}`);
    return r.rows[0];
  }

  /** Builds column values from a validated body: secrets sealed, references de-duplicated. */
  private columnValues(model: ResourceModel, input: Row, existing: Row | null): Row {
    const values: Row = {};
    for (const [key, value] of Object.entries(input)) {
      const f = model.fields[key];
      if (!f || f.readOnly || model.virtualFields.has(key) || IGNORED_ON_WRITE.has(key)) continue;
      if (model.secretFields.includes(key)) {
        values[key] =
          value === null || value === '' ? null : this.secrets.seal(String(value), `${model.table}.${key}`);
      } else if (f.kind === 'json' && f.secretKeys?.length && value && typeof value === 'object') {
        values[key] = sealSecretObject(this.secrets, model.table, key, f, value as Row, existing?.[key]);
      } else if (f.kind === 'json') {
        values[key] = value === null ? null : JSON.stringify(value);
      } else {
        values[key] = value;
      }
    }
    return values;
  }

  private async checkReferences(tx: Queryable, model: ResourceModel, values: Row): Promise<void> {
    const errors: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const f = model.fields[key];
      if (!f?.reference || value === null || value === undefined) continue;
      const ids = (Array.isArray(value) ? value : [value]) as number[];
      if (!ids.length) continue;
      const target = this.model(f.reference);
      const found = await tx.query<{ id: number }>(
        `SELECT id FROM ${ident(target.table)} WHERE id = ANY($1::bigint[])`,
        [ids],
      );
      const have = new Set(found.rows.map((r) => Number(r.id)));
      const missing = ids.filter((i) => !have.has(i));
      if (missing.length) errors[key] = `Unknown ${target.spec.label.toLowerCase()}: ${missing.join(', ')}`;
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  private async runWrite(
    ctx: RequestContext,
    model: ResourceModel,
    input: Row,
    existingId: number | null,
    expectedVersion: number | null,
  ): Promise<Row> {
    try {
      const record = await ctx.db.transaction(async (tx) => {
        const existing = existingId === null ? null : await this.lockRow(tx, ctx, model, existingId);
        if (existing && expectedVersion !== null && Number(existing.version) !== expectedVersion) {
          throw conflict(
            `${model.spec.label}: this record was changed by someone else (version ${String(existing.version)}, you sent ${expectedVersion}). Reload it and apply your change again.`,
          );
        }
        const values = this.columnValues(model, input, existing);
        const event: WriteEvent = {
          ctx,
          tx,
          input,
          values,
          existing,
          seal: (value, column) => this.secrets.seal(value, `${model.table}.${column}`),
        };
        await model.hooks.beforeWrite?.(event);
        await this.checkReferences(tx, model, values);
        const id = existing
          ? await this.updateRow(tx, model, existingId!, values)
          : await this.insertRow(tx, model, values);
        const record = await this.getOne(ctx, model, id, tx);
        await model.hooks.afterWrite?.({ ...event, record });
        return record;
      });
      this.notify(model.table);
      return record;
    } catch (err) {
      throw this.translate(model, err);
    }
  }

  private async insertRow(tx: Queryable, model: ResourceModel, row: Row): Promise<number> {
    const params = new Params();
    const values = { ...row, ...model.source.scope };
    const cols = Object.keys(values);
    const sql = cols.length
      ? `INSERT INTO ${ident(model.table)} (${cols.map(ident).join(', ')}) VALUES (${cols.map((c) => params.add(values[c])).join(', ')}) RETURNING id`
      : `INSERT INTO ${ident(model.table)} DEFAULT VALUES RETURNING id`;
    const r = await tx.query<{ id: number }>(sql, params.values);
    return Number(r.rows[0]!.id);
  }

  private async updateRow(tx: Queryable, model: ResourceModel, id: number, values: Row): Promise<number> {
    const params = new Params();
    const sets = Object.keys(values).map((c) => `${ident(c)} = ${params.add(values[c])}`);
    sets.push('updated_at = epoch_now()', 'version = version + 1');
    await tx.query(
      `UPDATE ${ident(model.table)} SET ${sets.join(', ')} WHERE id = ${params.add(id)}`,
      params.values,
    );
    return id;
  }

  create(ctx: RequestContext, model: ResourceModel, input: Row): Promise<Row> {
    return this.runWrite(ctx, model, input, null, null);
  }

  update(
    ctx: RequestContext,
    model: ResourceModel,
    id: number,
    input: Row,
    version: number | null,
  ): Promise<Row> {
    return this.runWrite(ctx, model, input, id, version);
  }

  async remove(ctx: RequestContext, model: ResourceModel, ids: number[]): Promise<Row[]> {
    try {
      const removed = await ctx.db.transaction(async (tx) => {
        const out: Row[] = [];
        for (const id of ids) {
          const existing = await this.lockRow(tx, ctx, model, id);
          await model.hooks.beforeDelete?.({ ctx, tx, existing });
          out.push(await this.getOne(ctx, model, id, tx));
          await tx.query(`DELETE FROM ${ident(model.table)} WHERE id = $1`, [id]);
          await this.dropReferencesTo(tx, model, id);
        }
        return out;
      });
      this.notify(model.table);
      for (const r of removed) await ctx.audit('delete', `${model.name}/${String(r.id)}`);
      return removed;
    } catch (err) {
      throw this.translate(model, err);
    }
  }

  /** Removes a deleted id from every list-of-references column that points at its resource. */
  private async dropReferencesTo(tx: Queryable, target: ResourceModel, id: number): Promise<void> {
    for (const m of this.models.values()) {
      for (const [key, f] of Object.entries(m.fields)) {
        if (f.kind !== 'references' || f.reference !== target.name) continue;
        const col = ident(key);
        await tx.query(
          `UPDATE ${ident(m.table)} SET ${col} = array_remove(${col}, $1::bigint), updated_at = epoch_now(), version = version + 1 WHERE ${col} @> ARRAY[$1::bigint]`,
          [id],
        );
      }
    }
  }

  /** Opens one secret field of one record (the caller audits it). */
  async reveal(ctx: RequestContext, model: ResourceModel, id: number, field: string): Promise<string | null> {
    const [path, sub, ...deeper] = field.split('.');
    const f = path && !deeper.length ? model.fields[path] : undefined;
    const isSecret =
      f && (sub === undefined ? model.secretFields.includes(path!) : f.secretKeys?.includes(sub));
    if (!isSecret) throw invalid({ field: `${field} is not a secret field of ${model.name}` });
    const params = new Params();
    const where = [`t.id = ${params.add(id)}`, ...this.rowCondition(ctx, model, params)];
    const r = await ctx.db.query<Row>(
      `SELECT t.${ident(path!)} AS v FROM ${ident(model.table)} t WHERE ${where.join(' AND ')}`,
      params.values,
    );
    if (!r.rows[0]) throw notFound(`${model.spec.label}: no record with id ${id}`);
    const stored = r.rows[0].v;
    const sealed = sub ? (stored as Row | null)?.[sub] : stored;
    if (typeof sealed !== 'string' || sealed === '') return null;
    return this.secrets.open(sealed, sub ? `${model.table}.${path!}.${sub}` : `${model.table}.${path!}`);
  }

  /** Maps constraint failures to field errors and conflicts. */
  translate(model: ResourceModel, err: unknown): unknown {
    if (err instanceof AppError) return err;
    const code = pgErrorCode(err);
    const constraint = pgConstraint(err) ?? '';
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
}
