import { LIMITS, type ListMeta } from '@sitefleet/shared';
import type { Queryable } from '../db/db.js';
import type { RequestContext } from './context.js';
import { conflict, invalid, notFoundRecord } from './errors.js';
import { compileList, encodeCursor, type CompiledList, type ListParams } from './query.js';
import type { ResourceModel, Row, WriteEvent } from './resource.js';
import { sealSecretObject } from './secret-objects.js';
import type { SecretBox } from './secrets.js';
import {
  estimateRows,
  extraColumns,
  insertRow,
  rowConditions,
  translateDbError,
  updateRow,
  type ListOptions,
  type Scoped,
  type WriteOptions,
} from './rows.js';
import { ident, joinSql, Params, rawSql, sql, type SqlFragment } from './sql.js';

export type { ListOptions, Scoped, WriteOptions } from './rows.js';

const IGNORED_ON_WRITE = new Set(['id', 'created_at', 'updated_at', 'version']);

/** One page of a list, its total and how far that total can be trusted, and the page's cursors. */
export type ListResult = { data: Row[] } & ListMeta;

/** Reads a compiled page: a seek's second part when the first came short, a `before` page flipped back. */
async function readPage(db: Queryable, q: CompiledList, perPage: number): Promise<Row[]> {
  let rows = (await db.query<Row>(q.pageSql, q.params)).rows;
  if (q.restSql && rows.length < perPage) {
    const rest = (await db.query<Row>(q.restSql, q.restParams)).rows;
    rows = [...rows, ...rest.slice(0, perPage - rows.length)];
  }
  return q.reversed ? rows.reverse() : rows;
}

/** The cursor of a page's first or last row; null on an empty page or where the sort cannot seek. */
function cursorOf(model: ResourceModel, lp: ListParams, row: Row | undefined): string | null {
  return row ? encodeCursor(model, lp, row) : null;
}

/**
 * The total of a list at a bounded cost: counted up to LIMITS.exactTotalMax (or always, when asked), past
 * it the planner's estimate of a list nothing narrows, or else "at least" the bound. A large unnarrowed
 * table is answered from its estimate without counting at all.
 */
export async function countTotal(
  db: Queryable,
  model: ResourceModel,
  q: CompiledList,
  exact: boolean,
): Promise<Pick<ListMeta, 'total' | 'totalKind'>> {
  const bound = LIMITS.exactTotalMax;
  const estimate = exact || q.narrowed ? null : await estimateRows(db, model.table);
  if (estimate !== null && estimate > 2 * bound) return { total: estimate, totalKind: 'estimate' };
  const r = await db.query<{ total: number }>(q.countSql, q.countParams);
  const counted = Number(r.rows[0]?.total ?? 0);
  if (exact || counted <= bound) return { total: counted, totalKind: 'exact' };
  if (estimate !== null) return { total: Math.max(estimate, bound + 1), totalKind: 'estimate' };
  return { total: bound, totalKind: 'atLeast' };
}

/**
 * The generic operations every resource gets: list, read, create, update, delete, and those its actions
 * build on (count, visible ids, reads and writes narrowed further). Each runs the resource's access rule,
 * validation of references, hooks and the write in a visible order, and a write happens in one
 * transaction or not at all.
 */
export class Engine {
  private readonly committed: Array<(table: string) => void | Promise<void>> = [];

  /**
   * Runs after every committed write, with the table written (caches of derived state listen here); the
   * write answers once its listeners are done, so what they start (a run) exists when the caller hears back.
   */
  onCommit(listener: (table: string) => void | Promise<void>): void {
    this.committed.push(listener);
  }

  private async notify(table: string): Promise<void> {
    await Promise.all(this.committed.map((l) => l(table)));
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

  private rowCondition(
    ctx: RequestContext,
    model: ResourceModel,
    params: Params,
    scoped: Scoped = {},
  ): string[] {
    return rowConditions(ctx, model, scoped).map((c) => c.render(params));
  }

  private missing(model: ResourceModel, id: number): Error {
    return notFoundRecord(model.spec.label, id);
  }

  private compileList(
    ctx: RequestContext,
    model: ResourceModel,
    lp: ListParams,
    options: ListOptions,
  ): CompiledList {
    const params = new Params();
    const extra = this.rowCondition(ctx, model, params, options);
    return compileList(model, lp, extra, params, (p) => extraColumns(options, p));
  }

  /**
   * One page of the rows the user may see (keyset after/before a cursor, else by page), its total at a
   * bounded cost and the cursors of its first and last rows.
   */
  async list(
    ctx: RequestContext,
    model: ResourceModel,
    lp: ListParams,
    options: ListOptions = {},
  ): Promise<ListResult> {
    const q = this.compileList(ctx, model, lp, options);
    const [page, total] = await Promise.all([
      readPage(ctx.db, q, lp.perPage),
      countTotal(ctx.db, model, q, lp.exact === true),
    ]);
    let data = page;
    if (lp.seek?.direction === 'before' && data.length < lp.perPage) {
      // Back past the first page (rows were added before it): the first page, full.
      const firstPage = { ...lp, seek: undefined, page: 1 };
      data = await readPage(ctx.db, this.compileList(ctx, model, firstPage, options), lp.perPage);
    }
    const first = cursorOf(model, lp, data[0]);
    const last = first === null ? null : cursorOf(model, lp, data.at(-1));
    return { data, ...total, cursors: first && last ? { first, last } : null };
  }

  /** How many rows the user may see, within an action's narrowing. */
  async count(ctx: RequestContext, model: ResourceModel, scoped: Scoped = {}): Promise<number> {
    const params = new Params();
    const where = this.rowCondition(ctx, model, params, scoped);
    const r = await ctx.db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM ${ident(model.table)} t${where.length ? ` WHERE ${where.join(' AND ')}` : ''}`,
      params.values,
    );
    return Number(r.rows[0]?.total ?? 0);
  }

  /**
   * The ids of the rows the user may see, as a subquery for a set-based write of a repository (marking
   * everything read): the access rule travels into that statement instead of being written again.
   */
  visibleIds(ctx: RequestContext, model: ResourceModel, scoped: Scoped = {}): SqlFragment {
    const where = rowConditions(ctx, model, scoped);
    const from = rawSql(`SELECT t.id FROM ${ident(model.table)} t`);
    return where.length ? sql`${from} WHERE ${joinSql(where, ' AND ')}` : from;
  }

  private async selectOutput(
    db: Queryable,
    ctx: RequestContext,
    model: ResourceModel,
    ids: number[],
    options: ListOptions = {},
  ): Promise<Row[]> {
    const params = new Params();
    const where = [
      `t.id = ANY(${params.add(ids)}::bigint[])`,
      ...this.rowCondition(ctx, model, params, options),
    ];
    const output = [model.selectList, ...extraColumns(options, params)].join(', ');
    const r = await db.query<Row>(
      `SELECT ${output} FROM ${ident(model.table)} t WHERE ${where.join(' AND ')} ORDER BY t.id`,
      params.values,
    );
    return r.rows;
  }

  /** One record the user may see (404 otherwise), within an action's narrowing. */
  async getOne(
    ctx: RequestContext,
    model: ResourceModel,
    id: number,
    options: ListOptions & { db?: Queryable } = {},
  ): Promise<Row> {
    const [row] = await this.selectOutput(options.db ?? ctx.db, ctx, model, [id], options);
    if (!row) throw this.missing(model, id);
    return row;
  }

  async getMany(ctx: RequestContext, model: ResourceModel, ids: number[]): Promise<Row[]> {
    if (!ids.length) return [];
    return this.selectOutput(ctx.db, ctx, model, ids);
  }

  /** Locks and returns the stored row (all columns) for a write, honouring the access rule. */
  private async lockRow(
    tx: Queryable,
    ctx: RequestContext,
    model: ResourceModel,
    id: number,
    scoped: Scoped = {},
  ): Promise<Row> {
    const params = new Params();
    const where = [`t.id = ${params.add(id)}`, ...this.rowCondition(ctx, model, params, scoped)];
    const r = await tx.query<Row>(
      `SELECT t.* FROM ${ident(model.table)} t WHERE ${where.join(' AND ')} FOR UPDATE`,
      params.values,
    );
    if (!r.rows[0]) throw this.missing(model, id);
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

  /** The column values a create writes for a checked body: secrets sealed, JSON encoded (the seed API's too). */
  storedValues(model: ResourceModel, input: Row): Row {
    return this.columnValues(model, input, null);
  }

  /**
   * The column values creates of these checked bodies would write (secrets sealed, before-write hook run,
   * references checked), for a repository that inserts many records in one statement (an import): the
   * rules of a create hold without a statement per record. The caller announces its commit with `changed`.
   */
  async createValues(
    ctx: RequestContext,
    tx: Queryable,
    model: ResourceModel,
    inputs: Row[],
  ): Promise<Row[]> {
    const out: Row[] = [];
    const referenced: Record<string, unknown[]> = {};
    for (const input of inputs) {
      const values = this.columnValues(model, input, null);
      await model.hooks.beforeWrite?.({
        ctx,
        tx,
        input,
        values,
        existing: null,
        seal: (value, column) => this.secrets.seal(value, `${model.table}.${column}`),
      });
      for (const [key, value] of Object.entries(values)) {
        if (model.fields[key]?.reference && value !== null && value !== undefined) {
          (referenced[key] ??= []).push(...[value].flat());
        }
      }
      await this.checkMaps(tx, model, input, null);
      out.push(values);
    }
    const unique = Object.fromEntries(Object.entries(referenced).map(([k, ids]) => [k, [...new Set(ids)]]));
    await this.checkReferences(tx, model, unique);
    return out;
  }

  /** Tells listeners of a repository's committed write to the resource's table, as the engine's writes do. */
  changed(model: ResourceModel): Promise<void> {
    return this.notify(model.table);
  }

  /**
   * The keys of each id map a write sends (a json field with mapOf) must be records of its resource, and,
   * with `sameAs`, records sharing this record's value of that field: a field error names the others.
   */
  private async checkMaps(
    tx: Queryable,
    model: ResourceModel,
    input: Row,
    existing: Row | null,
  ): Promise<void> {
    const errors: Record<string, string> = {};
    for (const [key, f] of Object.entries(model.fields)) {
      const map = f.mapOf;
      const value = input[key];
      const sameAs = map?.sameAs;
      if (!map || (!(key in input) && !(sameAs && sameAs in input))) continue;
      const sent = (value ?? existing?.[key]) as Record<string, unknown> | null | undefined;
      const ids = sent && typeof sent === 'object' ? Object.keys(sent) : [];
      if (!ids.length) continue;
      const malformed = ids.find((id) => !/^[1-9]\d{0,15}$/.test(id));
      if (malformed !== undefined) {
        errors[key] = `Has an invalid key: ${malformed.slice(0, 40)}`;
        continue;
      }
      const target = this.model(map.reference);
      const params = new Params();
      const where = [`id = ANY(${params.add(ids)}::bigint[])`];
      if (sameAs) where.push(`${ident(sameAs)} = ${params.add(input[sameAs] ?? existing?.[sameAs] ?? null)}`);
      const found = await tx.query<{ id: number }>(
        `SELECT id FROM ${ident(target.table)} WHERE ${where.join(' AND ')}`,
        params.values,
      );
      const have = new Set(found.rows.map((r) => String(r.id)));
      const missing = ids.filter((i) => !have.has(i));
      if (!missing.length) continue;
      const owner = sameAs ? ` of this ${(model.fields[sameAs]?.label ?? sameAs).toLowerCase()}` : '';
      errors[key] = `Not ${target.spec.label.toLowerCase()}${owner}: ${missing.join(', ')}`;
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  private async checkReferences(tx: Queryable, model: ResourceModel, values: Row): Promise<void> {
    const errors: Record<string, string> = {};
    for (const [key, value] of Object.entries(values)) {
      const f = model.fields[key];
      if (!f?.reference || value === null || value === undefined) continue;
      const ids = (Array.isArray(value) ? value : [value]) as number[];
      if (!ids.length) continue;
      const target = this.model(f.reference);
      const params = new Params();
      const where = [`id = ANY(${params.add(ids)}::bigint[])`];
      const match = Object.entries(f.referenceWhere?.match ?? {});
      const matched = match.map(([col, v]) => `${ident(col)} = ${params.add(v)}`).join(' AND ');
      const found = await tx.query<{ id: number; matched: boolean }>(
        `SELECT id, ${matched || 'true'} AS matched FROM ${ident(target.table)} WHERE ${where.join(' AND ')}`,
        params.values,
      );
      const have = new Set(found.rows.map((r) => Number(r.id)));
      const missing = ids.filter((i) => !have.has(i));
      if (missing.length) errors[key] = `Unknown ${target.spec.label.toLowerCase()}: ${missing.join(', ')}`;
      else if (f.referenceWhere && found.rows.some((r) => !r.matched)) errors[key] = f.referenceWhere.message;
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  /** Values a declaration closes to writing (writeValues with closedValueMessage), unless the record has them. */
  private checkClosedValues(model: ResourceModel, input: Row, existing: Row | null): void {
    const errors: Record<string, string> = {};
    for (const [key, f] of Object.entries(model.fields)) {
      const value = input[key];
      if (!f.writeValues || !f.closedValueMessage) continue;
      if (typeof value !== 'string' && typeof value !== 'number') continue;
      if (f.writeValues.includes(value) || existing?.[key] === value) continue;
      errors[key] = f.closedValueMessage(value);
    }
    if (Object.keys(errors).length) throw invalid(errors);
  }

  private async runWrite(
    ctx: RequestContext,
    model: ResourceModel,
    input: Row,
    existingId: number | null,
    expectedVersion: number | null,
    options: WriteOptions = {},
  ): Promise<Row> {
    try {
      const record = await ctx.db.transaction(async (tx) => {
        const existing = existingId === null ? null : await this.lockRow(tx, ctx, model, existingId, options);
        if (existing && expectedVersion !== null && Number(existing.version) !== expectedVersion) {
          throw conflict(
            `${model.spec.label}: this record was changed by someone else (version ${String(existing.version)}, you sent ${expectedVersion}). Reload it and apply your change again.`,
          );
        }
        this.checkClosedValues(model, input, existing);
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
        await this.checkMaps(tx, model, input, existing);
        const id = existing
          ? await updateRow(tx, model, existingId!, values)
          : await insertRow(tx, model, values);
        const record = await this.getOne(ctx, model, id, { db: tx });
        await model.hooks.afterWrite?.({ ...event, record });
        return record;
      });
      await this.notify(model.table);
      if (options.audit) {
        await ctx.audit(options.audit.action, `${model.name}/${String(record.id)}`, options.audit.detail);
      }
      return record;
    } catch (err) {
      throw this.translate(model, err);
    }
  }

  create(ctx: RequestContext, model: ResourceModel, input: Row): Promise<Row> {
    return this.runWrite(ctx, model, input, null, null);
  }

  /**
   * Changes one record the user may see (404 otherwise), within an action's narrowing: a stale version is
   * refused with 409, secrets are sealed, hooks run, listeners hear of it and the audit entry is written.
   */
  update(
    ctx: RequestContext,
    model: ResourceModel,
    id: number,
    input: Row,
    version: number | null,
    options: WriteOptions = {},
  ): Promise<Row> {
    return this.runWrite(ctx, model, input, id, version, options);
  }

  /** Deletes records the user may see (404 for any other; all or none), within an action's narrowing. */
  async remove(
    ctx: RequestContext,
    model: ResourceModel,
    ids: number[],
    scoped: Scoped = {},
  ): Promise<Row[]> {
    try {
      const removed = await ctx.db.transaction(async (tx) => {
        const out: Row[] = [];
        for (const id of ids) {
          const existing = await this.lockRow(tx, ctx, model, id, scoped);
          await model.hooks.beforeDelete?.({ ctx, tx, existing });
          out.push(await this.getOne(ctx, model, id, { db: tx }));
          await tx.query(`DELETE FROM ${ident(model.table)} WHERE id = $1`, [id]);
          await this.dropReferencesTo(tx, model, id);
        }
        return out;
      });
      await this.notify(model.table);
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
    if (!r.rows[0]) throw this.missing(model, id);
    const stored = r.rows[0].v;
    const sealed = sub ? (stored as Row | null)?.[sub] : stored;
    if (typeof sealed !== 'string' || sealed === '') return null;
    return this.secrets.open(sealed, sub ? `${model.table}.${path!}.${sub}` : `${model.table}.${path!}`);
  }

  /** Maps constraint failures to field errors and conflicts. */
  translate(model: ResourceModel, err: unknown): unknown {
    return translateDbError(model, err);
  }
}
