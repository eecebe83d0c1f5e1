import type { Queryable } from '../../db/db.js';
import type { DomainInfo, UncertainDate } from '../../integrations/rdap/types.js';
import { normaliseNameservers } from './domains.js';

/** The registrar row for a name: matched on its name, one of its other names, or its IANA id; else created. */
async function registrarId(tx: Queryable, reg: NonNullable<DomainInfo['registrar']>): Promise<number> {
  const found = await tx.query<{ id: number }>(
    `SELECT id FROM registrars
     WHERE lower(registrar) = lower($1) OR EXISTS (SELECT 1 FROM unnest(other_registrar_names) o WHERE lower(o) = lower($1))
        OR ($2::text IS NOT NULL AND iana_id = $2)
     ORDER BY (lower(registrar) = lower($1)) DESC, id LIMIT 1`,
    [reg.name, reg.ianaId],
  );
  if (found.rows[0]) return Number(found.rows[0].id);
  const created = await tx.query<{ id: number }>(
    `INSERT INTO registrars (registrar, homepage, iana_id) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(registrar))) DO UPDATE SET updated_at = registrars.updated_at RETURNING id`,
    [reg.name, reg.url, reg.ianaId],
  );
  return Number(created.rows[0]!.id);
}

async function registrantId(
  tx: Queryable,
  who: NonNullable<DomainInfo['registrant']>,
): Promise<number | null> {
  const name = who.name ?? who.organization;
  if (!name) return null;
  const r = await tx.query<{ id: number }>(
    `INSERT INTO registrants (registrant_name, company, email, country) VALUES ($1, $2, $3, $4)
     ON CONFLICT ((lower(registrant_name)), (lower(coalesce(company, ''))), (lower(coalesce(email, ''))))
     DO UPDATE SET country = coalesce(EXCLUDED.country, registrants.country) RETURNING id`,
    [name, who.organization, who.email, who.country],
  );
  return Number(r.rows[0]!.id);
}

/** Nameserver rows, each linked to the registrar whose nameserver domains it belongs to. */
async function upsertNameservers(tx: Queryable, names: string[]): Promise<void> {
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

const FIELD_NAMES: Record<UncertainDate['field'], string> = {
  creationDate: 'creation date',
  expirationDate: 'expiration date',
  updatedDate: 'updated date',
};

const unsure = (info: DomainInfo, field: UncertainDate['field']) =>
  info.uncertain?.some((u) => u.field === field) ?? false;

/**
 * Stores registration data on the domain and its registrar, registrant and nameservers. A date the WHOIS answer
 * gave in a form that could not be read without guessing day and month is stored empty rather than kept from an
 * earlier read (which may have been such a guess), so expiration alerts never rest on it; the summary says so.
 */
export async function applyWhois(tx: Queryable, domainId: number, info: DomainInfo): Promise<string> {
  const reg = info.registrar ? await registrarId(tx, info.registrar) : null;
  const who = info.registrant ? await registrantId(tx, info.registrant) : null;
  const nameservers = normaliseNameservers(info.nameservers);
  await upsertNameservers(tx, nameservers);
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
      reg,
      who,
      nameservers,
      info.creationDate,
      info.expirationDate,
      info.whoisProtected,
      info.statuses,
      info.source,
      info.server,
      unsure(info, 'creationDate'),
      unsure(info, 'expirationDate'),
    ],
  );
  const expires = info.expirationDate
    ? new Date(info.expirationDate * 1000).toISOString().slice(0, 10)
    : 'unknown';
  const doubts = (info.uncertain ?? []).map(
    (u) => `; ${FIELD_NAMES[u.field]} "${u.raw}" left empty: day and month order unknown for ${info.server}`,
  );
  return `WHOIS (${info.source.toUpperCase()} from ${info.server}): registrar ${info.registrar?.name ?? 'unknown'}, expires ${expires}, ${nameservers.length} nameservers${doubts.join('')}`;
}
