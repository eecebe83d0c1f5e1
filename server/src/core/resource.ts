import type { FieldSpec, Fields, ResourceSpec } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/db.js';
import type { Params, SqlFragment } from './sql.js';
import type { RequestContext } from './context.js';

export type Row = Record<string, unknown>;

export interface WriteEvent {
  ctx: RequestContext;
  tx: Queryable;
  /** The request body after validation (only fields the client sent). */
  input: Row;
  /** Column values about to be written; hooks may add, change or remove entries. */
  values: Row;
  /** The stored row before an update; null on create. */
  existing: Row | null;
  /** Seals a value for a secret column of this resource (for hooks that decide secrecy themselves). */
  seal(value: string, column: string): string;
}

/** A record a bulk create wrote: its id and the column values it was given. */
export interface BulkCreated {
  id: number;
  values: Row;
}

export interface ResourceHooks {
  /** Runs inside the write transaction before the row is written; throw invalid() to refuse. */
  beforeWrite?(event: WriteEvent): Promise<void> | void;
  /** Runs inside the write transaction after the row is written. */
  afterWrite?(event: WriteEvent & { record: Row }): Promise<void> | void;
  /**
   * Runs once, inside the transaction, after a bulk create of many records (a CSV import) in place of
   * `afterWrite` for each: derived state is recomputed once rather than per record. Without it, a bulk
   * create runs `afterWrite` per record.
   */
  afterBulkCreate?(event: {
    ctx: RequestContext;
    tx: Queryable;
    created: BulkCreated[];
  }): Promise<void> | void;
  /** Runs inside the delete transaction before the row is deleted; throw to refuse. */
  beforeDelete?(event: { ctx: RequestContext; tx: Queryable; existing: Row }): Promise<void> | void;
}

/** A read-only value computed in SQL for every row (a count of related rows, say). */
export interface ComputedField {
  sql: string;
  kind: 'integer' | 'number' | 'string' | 'boolean' | 'object';
  sortable?: boolean;
}

/** A filter key whose SQL the resource writes itself (name stripping, counts over relations). */
export type CustomFilter = (value: unknown, params: Params) => string | null;

/**
 * What a user may do with a resource's rows: everything, nothing, or the rows a condition selects (its
 * table is `t`). It is merged into the SQL of every list, read, update and delete, and of every engine
 * operation an action runs, so no two of them can disagree.
 */
export type RowAccess = 'allow' | 'deny' | { where: SqlFragment };

/** The resource's one access rule (STYLE.md habit 2). */
export type AccessRule = (ctx: RequestContext) => RowAccess;

/** Values added to the get-one answer only (a run's outputs): heavier than a list row should carry. */
export interface RecordDetail {
  /** JSON schemas of the added properties (the response schema drops anything not named). */
  schema: Record<string, Record<string, unknown>>;
  load(db: Queryable, record: Row): Promise<Row>;
}

/**
 * A resource declaration. `D` is what its actions receive from the application: the engine never calls
 * them and knows nothing of `D`, so core names no service.
 */
export interface ServerResource<F extends Fields = Fields, D = unknown> {
  spec: ResourceSpec<F>;
  /** The table, when it is not named after the resource (several declarations over one table). */
  table?: string;
  /** Column values that select this resource's rows of a shared table: every query filters on them, inserts set them. */
  scope?: Record<string, string>;
  detail?: RecordDetail;
  /** Fields accepted on write but not stored in a column of the same name (passwords). */
  virtualFields?: string[];
  hooks?: ResourceHooks;
  computed?: Record<string, ComputedField>;
  customFilters?: Record<string, CustomFilter>;
  access?: AccessRule;
  /** Unique or exclusion constraints whose violation is a conflict with another record, by name: the message. */
  conflicts?: Record<string, string>;
  /** Extra routes (custom actions) registered under the resource's path. */
  actions?: (app: FastifyInstance, model: ResourceModel, deps: D) => void;
}

export function defineServerResource<F extends Fields, D = unknown>(
  r: ServerResource<F, D>,
): ServerResource<F, D> {
  return r;
}

/** A checked declaration with everything the generic engine needs precomputed. */
export interface ResourceModel {
  name: string;
  path: string;
  table: string;
  spec: ResourceSpec;
  fields: Record<string, FieldSpec>;
  /** Columns returned to clients (no secret, write-only or virtual fields). */
  outputColumns: string[];
  /** SELECT list for output: columns, secret presence flags and computed values. */
  selectList: string;
  secretFields: string[];
  virtualFields: Set<string>;
  writableFields: string[];
  filterable: Set<string>;
  sortable: Set<string>;
  searchable: string[];
  computed: Record<string, ComputedField>;
  customFilters: Record<string, CustomFilter>;
  hooks: ResourceHooks;
  access: AccessRule | null;
  operations: { create: boolean; update: boolean; delete: boolean; patch: boolean };
  /** The declaration; its actions take whatever the application gives them (never, to the engine). */
  source: ServerResource<Fields, never>;
}
