import { stripDomainInput, type FieldSpec, type ImportColumn, type ImportSpec } from '@sitefleet/shared';
import type { ResourceModel } from './resource.js';

/** A cell read as a field value, or why it cannot be one. */
export type CellValue = { value: unknown } | { error: string };

const YES = new Set(['yes', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'n', 'false', '0']);
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A number as spreadsheets write it: `250`, `249.50`, `249,50`, `1,250.00`, `1 250`. */
function parseNumber(text: string): number | null {
  let s = text.replace(/[\s\u00a0]/g, '');
  if (/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(s)) s = s.replace(/,/g, '');
  else if (/^-?\d+,\d+$/.test(s)) s = s.replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

/** A day (YYYY-MM-DD, midnight UTC) or an ISO date and time, in epoch seconds. */
function parseDate(text: string): number | null {
  const day = DAY.exec(text);
  if (day) {
    const [, y, m, d] = day.map(Number) as [number, number, number, number];
    const ms = Date.UTC(y, m - 1, d);
    const back = new Date(ms);
    return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
      ? ms / 1000
      : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

/**
 * The value a create body gets for a cell of this field: text as it is, numbers, yes/no, dates, enum values
 * matched without case, record ids. Whether the value is allowed (length, range, enum, format) is left to
 * the create's own schema and hooks, so a row is checked exactly as a create is.
 */
export function cellValue(f: FieldSpec, text: string): CellValue {
  switch (f.kind) {
    case 'string':
    case 'text':
    case 'secret':
      return { value: text };
    case 'integer':
    case 'number': {
      const n = parseNumber(text);
      if (n === null) return { error: 'Must be a number' };
      if (f.kind === 'integer' && !Number.isInteger(n)) return { error: 'Must be a whole number' };
      return { value: n };
    }
    case 'boolean': {
      const word = text.toLowerCase();
      if (YES.has(word)) return { value: true };
      if (NO.has(word)) return { value: false };
      return { error: 'Must be yes or no' };
    }
    case 'timestamp': {
      const t = parseDate(text);
      return t === null ? { error: 'Must be a date as YYYY-MM-DD' } : { value: t };
    }
    case 'enum': {
      const match = (f.values ?? []).find((v) => String(v).toLowerCase() === text.toLowerCase());
      return { value: match ?? text };
    }
    case 'reference':
      return /^[1-9]\d{0,15}$/.test(text) ? { value: Number(text) } : { error: 'Must be a record id' };
    default:
      return { error: 'Cannot be imported' };
  }
}

/** How a lookup cell is compared: a bare host (scheme, path and www. stripped), or the text without case. */
export function lookupKey(column: ImportColumn, text: string): string {
  return column.lookup?.host ? stripDomainInput(text) : text.trim().toLowerCase();
}

const IMPORTABLE = new Set(['string', 'text', 'secret', 'integer', 'number', 'boolean', 'timestamp', 'enum']);
const KEYABLE = new Set(['string', 'text', 'integer', 'reference', 'timestamp', 'enum', 'boolean']);

/**
 * Checks an import declaration against the resource it imports into, at start-up: every column fills a
 * writable field it can read, a lookup sits on a reference, the key and fixed values name fields.
 */
export function checkImportSpec(
  spec: ImportSpec,
  model: ResourceModel,
  target: (name: string) => ResourceModel,
): void {
  const fail = (what: string) => {
    throw new Error(`Import of ${model.name}: ${what}`);
  };
  if (!model.operations.create) fail('the resource offers no create');
  for (const [key, c] of Object.entries(spec.columns)) {
    const [root = '', sub] = c.field.split('.');
    const f = model.fields[root];
    if (!f || f.readOnly) fail(`column ${key} fills ${c.field}, which is no writable field`);
    else if (sub !== undefined ? f.kind !== 'json' : f.kind === 'json')
      fail(`column ${key}: only a key of a JSON field can be imported (${c.field})`);
    else if (f.kind === 'reference' && c.lookup && !target(f.reference!).fields[c.lookup.field])
      fail(`column ${key} looks ${f.reference} up by ${c.lookup.field}, which it does not have`);
    else if (sub === undefined && f.kind !== 'reference' && !IMPORTABLE.has(f.kind))
      fail(`column ${key}: a ${f.kind} field cannot be imported`);
    if (c.lookup && f?.kind !== 'reference') fail(`column ${key} has a lookup but fills no reference`);
    const gate = c.emptyWhen && spec.columns[c.emptyWhen.column];
    if (c.emptyWhen && model.fields[gate?.field ?? '']?.kind !== 'boolean')
      fail(`column ${key} depends on ${c.emptyWhen.column}, which is no yes/no column`);
  }
  for (const k of spec.key)
    if (!KEYABLE.has(model.fields[k]?.kind ?? '')) fail(`key field ${k} is no text, number or reference`);
  for (const k of Object.keys(spec.values ?? {}))
    if (!model.fields[k] || model.fields[k].readOnly) fail(`fixed value ${k} is no writable field`);
}
