import { FIELD_KIND_OF_VALUE, FILTER_OPERATORS, LIMITS, type FieldSpec } from '@sitefleet/shared';
import { type AppError, badRequest } from './errors.js';
import { findHostile } from './hostile.js';
import type { ResourceModel } from './resource.js';
import { ident, likeEscape, Params } from './sql.js';

/** A sort value as a cursor carries it. */
export type SortValue = string | number | boolean | null;

/** The row a keyset page starts from (exclusive), in the list's sort order. */
export interface Seek {
  direction: 'after' | 'before';
  value: SortValue;
  id: number;
}

export interface ListParams {
  sortBy: string;
  sortOrder: 'ASC' | 'DESC';
  page: number;
  perPage: number;
  filter: Record<string, unknown>;
  /** The boundary row of the page the client moves from (`after` / `before`); page is then informative. */
  seek?: Seek;
  /** Count the total exactly, however large. */
  exact?: boolean;
}

export interface RawListQuery {
  sortBy?: string;
  sortOrder?: string;
  page?: string | number;
  perPage?: string | number;
  filter?: string | Record<string, unknown>;
  after?: string;
  before?: string;
  exact?: string | boolean;
}

function positiveInt(value: string | number | undefined, name: string, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < 1) throw badRequest(`${name} must be a positive whole number`);
  // 1e308 is a whole number too; as a LIMIT or OFFSET it is out of the database's range.
  if (n > Number.MAX_SAFE_INTEGER) throw badRequest(`${name} must be at most ${Number.MAX_SAFE_INTEGER}`);
  return n;
}

/** Reads sort, page and filter from the query string; every problem is a 400 that names it. */
export function parseListQuery(model: ResourceModel, raw: RawListQuery): ListParams {
  const sortBy = raw.sortBy || model.spec.defaultSort.field;
  if (!model.sortable.has(sortBy)) {
    throw badRequest(`sortBy: "${sortBy}" is not a sortable field of ${model.name}`);
  }
  const order = (raw.sortOrder || model.spec.defaultSort.order).toUpperCase();
  if (order !== 'ASC' && order !== 'DESC') throw badRequest('sortOrder must be ASC or DESC');
  const page = positiveInt(raw.page, 'page', 1);
  let perPage = positiveInt(raw.perPage, 'perPage', LIMITS.defaultPerPage);
  if (perPage === LIMITS.perPageAliasedToDefault) perPage = LIMITS.defaultPerPage;
  if (perPage > LIMITS.maxPerPage) throw badRequest(`perPage must be at most ${LIMITS.maxPerPage}`);
  let filter: unknown = raw.filter ?? {};
  if (typeof filter === 'string') {
    if (filter.trim() === '') filter = {};
    else {
      try {
        filter = JSON.parse(filter);
      } catch {
        throw badRequest('filter is not valid JSON');
      }
    }
  }
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) {
    throw badRequest('filter must be a JSON object');
  }
  // JSON escapes (\u0000, \ud800) only become hostile text once the filter is parsed.
  const hostile = findHostile(filter, undefined, 'filter');
  if (hostile) throw badRequest(`${hostile.path}: ${hostile.problem}`);
  const lp: ListParams = {
    sortBy,
    sortOrder: order,
    page,
    perPage,
    filter: filter as Record<string, unknown>,
  };
  if (raw.after !== undefined && raw.before !== undefined) throw badRequest('send after or before, not both');
  const direction = raw.after !== undefined ? 'after' : raw.before !== undefined ? 'before' : null;
  if (direction) lp.seek = { direction, ...parseCursor(model, lp, direction, raw[direction]!) };
  if (raw.exact !== undefined) {
    if (!['true', 'false', true, false].includes(raw.exact)) throw badRequest('exact must be true or false');
    lp.exact = raw.exact === true || raw.exact === 'true';
  }
  return lp;
}

/** Whether a sort can seek: a stored column every output row carries (a computed value cannot). */
export function canSeek(model: ResourceModel, sortBy: string): boolean {
  return !model.computed[sortBy] && (isMetaColumn(sortBy) || model.outputColumns.includes(sortBy));
}

function isMetaColumn(key: string): boolean {
  return key === 'id' || key === 'created_at' || key === 'updated_at';
}

/**
 * The cursor of one row of a list: base64url JSON `[sortValue, id, sortBy, sortOrder]`, so a cursor sent
 * with another sort is refused. Null where the sort cannot seek.
 */
export function encodeCursor(
  model: ResourceModel,
  lp: ListParams,
  row: Record<string, unknown>,
): string | null {
  if (!canSeek(model, lp.sortBy)) return null;
  const value = row[lp.sortBy] ?? null;
  return Buffer.from(JSON.stringify([value, Number(row.id), lp.sortBy, lp.sortOrder])).toString('base64url');
}

const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,4000}$/;
const NOT_OURS = 'is not a cursor of this list (send the one meta.cursors gave)';

// The helpers of the request path are module functions, not closures made on every call: a list request
// runs them for every filter value.
function cursorError(param: 'after' | 'before', why: string): AppError {
  return badRequest(`${param}: ${why}`);
}

function filterError(key: string, what: string): AppError {
  return badRequest(`filter.${key}: ${what}`);
}

function parseCursor(
  model: ResourceModel,
  lp: ListParams,
  param: 'after' | 'before',
  text: string,
): { value: SortValue; id: number } {
  if (typeof text !== 'string' || !CURSOR_TEXT.test(text)) throw cursorError(param, NOT_OURS);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw cursorError(param, NOT_OURS);
  }
  if (!Array.isArray(decoded) || decoded.length !== 4) throw cursorError(param, NOT_OURS);
  const [value, id, sortBy, order] = decoded as unknown[];
  if (sortBy !== lp.sortBy || order !== lp.sortOrder) {
    throw cursorError(
      param,
      `belongs to another sort order than ${lp.sortBy} ${lp.sortOrder} (it is only valid with the sort it came with)`,
    );
  }
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id < 1) throw cursorError(param, NOT_OURS);
  if (value === null) return { value, id };
  if (!['string', 'number', 'boolean'].includes(typeof value)) throw cursorError(param, NOT_OURS);
  const hostile = findHostile(value, undefined, param);
  if (hostile) throw badRequest(`${hostile.path}: ${hostile.problem}`);
  if (!canSeek(model, lp.sortBy)) return { value: null, id };
  const f = fieldOf(model, lp.sortBy);
  try {
    return { value: scalar(lp.sortBy, f === 'id' ? f : { ...f, values: undefined }, value), id };
  } catch {
    throw cursorError(param, `holds a value that is not a ${lp.sortBy}`);
  }
}

const OPERATORS = new Set<string>(Object.values(FILTER_OPERATORS));
const NUMERIC = new Set(['integer', 'number', 'timestamp', 'reference']);
const RANGE_OPERATORS = [
  ['min', '>='],
  ['max', '<='],
] as const;

function isEmpty(v: unknown): boolean {
  return v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}

/** Converts one filter value to the field's type, or refuses it naming the key. */
function scalar(key: string, f: FieldSpec | 'id', v: unknown): string | number | boolean {
  const kind = f === 'id' ? 'integer' : f.kind;
  if (NUMERIC.has(kind) || kind === 'references') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw filterError(key, `expected a number, got ${JSON.stringify(v)}`);
    if ((kind !== 'number' && !Number.isInteger(n)) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
      throw filterError(key, `expected a whole number, got ${JSON.stringify(v)}`);
    }
    return n;
  }
  if (kind === 'boolean') {
    if (v === true || v === 'true' || v === 1 || v === '1') return true;
    if (v === false || v === 'false' || v === 0 || v === '0') return false;
    throw filterError(key, `expected true or false, got ${JSON.stringify(v)}`);
  }
  if (typeof v !== 'string' && typeof v !== 'number')
    throw filterError(key, `expected text, got ${JSON.stringify(v)}`);
  if (f !== 'id' && f.values && !f.values.map(String).includes(String(v))) {
    throw filterError(key, `"${String(v)}" is not one of ${f.values.join(', ')}`);
  }
  return typeof v === 'number' && f !== 'id' && f.values?.includes(v) ? v : String(v);
}

function arrayType(f: FieldSpec | 'id'): string {
  if (f === 'id' || NUMERIC.has(f.kind) || f.kind === 'references') return 'bigint[]';
  if (f.kind === 'boolean') return 'boolean[]';
  if (f.values?.every((x) => typeof x === 'number')) return 'integer[]';
  return 'text[]';
}

function fieldOf(model: ResourceModel, key: string): FieldSpec | 'id' {
  if (key === 'id') return 'id';
  if (key === 'created_at' || key === 'updated_at') return { kind: 'timestamp', filter: 'range' };
  return model.fields[key]!;
}

function condition(model: ResourceModel, key: string, raw: unknown, params: Params): string | null {
  const custom = model.customFilters[key];
  if (custom) {
    // the shared declaration says what one value is; the resource's SQL only ever sees such a value
    const declared = model.spec.customFilters?.[key];
    if (!declared) return custom(raw, params);
    const kind = FIELD_KIND_OF_VALUE[declared.value];
    return custom(
      scalar(key, { kind, ...(declared.values ? { values: declared.values } : {}) }, raw),
      params,
    );
  }
  const f = fieldOf(model, key);
  const col = `t.${ident(key)}`;
  const isArrayCol = f !== 'id' && (f.kind === 'references' || f.kind === 'strings');
  if (Array.isArray(raw)) raw = { where_in: raw };
  if (raw && typeof raw === 'object') {
    const ops = raw as Record<string, unknown>;
    const unknownOp = Object.keys(ops).find((k) => !OPERATORS.has(k));
    if (unknownOp) throw badRequest(`filter.${key}: unknown operator "${unknownOp}"`);
    const parts: string[] = [];
    if (ops.where_null === true)
      parts.push(isArrayCol ? `(${col} IS NULL OR cardinality(${col}) = 0)` : `${col} IS NULL`);
    if (ops.where_not_null === true) {
      parts.push(isArrayCol ? `cardinality(${col}) > 0` : `${col} IS NOT NULL`);
    }
    if (ops.where_in !== undefined) {
      if (!Array.isArray(ops.where_in)) throw badRequest(`filter.${key}.where_in must be a list`);
      if (ops.where_in.length > LIMITS.maxPerPage) throw badRequest(`filter.${key}.where_in is too long`);
      const values = ops.where_in.filter((v) => !isEmpty(v)).map((v) => scalar(key, f, v));
      const p = `${params.add(values)}::${arrayType(f)}`;
      parts.push(isArrayCol ? `${col} && ${p}` : `${col} = ANY(${p})`);
    }
    for (const [op, sign] of RANGE_OPERATORS) {
      if (isEmpty(ops[op])) continue;
      if (f !== 'id' && f.filter !== 'range' && !NUMERIC.has(f.kind)) {
        throw badRequest(`filter.${key}: ${op} is not supported on this field`);
      }
      const kindIsText = f !== 'id' && f.kind === 'string';
      const value = kindIsText
        ? String(ops[op])
        : scalar(key, f === 'id' ? f : { ...f, values: undefined }, ops[op]);
      parts.push(`${col} ${sign} ${params.add(value)}`);
    }
    return parts.length ? parts.join(' AND ') : null;
  }
  const value = scalar(key, f, raw);
  if (isArrayCol) return `${col} @> ARRAY[${params.add(value)}]::${arrayType(f)}`;
  if (f !== 'id' && f.filter === 'search')
    return `${col} ILIKE ${params.add(`%${likeEscape(String(value))}%`)}`;
  return `${col} = ${params.add(value)}`;
}

/** Turns the filter JSON into SQL conditions (AND-ed), with every value as a parameter. */
export function compileFilter(
  model: ResourceModel,
  filter: Record<string, unknown>,
  params: Params,
): string[] {
  const out: string[] = [];
  for (const [key, raw] of Object.entries(filter)) {
    if (isEmpty(raw)) continue;
    if (key === 'q') {
      if (!model.searchable.length) throw badRequest(`filter.q: ${model.name} has no searchable fields`);
      if (typeof raw !== 'string' && typeof raw !== 'number') throw badRequest('filter.q must be text');
      const p = params.add(`%${likeEscape(String(raw))}%`);
      out.push(`(${model.searchable.map((s) => `t.${ident(s)} ILIKE ${p}`).join(' OR ')})`);
      continue;
    }
    if (!model.filterable.has(key))
      throw badRequest(`filter.${key}: ${model.name} cannot be filtered by "${key}"`);
    const c = condition(model, key, raw, params);
    if (c) out.push(`(${c})`);
  }
  return out;
}

export interface CompiledList {
  /** The page: a seek past the cursor, a deep OFFSET through the page's ids, or a plain first page. */
  pageSql: string;
  params: unknown[];
  /**
   * A seek's second part, across the NULL boundary of the sort column (NULLs sort last ascending, first
   * descending): run when the first part came back short of a page, its rows appended.
   */
  restSql: string | null;
  restParams: unknown[];
  /** The statements read a `before` page backwards: flip the rows back. */
  reversed: boolean;
  /** Bounded at LIMITS.exactTotalMax + 1 rows unless the list asks for an exact count. */
  countSql: string;
  countParams: unknown[];
  /** Whether anything narrows the rows besides the table itself: a filter, the access rule, a scope. */
  narrowed: boolean;
}

/** A copy of the parameters collected so far, for a second statement sharing their text. */
function fork(params: Params): Params {
  const copy = new Params();
  copy.values.push(...params.values);
  return copy;
}

/**
 * The conditions of a seek in the order the statement reads (`order`), each index-friendly on (col, id):
 * the row comparison over the non-NULL values and the NULL block of the sort column apart, since a row
 * comparison never matches NULL. Only the first part takes values.
 */
function seekConditions(
  col: string,
  sortBy: string,
  order: 'ASC' | 'DESC',
  seek: Seek,
  params: Params,
): { first: string; rest: string | null } {
  const op = order === 'ASC' ? '>' : '<';
  if (sortBy === 'id') return { first: `t.id ${op} ${params.add(seek.id)}`, rest: null };
  if (seek.value === null) {
    // Inside the NULL block: the rest of it by id; descending, the non-NULL values follow it.
    return {
      first: `${col} IS NULL AND t.id ${op} ${params.add(seek.id)}`,
      rest: order === 'DESC' ? `${col} IS NOT NULL` : null,
    };
  }
  return {
    first: `(${col}, t.id) ${op} (${params.add(seek.value)}, ${params.add(seek.id)})`,
    // Ascending, the NULL block follows the values (the meta columns are never NULL).
    rest: order === 'ASC' && !isMetaColumn(sortBy) ? `${col} IS NULL` : null,
  };
}

/** What a list statement needs of its sort, fixed for a resource, sort field and direction. */
interface SortShape {
  table: string;
  sortCol: string;
  orderBy: string;
}

/**
 * The sort pieces of every (sort field, direction) a resource was listed by, so the identifiers are quoted
 * and the ORDER BY written once rather than per request. Bounded by the declared sortable fields.
 */
const sortShapes = new WeakMap<ResourceModel, Map<string, SortShape>>();

function sortShape(model: ResourceModel, sortBy: string, order: 'ASC' | 'DESC'): SortShape {
  let shapes = sortShapes.get(model);
  if (!shapes) sortShapes.set(model, (shapes = new Map()));
  const key = `${order} ${sortBy}`;
  let shape = shapes.get(key);
  if (!shape) {
    const sortCol = model.computed[sortBy] ? ident(sortBy) : `t.${ident(sortBy)}`;
    const orderBy = ` ORDER BY ${sortCol} ${order}${sortBy === 'id' ? '' : `, t.id ${order}`}`;
    shape = { table: ident(model.table), sortCol, orderBy };
    shapes.set(key, shape);
  }
  return shape;
}

/** ` WHERE a AND b AND more`, or nothing. */
function whereClause(conditions: string[], more?: string): string {
  if (more !== undefined)
    return conditions.length ? ` WHERE ${conditions.join(' AND ')} AND ${more}` : ` WHERE ${more}`;
  return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
}

export function compileList(
  model: ResourceModel,
  lp: ListParams,
  extra: string[] = [],
  params = new Params(),
  /** Extra output columns of this read (`(…) AS "name"`), rendered after the count's parameters. */
  columns?: (params: Params) => string[],
): CompiledList {
  const conditions = extra.concat(compileFilter(model, lp.filter, params));
  const where = whereClause(conditions);
  const countParams = params.values.slice();
  const seekable = canSeek(model, lp.sortBy);
  const seek = seekable ? lp.seek : undefined;
  const reversed = seek?.direction === 'before';
  const order = reversed ? (lp.sortOrder === 'ASC' ? 'DESC' : 'ASC') : lp.sortOrder;
  const { table, sortCol, orderBy } = sortShape(model, lp.sortBy, order);
  const countSql = lp.exact
    ? `SELECT count(*) AS total FROM ${table} t${where}`
    : `SELECT count(*) AS total FROM (SELECT 1 FROM ${table} t${where} LIMIT ${LIMITS.exactTotalMax + 1}) s`;
  const extraColumns = columns ? columns(params) : [];
  const output = extraColumns.length ? `${model.selectList}, ${extraColumns.join(', ')}` : model.selectList;
  const select = `SELECT ${output} FROM ${table} t`;
  const narrowed = conditions.length > 0;
  if (seek) {
    // The rest part takes no values of its own: it shares the text rendered so far.
    const restParams = fork(params);
    const { first, rest } = seekConditions(sortCol, lp.sortBy, order, seek, params);
    return {
      pageSql: `${select}${whereClause(conditions, first)}${orderBy} LIMIT ${params.add(lp.perPage)}`,
      params: params.values,
      restSql:
        rest === null
          ? null
          : `${select}${whereClause(conditions, rest)}${orderBy} LIMIT ${restParams.add(lp.perPage)}`,
      restParams: restParams.values,
      reversed,
      countSql,
      countParams,
      narrowed,
    };
  }
  const limit = params.add(lp.perPage);
  const offset = (lp.page - 1) * lp.perPage;
  // A first page (or one a computed sort pages by OFFSET); else a deep jump: the page's ids from the
  // (col, id) index alone, then the full rows of just those.
  const pageSql =
    offset === 0 || !seekable
      ? `${select}${where}${orderBy} LIMIT ${limit} OFFSET ${params.add(offset)}`
      : `${select} WHERE t.id = ANY(ARRAY(SELECT t.id FROM ${table} t${where}${orderBy} LIMIT ${limit} OFFSET ${params.add(offset)}))${orderBy}`;
  return {
    pageSql,
    params: params.values,
    restSql: null,
    restParams: [],
    reversed,
    countSql,
    countParams,
    narrowed,
  };
}
