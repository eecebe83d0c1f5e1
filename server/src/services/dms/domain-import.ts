import { actions, toAsciiDomain, type DomainImportResult } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';
import type { Row } from '../../core/resource.js';
import { existingDomainIds, insertNewDomains } from './domain-import-repository.js';

export interface ImportInput {
  name: string;
  notes?: string | null;
}

export type ImportResult = DomainImportResult;

/**
 * The column values the domains' create would write for these bodies (the engine's `createValues`: its
 * before-write hook stores the A-label and Unicode forms), so an import stores a name as a create does.
 */
export type PrepareDomains = (tx: Queryable, inputs: Row[]) => Promise<Row[]>;

export const IMPORT_MAX_ROWS = actions.dms.DOMAIN_IMPORT_MAX_ROWS;
const CHUNK = 1000;

/**
 * Imports domains in bulk, idempotently: a name already in the portfolio (or earlier in the same file) is
 * reported as existing and left untouched, so importing the same file twice changes nothing. The whole
 * file is written in one transaction.
 */
export async function importDomains(
  tx: Queryable,
  rows: ImportInput[],
  prepare: PrepareDomains,
  source = 'import',
): Promise<ImportResult[]> {
  const results: ImportResult[] = [];
  const fresh: Array<{ index: number; name: string; notes: string | null }> = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const ascii = toAsciiDomain(row.name ?? '');
    if (!row.name?.trim()) {
      results[index] = { index, name: row.name ?? '', status: 'error', message: 'Required', id: null };
    } else if (!ascii) {
      results[index] = {
        index,
        name: row.name,
        status: 'error',
        message: 'Not a valid domain name',
        id: null,
      };
    } else if (seen.has(ascii)) {
      results[index] = {
        index,
        name: ascii,
        status: 'exists',
        message: 'The name has already been taken',
        id: null,
      };
    } else {
      seen.add(ascii);
      fresh.push({ index, name: ascii, notes: row.notes?.trim() || null });
    }
  });
  for (let i = 0; i < fresh.length; i += CHUNK) {
    const chunk = fresh.slice(i, i + CHUNK);
    const values = await prepare(
      tx,
      chunk.map((c) => ({ name: c.name, notes: c.notes })),
    );
    const ids = await insertNewDomains(tx, values, source);
    const existingIds = await existingDomainIds(
      tx,
      chunk.filter((c) => !ids.has(c.name)).map((c) => c.name),
    );
    for (const c of chunk) {
      const id = ids.get(c.name);
      results[c.index] = id
        ? { index: c.index, name: c.name, status: 'imported', message: null, id }
        : {
            index: c.index,
            name: c.name,
            status: 'exists',
            message: 'The name has already been taken',
            id: existingIds.get(c.name) ?? null,
          };
    }
  }
  return results;
}
