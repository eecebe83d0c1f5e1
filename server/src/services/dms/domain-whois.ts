import type { Queryable } from '../../db/db.js';
import type { DomainInfo, UncertainDate } from '../../integrations/rdap/types.js';
import { normaliseNameservers } from './domains.js';
import {
  findRegistrar,
  insertRegistrar,
  storeWhois,
  upsertNameservers,
  upsertRegistrant,
} from './domain-whois-repository.js';

/** The registrar row for a name: matched on its name, one of its other names, or its IANA id; else created. */
async function registrarId(tx: Queryable, reg: NonNullable<DomainInfo['registrar']>): Promise<number> {
  return (
    (await findRegistrar(tx, reg.name, reg.ianaId)) ??
    (await insertRegistrar(tx, reg.name, reg.url, reg.ianaId))
  );
}

async function registrantId(
  tx: Queryable,
  who: NonNullable<DomainInfo['registrant']>,
): Promise<number | null> {
  const name = who.name ?? who.organization;
  if (!name) return null;
  return upsertRegistrant(tx, { name, company: who.organization, email: who.email, country: who.country });
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
  await storeWhois(tx, domainId, {
    registrarId: reg,
    registrantId: who,
    nameservers,
    creationDate: info.creationDate,
    expirationDate: info.expirationDate,
    whoisProtected: info.whoisProtected,
    statuses: info.statuses,
    source: info.source,
    server: info.server,
    creationUnsure: unsure(info, 'creationDate'),
    expirationUnsure: unsure(info, 'expirationDate'),
  });
  const expires = info.expirationDate
    ? new Date(info.expirationDate * 1000).toISOString().slice(0, 10)
    : 'unknown';
  const doubts = (info.uncertain ?? []).map(
    (u) => `; ${FIELD_NAMES[u.field]} "${u.raw}" left empty: day and month order unknown for ${info.server}`,
  );
  return `WHOIS (${info.source.toUpperCase()} from ${info.server}): registrar ${info.registrar?.name ?? 'unknown'}, expires ${expires}, ${nameservers.length} nameservers${doubts.join('')}`;
}
