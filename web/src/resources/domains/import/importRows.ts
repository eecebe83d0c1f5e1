import type { ImportRow } from '@sitefleet/shared';
import type { DomainImportResult } from '@sitefleet/shared';

/** The most rows the server takes in one import call; longer files are sent in chunks. */
export const IMPORT_CHUNK = 10_000;

/**
 * SPEC §4 import row states: Imported (created, or the name was already taken), Not valid (client
 * validation failed), Error (with the server message); 'ready' until the import runs.
 */
export type RowStatus = 'ready' | 'invalid' | 'imported' | 'error';

export const STATUS_LABELS: Record<RowStatus, string> = {
  ready: 'Ready',
  invalid: 'Not valid',
  imported: 'Imported',
  error: 'Error',
};

export interface ImportRowState {
  line: number;
  name: string;
  notes: string;
  status: RowStatus;
  message: string | null;
  /** True when this import created the domain (false when it already existed). */
  created: boolean;
}

export interface Chunk {
  /** Row positions (in the state list) of the chunk's rows, in order: the server's index is into this. */
  positions: number[];
  rows: Array<{ name: string; notes: string | null }>;
}

export function initialRows(parsed: readonly ImportRow[]): ImportRowState[] {
  return parsed.map((row) => ({
    line: row.line,
    name: row.name,
    notes: row.notes,
    status: row.error ? 'invalid' : 'ready',
    message: row.error,
    created: false,
  }));
}

/** The valid rows, in chunks of at most `size` (the server's per-call limit). */
export function importChunks(rows: readonly ImportRowState[], size = IMPORT_CHUNK): Chunk[] {
  const ready = rows.flatMap((row, position) => (row.status === 'ready' ? [{ row, position }] : []));
  const chunks: Chunk[] = [];
  for (let i = 0; i < ready.length; i += size) {
    const part = ready.slice(i, i + size);
    chunks.push({
      positions: part.map((p) => p.position),
      rows: part.map((p) => ({ name: p.row.name, notes: p.row.notes || null })),
    });
  }
  return chunks;
}

/** Marks a chunk's rows from the server's per-row results. */
export function applyResults(
  rows: readonly ImportRowState[],
  chunk: Chunk,
  results: readonly DomainImportResult[],
): ImportRowState[] {
  const next = [...rows];
  for (const result of results) {
    const position = chunk.positions[result.index];
    const row = position === undefined ? undefined : next[position];
    if (!row || position === undefined) continue;
    next[position] =
      result.status === 'error'
        ? { ...row, status: 'error', message: result.message ?? 'Error', created: false }
        : {
            ...row,
            status: 'imported',
            message:
              result.status === 'exists' ? (result.message ?? 'The name has already been taken') : null,
            created: result.status === 'imported',
          };
  }
  return next;
}

/** A chunk whose call failed: each of its rows gets the failure as its error. */
export function applyFailure(
  rows: readonly ImportRowState[],
  chunk: Chunk,
  message: string,
): ImportRowState[] {
  const next = [...rows];
  for (const position of chunk.positions) {
    const row = next[position];
    if (row) next[position] = { ...row, status: 'error', message, created: false };
  }
  return next;
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

export function summaryText(s: ImportSummary): string {
  return `${s.created} new, ${s.existing} already in the portfolio, ${s.invalid} not valid, ${s.errors} ${s.errors === 1 ? 'error' : 'errors'}`;
}
