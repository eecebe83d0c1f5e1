import type { Queryable } from '../../../db/db.js';
import type { IpNetworkInfo } from '../../../integrations/rdap/types.js';

/*
 * The link checks' caches of what outside systems said about linking hosts: the IP networks RDAP answered
 * (ip_networks) and Ahrefs' figures of linking domains (linking_domain_metrics). No resource declares these
 * tables (nobody edits or lists them), so their SQL is here.
 */

/** Ahrefs' figures of a linking page's registrable domain on one day. */
export interface DomainFigures {
  domain_rating: number;
  referring_domains: number;
}

interface NetworkRow {
  start_address: string;
  end_address: string;
  ip_version: number;
  handle: string | null;
  name: string | null;
  country: string | null;
  org: string | null;
  server: string;
}

/**
 * The stored network holding `ip` fetched at `freshSince` or later, the innermost when several do (the
 * one starting last); null when there is none.
 */
export async function storedNetwork(
  db: Queryable,
  ip: string,
  freshSince: number,
): Promise<IpNetworkInfo | null> {
  // inet orders IPv4 before IPv6, so a network of the other family never holds the address.
  const r = await db.query<NetworkRow>(
    `SELECT host(start_address) AS start_address, host(end_address) AS end_address, ip_version, handle, name,
            country, org, server
       FROM ip_networks
      WHERE start_address <= $1::inet AND end_address >= $1::inet AND fetched_at >= $2
      ORDER BY start_address DESC, end_address
      LIMIT 1`,
    [ip, freshSince],
  );
  const row = r.rows[0];
  if (!row) return null;
  return {
    startAddress: row.start_address,
    endAddress: row.end_address,
    ipVersion: Number(row.ip_version) === 6 ? 6 : 4,
    handle: row.handle,
    name: row.name,
    country: row.country,
    org: row.org,
    server: row.server,
  };
}

/** Keeps a network RDAP answered (replacing what was stored for the same range). */
export async function storeNetwork(db: Queryable, net: IpNetworkInfo, at: number): Promise<void> {
  await db.query(
    `INSERT INTO ip_networks (start_address, end_address, ip_version, handle, name, country, org, server,
                              fetched_at)
     VALUES ($1::inet, $2::inet, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (start_address, end_address) DO UPDATE
        SET ip_version = EXCLUDED.ip_version, handle = EXCLUDED.handle, name = EXCLUDED.name,
            country = EXCLUDED.country, org = EXCLUDED.org, server = EXCLUDED.server,
            fetched_at = EXCLUDED.fetched_at`,
    [
      net.startAddress,
      net.endAddress,
      net.ipVersion,
      net.handle,
      net.name,
      net.country,
      net.org,
      net.server,
      at,
    ],
  );
}

/** The figures of a domain stored for the day (epoch second of its 00:00 UTC), or null. */
export async function storedDomainFigures(
  db: Queryable,
  domain: string,
  day: number,
): Promise<DomainFigures | null> {
  const r = await db.query<{ domain_rating: string | number; referring_domains: number }>(
    'SELECT domain_rating, referring_domains FROM linking_domain_metrics WHERE domain = $1 AND day = $2',
    [domain, day],
  );
  const row = r.rows[0];
  return row
    ? { domain_rating: Number(row.domain_rating), referring_domains: Number(row.referring_domains) }
    : null;
}

/** Keeps a domain's figures of the day (one row per domain: the newest day's). */
export async function storeDomainFigures(
  db: Queryable,
  domain: string,
  day: number,
  figures: DomainFigures,
  at: number,
): Promise<void> {
  await db.query(
    `INSERT INTO linking_domain_metrics (domain, day, domain_rating, referring_domains, fetched_at)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (domain) DO UPDATE
        SET day = EXCLUDED.day, domain_rating = EXCLUDED.domain_rating,
            referring_domains = EXCLUDED.referring_domains, fetched_at = EXCLUDED.fetched_at`,
    [domain, day, figures.domain_rating, figures.referring_domains, at],
  );
}
