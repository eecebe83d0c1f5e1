import { FIELD_KIND_OF_VALUE, FILTER_OPERATORS, LIMITS, type FieldSpec } from '@sitefleet/shared';
import { badRequest } from './errors.js';
import { findHostile } from './hostile.js';
import type { ResourceModel } from './resource.js';
import { ident, likeEscape, Params } from './sql.js';

export interface ListParams {
  sortBy: string;
  sortOrder: 'ASC' | 'DESC';
  page: number;
  perPage: number;
  filter: Record<string, unknown>;
}

export interface RawListQuery {
  sortBy?: string;
  sortOrder?: string;
  page?: string | number;
  perPage?: string | number;
  filter?: string | Record<string, unknown>;
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
  return { sortBy, sortOrder: order, page, perPage, filter: filter as Record<string, unknown> };
}

const OPERATORS = new Set<string>(Object.values(FILTER_OPERATORS));
const NUMERIC = new Set(['integer', 'number', 'timestamp', 'reference']);

function isEmpty(v: unknown): boolean {
  return v === '' || v === null || v === undefined || (Array.isArray(v) && v.length === 0);
}

/** Converts one filter value to the field's type, or refuses it naming the key. */
function scalar(key: string, f: FieldSpec | 'id', v: unknown): string | number | boolean {
  const kind = f === 'id' ? 'integer' : f.kind;
  const fail = (what: string) => badRequest(`filter.${key}: ${what}`);
  if (NUMERIC.has(kind) || kind === 'references') {
    const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
    if (!Number.isFinite(n)) throw fail(`expected a number, got ${JSON.stringify(v)}`);
    if ((kind !== 'number' && !Number.isInteger(n)) || Math.abs(n) > Number.MAX_SAFE_INTEGER) {
      throw fail(`expected a whole number, got ${JSON.stringify(v)}`);
    }
    return n;
  }
  if (kind === 'boolean') {
    if (v === true || v === 'true' || v === 1 || v === '1') return true;
    if (v === false || v === 'false' || v === 0 || v === '0') return false;
    throw fail(`expected true or false, got ${JSON.stringify(v)}`);
  }
  if (typeof v !== 'string' && typeof v !== 'number') throw fail(`expected text, got ${JSON.stringify(v)}`);
  if (f !== 'id' && f.values && !f.values.map(String).includes(String(v))) {
    throw fail(`"${String(v)}" is not one of ${f.values.join(', ')}`);
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
    for (const [op, sign] of [
      ['min', '>='],
      ['max', '<='],
    ] as const) {
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
  pageSql: string;
  countSql: string;
  params: unknown[];
  countParams: unknown[];
}

export function compileList(
  model: ResourceModel,
  lp: ListParams,
  extra: string[] = [],
  params = new Params(),
  /** Extra output columns of this read (`(…) AS "name"`), rendered after the count's parameters. */
  columns: (params: Params) => string[] = () => [],
): CompiledList {
  const conditions = [...extra, ...compileFilter(model, lp.filter, params)];
  const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
  const from = ` FROM ${ident(model.table)} t${where}`;
  const countParams = [...params.values];
  const output = [model.selectList, ...columns(params)].join(', ');
  const sortCol = model.computed[lp.sortBy] ? ident(lp.sortBy) : `t.${ident(lp.sortBy)}`;
  const tiebreak = lp.sortBy === 'id' ? '' : `, t.id ${lp.sortOrder}`;
  const limit = params.add(lp.perPage);
  const offset = params.add((lp.page - 1) * lp.perPage);
  return {
    pageSql: `SELECT ${output}${from} ORDER BY ${sortCol} ${lp.sortOrder}${tiebreak} LIMIT ${limit} OFFSET ${offset}`,
    countSql: `SELECT count(*) AS total${from}`,
    params: params.values,
    countParams,
  };
}
