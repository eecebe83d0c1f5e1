import type { ImportRowResult, ImportSpec } from '@sitefleet/shared';
import type { Queryable } from '../db/db.js';
import type { RequestContext } from './context.js';
import type { Engine } from './crud.js';
import { AppError } from './errors.js';
import { cellValue, checkImportSpec, lookupKey } from './import-cells.js';
import { existingRecords, insertRecords, keyString, lookupRecords } from './import-repository.js';
import type { ResourceModel, Row } from './resource.js';
import { bodySchema } from './schema.js';
import type { SchemaCheck, SeedDeps } from './seed.js';

/** The cells of one row, by column key, as the action's body carries them. */
export type ImportCells = Readonly<Record<string, string | null | undefined>>;

/** One row on its way in: the create body its cells make, what is wrong with it, what it would store. */
interface Pending {
  index: number;
  cells: Record<string, string>;
  body: Row;
  errors: Record<string, string>;
  message: string | null;
  values: Row | null;
  key: unknown[];
}

const ENUM_LISTED = 8;

const isYes = (text: string): boolean => {
  const read = cellValue({ kind: 'boolean' }, text);
  return 'value' in read && read.value === true;
};

/**
 * A declared CSV import (shared `defineImport`) over the engine: each row becomes the body a create would
 * get, is checked by the create's own body schema and `createValues` (before-write hook, references), is
 * matched by its natural key against the file's earlier rows and the stored records, and the new ones go in
 * with a few bulk statements; the after-write hook runs per record as a create's does (or the resource's
 * bulk one, once). Errors come back per row,
 * by column. The caller owns the transaction: a dry run rolls it back, a commit writes the file at once.
 */
export class Importer {
  private readonly check: SchemaCheck;
  private readonly columnsOf = new Map<string, string[]>();

  constructor(
    private readonly engine: Engine,
    readonly model: ResourceModel,
    readonly spec: ImportSpec,
    compile: SeedDeps['compile'],
  ) {
    checkImportSpec(spec, model, (name) => engine.model(name));
    this.check = compile(bodySchema(model, 'create'));
    for (const [key, c] of Object.entries(spec.columns)) {
      const root = c.field.split('.')[0]!;
      this.columnsOf.set(root, [...(this.columnsOf.get(root) ?? []), key]);
    }
  }

  async run(ctx: RequestContext, tx: Queryable, rows: readonly ImportCells[], dryRun: boolean) {
    const pending = rows.map((cells, index) => this.read(index, cells));
    await this.resolveLookups(ctx, tx, pending);
    for (const p of pending) await this.prepare(ctx, tx, p);

    const results: ImportRowResult[] = [];
    const first = new Map<string, number>();
    const fresh: Pending[] = [];
    for (const p of pending) {
      const key = keyString(p.key);
      const earlier = first.get(key);
      if (!p.values || Object.keys(p.errors).length || p.message) {
        results[p.index] = this.result(p, 'error', null, {
          message: p.message ?? 'Some fields are not valid',
        });
      } else if (earlier !== undefined) {
        results[p.index] = this.result(p, 'exists', results[earlier]?.id ?? null, {
          message: 'Repeats an earlier row of the file',
          duplicate_of: earlier,
        });
      } else {
        first.set(key, p.index);
        fresh.push(p);
      }
    }
    const stored = await existingRecords(
      tx,
      this.model,
      this.spec.key,
      fresh.map((p) => p.key),
    );
    const inserted = dryRun ? new Map<string, number>() : await this.insert(ctx, tx, fresh, stored);
    const raced = dryRun ? new Map<string, number>() : await this.storedSince(tx, fresh, stored, inserted);
    for (const p of fresh) {
      const key = keyString(p.key);
      const id = stored.get(key) ?? raced.get(key);
      results[p.index] =
        id !== undefined
          ? this.result(p, 'exists', id, { message: this.spec.words.exists })
          : dryRun || inserted.has(key)
            ? this.result(p, 'created', inserted.get(key) ?? null)
            : this.result(p, 'error', null, { message: 'Conflicts with a record stored meanwhile' });
    }
    // Rows that repeat an earlier one carry its id once that one is known.
    for (const r of results) if (r.duplicate_of !== null) r.id = results[r.duplicate_of]?.id ?? null;
    return results;
  }

  private result(
    p: Pending,
    status: ImportRowResult['status'],
    id: number | null,
    extra: Partial<Pick<ImportRowResult, 'message' | 'duplicate_of'>> = {},
  ): ImportRowResult {
    return {
      index: p.index,
      status,
      id,
      duplicate_of: extra.duplicate_of ?? null,
      message: extra.message ?? null,
      fields: status === 'error' ? p.errors : {},
    };
  }

  /** The create body of a row's cells: fixed values, then each non-empty cell (or its default) read by its field. */
  private read(index: number, raw: ImportCells): Pending {
    const cells: Record<string, string> = {};
    for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') cells[k] = v.trim();
    const p: Pending = {
      index,
      cells,
      body: { ...this.spec.values },
      errors: {},
      message: null,
      values: null,
      key: [],
    };
    for (const [key, c] of Object.entries(this.spec.columns)) {
      const text = cells[key] || c.default || '';
      if (!text) continue;
      const gate = c.emptyWhen ? cells[c.emptyWhen.column] : undefined;
      if (gate && isYes(gate) && cells[key]) {
        p.errors[key] = c.emptyWhen!.message;
        continue;
      }
      const [root = '', sub] = c.field.split('.');
      const f = this.model.fields[root]!;
      if (sub !== undefined) {
        p.body[root] = { ...(p.body[root] as Row | undefined), [sub]: text };
        continue;
      }
      if (c.lookup && !/^\d+$/.test(text)) continue; // named, not numbered: resolved with the others
      const read = cellValue(f, text);
      if ('error' in read) p.errors[key] = read.error;
      else p.body[root] = read.value;
    }
    return p;
  }

  /** Reference cells that name a record (a website's hostname) or number one: resolved for the file at once. */
  private async resolveLookups(ctx: RequestContext, tx: Queryable, pending: Pending[]): Promise<void> {
    for (const [key, c] of Object.entries(this.spec.columns)) {
      if (!c.lookup) continue;
      const f = this.model.fields[c.field]!;
      const target = this.engine.model(f.reference!);
      const named = pending.filter((p) => p.cells[key] && !p.errors[key]);
      if (!named.length) continue;
      const numbered = (p: Pending) => /^\d+$/.test(p.cells[key]!);
      const found = await lookupRecords(
        tx,
        target,
        c.lookup.field,
        c.lookup.host === true,
        this.engine.visibleIds(ctx, target),
        [...new Set(named.filter((p) => !numbered(p)).map((p) => lookupKey(c, p.cells[key]!)))],
        [...new Set(named.filter(numbered).map((p) => Number(p.cells[key])))].filter(Number.isSafeInteger),
      );
      for (const p of named) {
        const text = p.cells[key]!;
        const id = numbered(p)
          ? found.ids.has(Number(text))
            ? Number(text)
            : undefined
          : found.names.get(lookupKey(c, text));
        if (id === undefined)
          p.errors[key] = `Unknown ${(f.label ?? c.header).toLowerCase()}: ${text.slice(0, 100)}`;
        else p.body[c.field] = id;
      }
    }
  }

  /** Checks a row as a create checks its body, then takes the column values the create would write. */
  private async prepare(ctx: RequestContext, tx: Queryable, p: Pending): Promise<void> {
    const unread = Object.keys(p.errors).length > 0;
    const errors = this.check(p.body);
    // A cell that could not be read keeps its own error; the schema's say what else is wrong.
    if (errors) this.fieldErrors(p, errors);
    if (errors || unread) return;
    try {
      const [values] = await this.engine.createValues(ctx, tx, this.model, [p.body]);
      p.values = values!;
      p.key = this.spec.key.map((k) => values![k] ?? null);
    } catch (err) {
      if (!(err instanceof AppError) || err.status >= 500) throw err;
      if (err.fields) this.fieldErrors(p, err.fields);
      else p.message = err.message;
    }
  }

  /** Field errors of the create, moved to the column that holds the field (the first one filled). */
  private fieldErrors(p: Pending, errors: Record<string, string>): void {
    for (const [field, message] of Object.entries(errors)) {
      const columns = this.columnsOf.get(field) ?? [];
      const column = columns.find((c) => p.cells[c]) ?? columns[0];
      const f = this.model.fields[field];
      const text =
        message.startsWith('Must be one of') && (f?.values?.length ?? 0) > ENUM_LISTED && column
          ? `Unknown ${(f?.label ?? field).toLowerCase()}: ${(p.cells[column] ?? '').slice(0, 100)}`
          : message;
      if (column && columns.some((c) => p.errors[c])) continue;
      if (column) p.errors[column] = text;
      else p.message = `${p.message ? `${p.message}; ` : ''}${f?.label ?? field}: ${text}`;
    }
  }

  /** Writes the rows not stored yet, then runs the create's after-write hook for each new record. */
  private async insert(
    ctx: RequestContext,
    tx: Queryable,
    fresh: Pending[],
    stored: Map<string, number>,
  ): Promise<Map<string, number>> {
    const rows = fresh.filter((p) => !stored.has(keyString(p.key)));
    const inserted = await insertRecords(
      tx,
      this.model,
      rows.map((p) => p.values!),
      this.spec.key,
    );
    const { afterBulkCreate, afterWrite: after } = this.model.hooks;
    if (afterBulkCreate) {
      const created = rows.flatMap((p) => {
        const id = inserted.get(keyString(p.key));
        return id === undefined ? [] : [{ id, values: p.values! }];
      });
      if (created.length) await afterBulkCreate({ ctx, tx, created });
    } else if (after) {
      for (const p of rows) {
        const id = inserted.get(keyString(p.key));
        if (id === undefined) continue;
        const record = await this.engine.getOne(ctx, this.model, id, { db: tx });
        await after({
          ctx,
          tx,
          input: p.body,
          values: p.values!,
          existing: null,
          record,
          seal: (value, column) => this.engine.secrets.seal(value, `${this.model.table}.${column}`),
        });
      }
    }
    return inserted;
  }

  /** Rows a unique index refused (stored by someone else since the lookup): their stored ids. */
  private async storedSince(
    tx: Queryable,
    fresh: Pending[],
    stored: Map<string, number>,
    inserted: Map<string, number>,
  ): Promise<Map<string, number>> {
    const left = fresh.filter((p) => !stored.has(keyString(p.key)) && !inserted.has(keyString(p.key)));
    if (!left.length) return new Map();
    return existingRecords(
      tx,
      this.model,
      this.spec.key,
      left.map((p) => p.key),
    );
  }
}
