import { actions, toAsciiDomain, toUnicodeDomain, type DomainImportResult } from '@sitefleet/shared';
import type { Queryable } from '../../db/db.js';

export interface ImportInput {
  name: string;
  notes?: string | null;
}

export type ImportResult = DomainImportResult;

export const IMPORT_MAX_ROWS = actions.dms.DOMAIN_IMPORT_MAX_ROWS;
const CHUNK = 1000;

/**
 * The ids of names already in the portfolio. Joined to the list, each name is one probe of the unique
 * index (the planner knows it yields at most a row). Written as `name = ANY($1)`, a table whose statistics
 * predate a big import was read through the trigram index instead: 4.8 s for 1,000 names, 24 s a file.
 */
export const EXISTING_DOMAINS_SQL =
  'SELECT d.id, d.name FROM unnest($1::text[]) AS x(name) JOIN domains d ON d.name = x.name';

/**
 * Imports domains in bulk, idempotently: a name already in the portfolio (or earlier in the same file) is
 * reported as existing and left untouched, so importing the same file twice changes nothing. The whole
 * file is written in one transaction.
 */
export async function importDomains(
  tx: Queryable,
  rows: ImportInput[],
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
    const inserted = await tx.query<{ id: number; name: string }>(
      `INSERT INTO domains (name, unicode_name, notes, pulled_from)
       SELECT n, u, nt, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS x(n, u, nt)
       ON CONFLICT (name) DO NOTHING RETURNING id, name`,
      [
        chunk.map((c) => c.name),
        chunk.map((c) => toUnicodeDomain(c.name)),
        chunk.map((c) => c.notes),
        source,
      ],
    );
    const ids = new Map(inserted.rows.map((r) => [r.name, Number(r.id)]));
    const existing = chunk.filter((c) => !ids.has(c.name)).map((c) => c.name);
    const found = existing.length
      ? await tx.query<{ id: number; name: string }>(EXISTING_DOMAINS_SQL, [existing])
      : { rows: [] };
    const existingIds = new Map(found.rows.map((r) => [r.name, Number(r.id)]));
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
