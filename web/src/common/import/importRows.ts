import { missingCells, type ImportFile, type ImportRowResult, type ImportSpec } from '@sitefleet/shared';

/**
 * A row's state in the import dialog (SPEC §4 import rows): Checking while the server's dry run reads it,
 * then Ready (would be created), Exists (already stored), Not valid (a field error, found in the browser or
 * by the dry run); after the import, Imported (created, or already stored: with the server's message) or
 * Error (with the server's message).
 */
export type RowStatus = 'checking' | 'ready' | 'exists' | 'invalid' | 'imported' | 'error';

export const STATUS_LABELS: Record<RowStatus, string> = {
  checking: 'Checking',
  ready: 'Ready',
  exists: 'Exists',
  invalid: 'Not valid',
  imported: 'Imported',
  error: 'Error',
};

export interface ImportRowState {
  line: number;
  cells: Record<string, string>;
  status: RowStatus;
  /** Field errors by column key. */
  fields: Record<string, string>;
  /** What the server said of the row as a whole. */
  message: string | null;
  /** The line of the earlier row this one repeats. */
  sameAs: number | null;
  /** The import created this record (false when it was stored already). */
  created: boolean;
}

/** Rows sent in one call: their positions in the state list (the server's `index` is into this list). */
export interface Sent {
  positions: number[];
  rows: Array<Record<string, string>>;
}

export function initialRows(spec: ImportSpec, file: ImportFile): ImportRowState[] {
  return file.rows.map((row) => {
    const fields = missingCells(spec, row.cells);
    const invalid = Object.keys(fields).length > 0;
    return {
      line: row.line,
      cells: row.cells,
      status: invalid ? 'invalid' : 'checking',
      fields,
      message: null,
      sameAs: null,
      created: false,
    };
  });
}

/** The rows of these states, with their positions. */
export function rowsIn(rows: readonly ImportRowState[], statuses: readonly RowStatus[]): Sent {
  const picked = rows.flatMap((row, position) => (statuses.includes(row.status) ? [{ row, position }] : []));
  return { positions: picked.map((p) => p.position), rows: picked.map((p) => p.row.cells) };
}

/** Marks the sent rows from the server's per-row results, of a dry run or of the import itself. */
export function applyResults(
  rows: readonly ImportRowState[],
  sent: Sent,
  results: readonly ImportRowResult[],
  dryRun: boolean,
): ImportRowState[] {
  const next = [...rows];
  for (const r of results) {
    const position = sent.positions[r.index];
    const row = position === undefined ? undefined : next[position];
    if (!row || position === undefined) continue;
    const earlier = r.duplicate_of === null ? undefined : sent.positions[r.duplicate_of];
    const base = {
      ...row,
      fields: r.fields,
      message: r.message,
      sameAs: earlier === undefined ? null : (next[earlier]?.line ?? null),
      created: false,
    };
    if (r.status === 'error')
      next[position] = { ...base, status: dryRun ? 'invalid' : 'error', message: r.message ?? null };
    else if (dryRun) next[position] = { ...base, status: r.status === 'created' ? 'ready' : 'exists' };
    else next[position] = { ...base, status: 'imported', created: r.status === 'created' };
  }
  return next;
}

/** A call that failed as a whole: each of its rows gets the failure as its error. */
export function applyFailure(rows: readonly ImportRowState[], sent: Sent, message: string): ImportRowState[] {
  const next = [...rows];
  for (const position of sent.positions) {
    const row = next[position];
    if (row) next[position] = { ...row, status: 'error', message, created: false };
  }
  return next;
}

/** What the message column says of a row: each field error under its column's header, then the row's own. */
export function messageOf(spec: ImportSpec, row: ImportRowState): string {
  const parts = Object.entries(row.fields).map(
    ([key, message]) => `${spec.columns[key]?.header ?? key}: ${message}`,
  );
  if (row.sameAs !== null) parts.push(`Same as line ${row.sameAs}`);
  else if (row.message && !parts.length) parts.push(row.message);
  return parts.join('; ');
}

export interface ImportSummary {
  created: number;
  existing: number;
  invalid: number;
  errors: number;
}

export function summarise(rows: readonly ImportRowState[]): ImportSummary {
  return {
    created: rows.filter((r) => r.status === 'imported' && r.created).length,
    existing: rows.filter((r) => r.status === 'imported' && !r.created).length,
    invalid: rows.filter((r) => r.status === 'invalid').length,
    errors: rows.filter((r) => r.status === 'error').length,
  };
}

export function summaryText(spec: ImportSpec, s: ImportSummary): string {
  return `${s.created} new, ${s.existing} ${spec.words.existing}, ${s.invalid} not valid, ${s.errors} ${s.errors === 1 ? 'error' : 'errors'}`;
}
