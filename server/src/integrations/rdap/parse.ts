import { RdapError } from './errors.js';
import { jcardCountry, jcardProperties, jcardText } from './jcard.js';
import type { DomainName } from './name.js';
import { contactValue, isPrivacyValue } from './privacy.js';
import type { DomainInfo, DomainRegistrant, DomainRegistrar } from './types.js';

/* Readers of RFC 9083 objects, shared by the domain and IP network parsers. */

export type Json = Record<string, unknown>;

export const obj = (v: unknown): Json | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : null;
export const list = (v: unknown): Json[] =>
  Array.isArray(v) ? v.map(obj).filter((x): x is Json => x !== null) : [];
export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);
const roles = (e: Json): string[] =>
  Array.isArray(e.roles) ? e.roles.filter((r) => typeof r === 'string').map((r) => r.toLowerCase()) : [];

/** Finds an entity by role, top level first, then nested entities (abuse under registrar, etc.). */
export function findEntity(entities: Json[], role: string, depth = 0): Json | null {
  for (const e of entities) if (roles(e).includes(role)) return e;
  if (depth >= 2) return null;
  for (const e of entities) {
    const nested = findEntity(list(e.entities), role, depth + 1);
    if (nested) return nested;
  }
  return null;
}

function linkHref(links: unknown, rel: string): string | null {
  const link = list(links).find((l) => str(l.rel)?.toLowerCase() === rel);
  return str(link?.href);
}

function registrarOf(domain: Json): DomainRegistrar | null {
  const entity = findEntity(list(domain.entities), 'registrar');
  if (!entity) return null;
  const card = jcardProperties(entity.vcardArray);
  const name = jcardText(card, 'fn') ?? jcardText(card, 'org') ?? str(entity.handle);
  if (!name) return null;
  const iana = list(entity.publicIds).find((p) => /iana/i.test(String(p.type)));
  const abuse = findEntity(list(entity.entities), 'abuse') ?? findEntity(list(domain.entities), 'abuse');
  return {
    name,
    ianaId: iana && iana.identifier !== undefined ? String(iana.identifier) : null,
    url: jcardText(card, 'url') ?? linkHref(entity.links, 'about'),
    abuseEmail: abuse ? jcardText(jcardProperties(abuse.vcardArray), 'email') : null,
  };
}

function registrantOf(domain: Json): { registrant: DomainRegistrant | null; hidden: boolean } {
  const entity = findEntity(list(domain.entities), 'registrant');
  if (!entity) return { registrant: null, hidden: false };
  const card = jcardProperties(entity.vcardArray);
  const name = jcardText(card, 'fn');
  const organization = jcardText(card, 'org');
  const email = contactValue(jcardText(card, 'email'));
  const truncated = list(entity.remarks).some((r) => /redacted|truncated/i.test(String(r.title ?? r.type)));
  return {
    registrant: {
      name: contactValue(name),
      organization: contactValue(organization),
      // Redacted records often give a web form instead of an address.
      email: email?.includes('@') ? email : null,
      country: contactValue(jcardCountry(card)),
    },
    hidden: truncated || [name, organization, jcardText(card, 'email')].some(isPrivacyValue),
  };
}

function eventDate(domain: Json, action: string): number | null {
  const event = list(domain.events).find((e) => String(e.eventAction).toLowerCase() === action);
  const ms = Date.parse(str(event?.eventDate) ?? '');
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}

const unique = (values: string[]) => [...new Set(values)];

export function normaliseHost(host: string): string {
  return host.trim().toLowerCase().replace(/\.+$/, '');
}

/** Turns an RFC 9083 domain object into DomainInfo; throws RdapError('bad_response') for anything else. */
export function parseRdapDomain(json: unknown, query: DomainName, server: string): DomainInfo {
  const domain = obj(json);
  if (!domain || (domain.objectClassName !== 'domain' && !str(domain.ldhName)))
    throw new RdapError('bad_response', `${server} did not answer with an RDAP domain object`);
  const { registrant, hidden } = registrantOf(domain);
  const redacted = list(domain.redacted).some((r) => /registrant/i.test(JSON.stringify(r)));
  const nameservers = list(domain.nameservers)
    .map((ns) => str(ns.ldhName) ?? str(ns.unicodeName))
    .filter((n): n is string => n !== null)
    .map(normaliseHost);
  return {
    name: query.ascii,
    unicodeName: str(domain.unicodeName)?.toLowerCase() ?? query.unicode,
    registrar: registrarOf(domain),
    registrant,
    nameservers: unique(nameservers).sort(),
    creationDate: eventDate(domain, 'registration'),
    expirationDate: eventDate(domain, 'expiration'),
    updatedDate: eventDate(domain, 'last changed'),
    statuses: unique(
      (Array.isArray(domain.status) ? domain.status : [])
        .filter((s): s is string => typeof s === 'string')
        .map((s) => s.trim().toLowerCase()),
    ),
    whoisProtected: hidden || redacted,
    source: 'rdap',
    server,
  };
}

/** The registrar's RDAP record a (thin) registry points to: links[rel=related, type=application/rdap+json]. */
export function registrarReferral(json: unknown): string | null {
  const links = list(obj(json)?.links);
  const self = linkHref(links, 'self');
  const related = links.find((l) => {
    const href = str(l.href);
    return (
      str(l.rel)?.toLowerCase() === 'related' &&
      /application\/rdap\+json/i.test(String(l.type)) &&
      href !== null &&
      /^https?:\/\//i.test(href) &&
      href !== self
    );
  });
  return str(related?.href);
}

/** Registry data stays authoritative; the registrar's record fills in what the registry left out. */
export function mergeReferral(registry: DomainInfo, registrar: DomainInfo): DomainInfo {
  const a = registry.registrar;
  const b = registrar.registrar;
  return {
    ...registry,
    registrar:
      a && b
        ? {
            name: a.name,
            ianaId: a.ianaId ?? b.ianaId,
            url: a.url ?? b.url,
            abuseEmail: a.abuseEmail ?? b.abuseEmail,
          }
        : (a ?? b),
    registrant: registry.registrant ?? registrar.registrant,
    nameservers: registry.nameservers.length ? registry.nameservers : registrar.nameservers,
    creationDate: registry.creationDate ?? registrar.creationDate,
    expirationDate: registry.expirationDate ?? registrar.expirationDate,
    updatedDate: registry.updatedDate ?? registrar.updatedDate,
    statuses: registry.statuses.length ? registry.statuses : registrar.statuses,
    whoisProtected: registry.whoisProtected || registrar.whoisProtected,
  };
}
