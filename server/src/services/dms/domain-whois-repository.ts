import type { Queryable } from '../../db/db.js';

/**
 * What a WHOIS/RDAP read stores, for the refresh action and the daily refresh (no user there), in the
 * caller's transaction with the DNS part. Direct SQL: registrars, registrants and nameservers are matched or
 * created by their case-insensitive unique keys (ON CONFLICT upserts), and the domain's fields are merged
 * with what is stored (coalesce), which the engine's by-id write of a checked body cannot express.
 */

/** The registrar matching a name, one of its other names, or an IANA id; null when none does. */
export async function findRegistrar(
  tx: Queryable,
  name: string,
  ianaId: string | null,
): Promise<number | null> {
  const found = await tx.query<{ id: number }>(
    `SELECT id FROM registrars
     WHERE lower(registrar) = lower($1) OR EXISTS (SELECT 1 FROM unnest(other_registrar_names) o WHERE lower(o) = lower($1))
        OR ($2::text IS NOT NULL AND iana_id = $2)
     ORDER BY (lower(registrar) = lower($1)) DESC, id LIMIT 1`,
    [name, ianaId],
  );
  return found.rows[0] ? Number(found.rows[0].id) : null;
}

/** Creates a registrar (or answers the one a concurrent refresh just created under the same name). */
export async function insertRegistrar(
  tx: Queryable,
  name: string,
  homepage: string | null,
  ianaId: string | null,
): Promise<number> {
  const created = await tx.query<{ id: number }>(
    `INSERT INTO registrars (registrar, homepage, iana_id) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(registrar))) DO UPDATE SET updated_at = registrars.updated_at RETURNING id`,
    [name, homepage, ianaId],
  );
  return Number(created.rows[0]!.id);
}

export interface RegistrantKey {
  name: string;
  company: string | null;
  email: string | null;
  country: string | null;
}

export async function upsertRegistrant(tx: Queryable, who: RegistrantKey): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO registrants (registrant_name, company, email, country) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(registrant_name)), (lower(coalesce(company, ''))), (lower(coalesce(email, ''))))
     DO UPDATE SET country = coalesce(EXCLUDED.country, registrants.country) RETURNING id`,
    [who.name, who.company, who.email, who.country],
  );
  return Number(r.rows[0]!.id);
}

/** Nameserver rows, each linked to the registrar whose nameserver domains it belongs to. */
export async function upsertNameservers(tx: Queryable, names: string[]): Promise<void> {
  for (const ns of names) {
    await tx.query(
      `INSERT INTO nameservers (nameserver, registrar_id)
       VALUES ($1, (SELECT id FROM registrars r WHERE EXISTS (
         SELECT 1 FROM unnest(r.nameserver_domain_names) d WHERE $1 = d OR $1 LIKE '%.' || d) ORDER BY id LIMIT 1))
       ON CONFLICT ((lower(nameserver))) DO NOTHING`,
      [ns],
    );
  }
}

export interface WhoisColumns {
  registrarId: number | null;
  registrantId: number | null;
  nameservers: string[];
  creationDate: number | null;
  expirationDate: number | null;
  whoisProtected: boolean;
  statuses: string[];
  source: string;
  server: string;
  /** The date was unreadable: stored empty rather than kept from an earlier read. */
  creationUnsure: boolean;
  expirationUnsure: boolean;
}

/** Merges a read into the domain: a value the read lacks keeps the stored one. */
export async function storeWhois(tx: Queryable, domainId: number, w: WhoisColumns): Promise<void> {
  await tx.query(
    `UPDATE domains SET
       registrar_id = coalesce($2, registrar_id), registrant_id = coalesce($3, registrant_id),
       nameservers = CASE WHEN cardinality($4::text[]) > 0 THEN $4::text[] ELSE nameservers END,
       creation_date = CASE WHEN $11 THEN NULL ELSE coalesce($5, creation_date) END,
       expiration_date = CASE WHEN $12 THEN NULL ELSE coalesce($6, expiration_date) END,
       whois_protected = $7, whois_statuses = $8, whois_source = $9, whois_server = $10, pulled_from = $9,
       whois_refreshed_at = epoch_now(), updated_at = epoch_now(), version = version + 1
     WHERE id = $1`,
    [
      domainId,
      w.registrarId,
      w.registrantId,
      w.nameservers,
      w.creationDate,
      w.expirationDate,
      w.whoisProtected,
      w.statuses,
      w.source,
      w.server,
      w.creationUnsure,
      w.expirationUnsure,
    ],
  );
}
