import { LIMITS } from '@sitefleet/shared';
import { specOf } from '../../../providers/writable';

export const NOT_EXPORTED = 'NOT EXPORTED';
export const REFERENCED_EXPORT_CONFIRM =
  "You've requested too much data for referencial export, export will be done with no references. To export referenced data, please restrict data using filters (max 100 entries at a time)";

export type Cell = string | number | boolean | null;
type Row = Record<string, unknown>;

export interface ExportColumn {
  source: string;
  label: string;
  /** Computes the cell; without it the record's own value at `source` is used. */
  exportValue?: (record: Row, refs: RefLookup) => unknown;
  /** The column holds ids of another resource; with references resolved the cell shows their names. */
  reference?: { resource: string; optionText: string };
}

/** resource → id → display name, filled only for referenced exports. */
export type RefLookup = Record<string, Record<string, string>>;

export function getPath(record: Row, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    // a null parent is a known empty value; a missing key is an unknown column
    if (current === null) return null;
    if (typeof current !== 'object' || !(key in current)) return undefined;
    current = (current as Row)[key];
  }
  return current;
}

/** SPEC §5 referenced-export rule: with reference columns, more than 100 rows exports without names. */
export function needsReferenceConfirmation(columns: readonly ExportColumn[], total: number): boolean {
  return columns.some((c) => c.reference) && total > LIMITS.referencedExportMax;
}

function plain(value: unknown): Cell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (Array.isArray(value))
    return value.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ');
  return JSON.stringify(value);
}

/** One cell: a computed value, the record's value, resolved reference names, or NOT EXPORTED. */
export function cellValue(column: ExportColumn, record: Row, refs: RefLookup = {}): Cell {
  if (column.exportValue) {
    const computed = column.exportValue(record, refs);
    return computed === undefined ? NOT_EXPORTED : plain(computed);
  }
  const value = getPath(record, column.source);
  if (value === undefined) return NOT_EXPORTED;
  const names = column.reference ? refs[column.reference.resource] : undefined;
  if (names && value !== null) {
    const ids = Array.isArray(value) ? value : [value];
    return ids.map((id) => names[String(id)] ?? String(id)).join(', ');
  }
  return plain(value);
}

/** Spreadsheet formula injection guard (SECURITY #15): =, +, -, @ (and tab/CR) get a leading quote. */
export function escapeFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function csvField(cell: Cell): string {
  if (cell === null) return '';
  const text = typeof cell === 'string' ? escapeFormula(cell) : String(cell);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toMatrix(
  columns: readonly ExportColumn[],
  records: readonly Row[],
  refs: RefLookup = {},
): Cell[][] {
  return records.map((record) => columns.map((column) => cellValue(column, record, refs)));
}

/** RFC 4180 CSV with a header row of column labels and CRLF line ends. */
export function toCsv(
  columns: readonly ExportColumn[],
  records: readonly Row[],
  refs: RefLookup = {},
): string {
  const header = columns.map((c) => csvField(c.label));
  const rows = toMatrix(columns, records, refs).map((row) => row.map(csvField));
  return [header, ...rows].map((r) => r.join(',')).join('\r\n');
}

/** Tab-separated text for the clipboard (pastes into a spreadsheet as cells). */
export function toTsv(
  columns: readonly ExportColumn[],
  records: readonly Row[],
  refs: RefLookup = {},
): string {
  const clean = (cell: Cell) =>
    cell === null
      ? ''
      : escapeFormula(typeof cell === 'string' ? cell : String(cell)).replace(/[\t\r\n]+/g, ' ');
  const rows = [
    columns.map((c) => clean(c.label)),
    ...toMatrix(columns, records, refs).map((r) => r.map(clean)),
  ];
  return rows.map((r) => r.join('\t')).join('\n');
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The user's calendar day (not UTC's: an evening export in UTC-8 is still today's). */
export const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/**
 * `dms/api/v1/domains` → `domains-2026-11-25.csv`: the resource's declared name (`dms-cron-jobs` for one
 * service's cron runs, where paths share their last segment), and the local date.
 */
export function exportFileName(resource: string, extension: string, now = new Date()): string {
  const base = specOf(resource)?.name ?? resource.split('/').filter(Boolean).pop() ?? 'export';
  return `${base}-${localDay(now)}.${extension}`;
}
