/**
 * Bulk imports from CSV, declared once per resource: the columns a file may carry (header and other names),
 * the field each fills, the natural key that finds a row already stored, the field values every imported
 * record gets, and how many rows one file may hold. The server registers one action per declaration (a dry
 * run and a commit, each row checked as the resource's create checks a body); the console reads the file
 * in the browser with the same declaration, previews every row and then imports.
 */
import type { ImportAction } from './actions/define-import.js';
import { csvCell, parseCsv } from './csv.js';
import type { ResourceSpec } from './fields.js';

export interface ImportColumn {
  /** The header the template writes and the console shows. */
  header: string;
  /** Other headers that name this column (compared without case, spaces or punctuation). */
  aliases?: readonly string[];
  /** The field it fills: a field of the resource, or `field.key` for one key of a JSON field (contact.email). */
  field: string;
  /** The file must have this column and every row a value in it. */
  required?: boolean;
  /** What an empty cell stands for. */
  default?: string;
  /**
   * For a reference field: a cell may name the record by this field of the referenced resource instead of
   * its id (a website by hostname); with `host`, a URL or a `www.` name stands for its bare host.
   */
  lookup?: { field: string; host?: boolean };
  /** The cell must stay empty when this yes/no column says yes (a permanent link has no duration). */
  emptyWhen?: { column: string; message: string };
  /** What a value looks like, for the column list of the dialog. */
  example?: string;
}

export interface ImportSpec {
  resource: ResourceSpec;
  /** By the key a row carries it under in the action's body. */
  columns: Readonly<Record<string, ImportColumn>>;
  /** The fields (as stored, after the create's normalisation) that say a row is already there. */
  key: readonly string[];
  maxRows: number;
  /** Field values every imported record gets (where it came from). */
  values?: Readonly<Record<string, string | number | boolean>>;
  /** A file without a header row holds the columns in their declared order (a list of domain names). */
  headerOptional?: boolean;
  /** The columns the console's preview shows (all of them by default). */
  preview?: readonly string[];
  /** How the console speaks of the records: `Import 2 domains`, `1 already in the portfolio`. */
  words: { one: string; many: string; existing: string; exists: string };
}

export const IMPORT_ROW_STATUSES = ['created', 'exists', 'error'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** The longest cell the action takes; the field's own limit is checked per row, as a create checks it. */
export const IMPORT_CELL_MAX = 20_000;

export type { ImportAction, ImportRowResult } from './actions/define-import.js';

/** Whether a declared action is an import (the registry of actions holds both). */
export const isImportAction = (value: unknown): value is ImportAction =>
  typeof value === 'object' && value !== null && 'import' in value && 'path' in value;

const squash = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/** The names a header cell may give a column: its header, its key, its aliases. */
export function columnNames(key: string, column: ImportColumn): string[] {
  return [column.header, key, ...(column.aliases ?? [])].map(squash);
}

/** How a file's columns map to the declaration's. */
export interface ImportLayout {
  /** Per position in the file: the column key it fills, or null (not imported). */
  columns: Array<string | null>;
  /** Whether the first record was a header row (and is not a row to import). */
  header: boolean;
  /** Headers of the file that name no column (left out of the import). */
  unknown: string[];
}

/**
 * Maps a file's first record to the declared columns. It is a header when one of its cells names a column;
 * otherwise, where the declaration allows files without a header, the columns come in declared order.
 * Null when the record is no header and one is needed.
 */
export function importLayout(spec: ImportSpec, first: readonly string[]): ImportLayout | null {
  const names = Object.entries(spec.columns).map(([key, c]) => ({ key, names: columnNames(key, c) }));
  const used = new Set<string>();
  const columns = first.map((cell) => {
    const match = names.find((n) => !used.has(n.key) && n.names.includes(squash(cell)));
    if (match) used.add(match.key);
    return match?.key ?? null;
  });
  if (used.size)
    return { columns, header: true, unknown: first.filter((c, i) => c !== '' && columns[i] === null) };
  if (!spec.headerOptional) return null;
  const order = Object.keys(spec.columns);
  return { columns: first.map((_, i) => order[i] ?? null), header: false, unknown: [] };
}

export interface ImportFileRow {
  line: number;
  /** Cell text by column key (only the columns the file has). */
  cells: Record<string, string>;
}

export interface ImportFile {
  rows: ImportFileRow[];
  layout: ImportLayout | null;
  /** Why the file cannot be imported as a whole (no header, a required column missing, too many rows). */
  problem: string | null;
}

/** Reads a CSV file by a declaration: its layout, its rows as cells by column, what stops it as a whole. */
export function readImportFile(spec: ImportSpec, text: string): ImportFile {
  const records = parseCsv(text);
  if (!records.length) return { rows: [], layout: null, problem: null };
  const layout = importLayout(spec, records[0]!.cells);
  const headers = Object.values(spec.columns).map((c) => c.header);
  if (!layout)
    return { rows: [], layout, problem: `The first line must name the columns: ${headers.join(', ')}` };
  const rows = records.slice(layout.header ? 1 : 0).map((r) => {
    const cells: Record<string, string> = {};
    layout.columns.forEach((key, i) => {
      if (key) cells[key] = r.cells[i] ?? '';
    });
    return { line: r.line, cells };
  });
  const missing = Object.entries(spec.columns)
    .filter(([key, c]) => c.required && !layout.columns.includes(key))
    .map(([, c]) => c.header);
  const problem = missing.length
    ? `The file has no ${missing.join(', ')} column (required)`
    : rows.length > spec.maxRows
      ? `The file has ${rows.length} rows; at most ${spec.maxRows} can be imported at once`
      : null;
  return { rows, layout, problem };
}

/** The required cells a row leaves empty ('Required', by column), as the server would answer. */
export function missingCells(
  spec: ImportSpec,
  cells: Readonly<Record<string, string>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, c] of Object.entries(spec.columns))
    if (c.required && !c.default && !cells[key]?.trim()) out[key] = 'Required';
  return out;
}

/** The template file: one header row naming every column. */
export function importTemplate(spec: ImportSpec): string {
  return `${Object.values(spec.columns)
    .map((c) => csvCell(c.header))
    .join(',')}\r\n`;
}
