import type { Queryable } from '../../../db/db.js';

/**
 * Reads and writes of the dms scheduled commands, which run for no user: the domains a daily run plans over
 * (the whole portfolio by a date, no access rule to apply), and what a deindex check stores (a history row
 * and the flag, under a row lock taken by name, inside the run's commit transaction).
 */

export interface ExpiringDomain {
  id: number;
  name: string;
  expiration_date: number;
  website_id: number | null;
}

/** Domains with expiration alerts on that expire within `days` (or have expired), soonest first. */
export async function domainsExpiringWithin(db: Queryable, days: number): Promise<ExpiringDomain[]> {
  const r = await db.query<ExpiringDomain>(
    `SELECT id, name, expiration_date, website_id FROM domains
     WHERE expiration_alerts AND expiration_date IS NOT NULL AND expiration_date <= epoch_now() + $1 * 86400
     ORDER BY expiration_date, id`,
    [days],
  );
  return r.rows.map((d) => ({
    id: Number(d.id),
    name: d.name,
    expiration_date: Number(d.expiration_date),
    website_id: d.website_id === null ? null : Number(d.website_id),
  }));
}

/** The id of a role by name (the admins, who get alerts of domains no website owns), or null. */
export async function roleIdByName(tx: Queryable, name: string): Promise<number | null> {
  const r = await tx.query<{ id: number }>('SELECT id FROM roles WHERE name = $1', [name]);
  return r.rows[0] ? Number(r.rows[0].id) : null;
}

/** Domains whose registration data is older than `olderThanDays` (or never read), oldest first. */
export async function domainsReadLongestAgo(
  db: Queryable,
  olderThanDays: number,
  limit: number,
): Promise<Array<{ id: number; name: string }>> {
  const r = await db.query<{ id: number; name: string }>(
    `SELECT id, name FROM domains
     WHERE coalesce(whois_refreshed_at, 0) < epoch_now() - $1 * 86400
     ORDER BY whois_refreshed_at ASC NULLS FIRST, id LIMIT $2`,
    [olderThanDays, limit],
  );
  return r.rows.map((d) => ({ id: Number(d.id), name: d.name }));
}

export interface IndexedDomain {
  id: number;
  website_id: number | null;
  deindexed: boolean;
}

/** The portfolio domain of this name, locked for the check's commit; null when not in the portfolio. */
export async function lockDomainByName(tx: Queryable, name: string): Promise<IndexedDomain | null> {
  const d = await tx.query<IndexedDomain>(
    'SELECT id, website_id, deindexed FROM domains WHERE name = $1 FOR UPDATE',
    [name],
  );
  return d.rows[0] ?? null;
}

export interface IndexedEntry {
  domainId: number;
  websiteId: number | null;
  indexed: boolean;
  resultCount: number;
  provider: string;
  query: string;
  sampleUrls: string[];
  cronRunId: number;
}

export async function recordIndexed(tx: Queryable, e: IndexedEntry): Promise<void> {
  await tx.query(
    `INSERT INTO indexed_history (domain_id, website_id, indexed, result_count, provider, query, sample_urls, cron_run_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [e.domainId, e.websiteId, e.indexed, e.resultCount, e.provider, e.query, e.sampleUrls, e.cronRunId],
  );
}

export async function setDeindexed(tx: Queryable, domainId: number, deindexed: boolean): Promise<void> {
  await tx.query(
    'UPDATE domains SET deindexed = $2, updated_at = epoch_now(), version = version + 1 WHERE id = $1',
    [domainId, deindexed],
  );
}
