import type { Queryable } from '../../db/db.js';
import type { Row } from '../../core/resource.js';

/**
 * The bulk statements of the domain import. Direct SQL: a file of up to 5,000 names goes in as a thousand
 * rows a statement, a name already stored is skipped by the unique index (ON CONFLICT DO NOTHING) rather
 * than refused; the engine's create writes one record a statement and refuses a taken name. The values
 * come from the engine (`createValues`), so the create's hook, sealing and reference checks still apply.
 */

/**
 * The ids of names already in the portfolio. Joined to the list, each name is one probe of the unique
 * index (the planner knows it yields at most a row). Written as `name = ANY($1)`, a table whose statistics
 * predate a big import was read through the trigram index instead: 4.8 s for 1,000 names, 24 s a file.
 */
export const EXISTING_DOMAINS_SQL =
  'SELECT d.id, d.name FROM unnest($1::text[]) AS x(name) JOIN domains d ON d.name = x.name';

/**
 * Inserts the records not yet stored, given as the column values the engine prepared for their create
 * (name, unicode_name, notes); answers the ids of those inserted, by name.
 */
export async function insertNewDomains(
  tx: Queryable,
  rows: Row[],
  source: string,
): Promise<Map<string, number>> {
  const inserted = await tx.query<{ id: number; name: string }>(
    `INSERT INTO domains (name, unicode_name, notes, pulled_from)
     SELECT n, u, nt, $4 FROM unnest($1::text[], $2::text[], $3::text[]) AS x(n, u, nt)
     ON CONFLICT (name) DO NOTHING RETURNING id, name`,
    [rows.map((r) => r.name), rows.map((r) => r.unicode_name), rows.map((r) => r.notes ?? null), source],
  );
  return new Map(inserted.rows.map((r) => [r.name, Number(r.id)]));
}

/** The ids of stored names, by name. */
export async function existingDomainIds(tx: Queryable, names: string[]): Promise<Map<string, number>> {
  if (!names.length) return new Map();
  const found = await tx.query<{ id: number; name: string }>(EXISTING_DOMAINS_SQL, [names]);
  return new Map(found.rows.map((r) => [r.name, Number(r.id)]));
}
