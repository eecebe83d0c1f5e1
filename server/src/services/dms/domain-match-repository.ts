import type { Queryable } from '../../db/db.js';

/**
 * Which portfolio domain a hostname belongs to, for the websites' before-write hook. Direct SQL: it runs
 * inside the website's write transaction (a hook gets only that handle) and matches the longest stored
 * suffix of the name, which no list filter expresses; it links records, it shows the user nothing.
 */
export async function domainIdForHost(tx: Queryable, candidates: string[]): Promise<number | null> {
  const r = await tx.query<{ id: number }>(
    'SELECT id FROM domains WHERE name = ANY($1::text[]) ORDER BY length(name) DESC LIMIT 1',
    [candidates],
  );
  return r.rows[0] ? Number(r.rows[0].id) : null;
}
