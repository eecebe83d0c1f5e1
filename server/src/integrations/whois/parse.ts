import type { DomainName } from '../rdap/name.js';
import { normaliseHost } from '../rdap/parse.js';
import { contactValue, isPrivacyValue } from '../rdap/privacy.js';
import {
  DomainNotFoundError,
  type DomainInfo,
  type DomainRegistrar,
  type UncertainDate,
} from '../rdap/types.js';
import { readWhoisDate, type DateOrder } from './dates.js';
import { WhoisError } from './errors.js';
import { dateOrderFor } from './formats.js';
import { DOMAIN_SECTIONS, KEYS, META_SECTIONS, NAMESERVER_SECTION } from './keys.js';
import { saysNotFound, saysRateLimited } from './not-found.js';
import { blockOf, firstOf, keyValue, parseWhoisText, valuesOf, type WhoisDocument } from './sections.js';
import { normaliseStatuses } from './statuses.js';

const HOSTNAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const IPV4 = /^\d+(\.\d+){3}$/;

/** Items of a block that are plain text rather than "Key: value" lines. */
const plainItems = (items: string[]) => items.filter((item) => !keyValue(item));

/** Facts about the domain itself: not under a contact's header, not in a contact's paragraph. */
const inDomainScope = (doc: WhoisDocument) =>
  doc.entries.filter(
    (e) => (e.section === null || DOMAIN_SECTIONS.has(e.section)) && !doc.contactParagraphs.has(e.paragraph),
  );

function cleanRegistrarName(name: string): string {
  return name
    .replace(/\s*\[\s*(?:tag|id)\s*=[^\]]*\]\s*$/i, '') // Nominet "[Tag = X]", ZACR "[ ID = X ]"
    .replace(/\s*\(\s*(?:https?:\/\/|www\.)[^)]*\)\s*$/i, '') // nic.at, KISA, Island Networks: "Name (url)"
    .trim();
}

function registrarOf(doc: WhoisDocument): DomainRegistrar | null {
  const name =
    firstOf(doc, KEYS.registrar) ??
    firstOf(doc, KEYS.registrarSectionName, 'registrar') ??
    plainItems(blockOf(doc, KEYS.registrarBlocks))[0];
  const cleaned = name ? cleanRegistrarName(name) : '';
  if (!cleaned) return null;
  const abuse = [...valuesOf(doc, ['registrar abuse contact email']), ...blockOf(doc, ['abuse contact'])];
  return {
    name: cleaned,
    ianaId: firstOf(doc, ['registrar iana id']),
    url: firstOf(doc, KEYS.registrarUrl) ?? firstOf(doc, ['url', 'website', 'www', 'web'], 'registrar'),
    abuseEmail: abuse.find((v) => /^[^\s@]+@[^\s@]+$/.test(v)) ?? null,
  };
}

function registrantOf(doc: WhoisDocument) {
  const block = plainItems(blockOf(doc, ['registrant']));
  const raw = {
    name: firstOf(doc, KEYS.registrantName) ?? firstOf(doc, ['name'], 'registrant') ?? block[0] ?? null,
    organization:
      firstOf(doc, KEYS.registrantOrg) ?? firstOf(doc, ['organisation', 'organization'], 'registrant'),
    email: firstOf(doc, ['registrant email']) ?? firstOf(doc, ['email'], 'registrant'),
    country: firstOf(doc, ['registrant country']) ?? firstOf(doc, ['country'], 'registrant'),
  };
  const hidden = [raw.name, raw.organization, raw.email, ...block].some(isPrivacyValue);
  if (!raw.name && !raw.organization && !raw.email && !raw.country) return { registrant: null, hidden };
  const email = contactValue(raw.email);
  return {
    registrant: {
      name: contactValue(raw.name),
      organization: contactValue(raw.organization),
      email: email?.includes('@') ? email : null,
      country: contactValue(raw.country),
    },
    hidden,
  };
}

function nameserversOf(doc: WhoisDocument, domain: DomainName): string[] {
  const values = [
    ...valuesOf(doc, KEYS.nameservers),
    ...doc.entries
      .filter(
        (e) =>
          /^ns_name_\d+$/.test(e.key) ||
          (KEYS.nameserverSectionHost.includes(e.key) && NAMESERVER_SECTION.test(e.section ?? '')),
      )
      .map((e) => e.value),
  ];
  const items = plainItems(blockOf(doc, KEYS.nameserverBlocks)).map((item) => item.split(/\s+/)[0] ?? '');
  const hosts = [...values.flatMap((v) => v.split(/[\s,]+/)), ...items]
    .map(normaliseHost)
    // .dk and .rs both say "DNS:", but DK Hostmaster means the domain itself there.
    .filter((h) => HOSTNAME.test(h) && !IPV4.test(h) && h !== domain.ascii);
  return [...new Set(hosts)].sort();
}

function statusesOf(doc: WhoisDocument): string[] {
  const lines = [
    ...inDomainScope(doc)
      .filter((e) => KEYS.statuses.includes(e.key) && e.value !== '')
      .map((e) => e.value),
    ...plainItems(blockOf(doc, KEYS.statusBlocks)),
  ];
  return [...new Set(lines.flatMap(normaliseStatuses))];
}

interface DateField {
  value: number | null;
  /** The text of a date that was there but could not be read without guessing the day/month order. */
  uncertain: string | null;
}

/** The first readable (or ambiguous) value of the keys: the domain's own lines first, then any but metadata. */
function dateOf(doc: WhoisDocument, keys: string[], order: DateOrder | undefined): DateField {
  const domain = inDomainScope(doc);
  const own = new Set(domain);
  const rest = doc.entries.filter((e) => !own.has(e) && !META_SECTIONS.has(e.section ?? ''));
  // SWITCH prints the value on the line under its header: "First registration date:" then "12 February 2004".
  const below = plainItems(blockOf(doc, keys))[0];
  const candidates = [...domain, ...rest].filter((e) => keys.includes(e.key)).map((e) => e.value);
  for (const value of below === undefined ? candidates : [below, ...candidates]) {
    if (value === '') continue;
    const reading = readWhoisDate(value, order);
    if (reading.value !== null) return { value: reading.value, uncertain: null };
    if (reading.ambiguous) return { value: null, uncertain: value };
  }
  return { value: null, uncertain: null };
}

function expiryOf(doc: WhoisDocument, order: DateOrder | undefined): DateField {
  const stated = dateOf(doc, KEYS.expires, order);
  if (stated.value !== null || stated.uncertain !== null) return stated;
  // JPRS prints the expiry inside the state: "[State]  Connected (2026/03/31)".
  const state = /\((\d{4}\/\d{2}\/\d{2})\)/.exec(firstOf(doc, ['[state]']) ?? '');
  return { value: readWhoisDate(state?.[1]).value, uncertain: null };
}

/**
 * Reads a WHOIS answer into DomainInfo; throws DomainNotFoundError for "no match" answers. Dates whose day and
 * month order the registry's declared format does not settle are left null and listed in `uncertain`.
 */
export function parseWhois(text: string, domain: DomainName, server: string): DomainInfo {
  const doc = parseWhoisText(text);
  const order = dateOrderFor(server, domain.tld);
  const registrar = registrarOf(doc);
  const nameservers = nameserversOf(doc, domain);
  const created = dateOf(doc, KEYS.created, order);
  const expires = expiryOf(doc, order);
  const updated = dateOf(doc, KEYS.updated, order);
  const dated = [created, expires, updated].some((d) => d.value !== null || d.uncertain !== null);
  const hasRecord = registrar !== null || nameservers.length > 0 || dated;
  if (!hasRecord && saysNotFound(text)) throw new DomainNotFoundError(domain.ascii, 'whois', server);
  if (!hasRecord && saysRateLimited(text))
    throw new WhoisError('rate_limited', `${server} is rate limiting WHOIS queries`);
  const { registrant, hidden } = registrantOf(doc);
  const fields = [
    ['creationDate', created],
    ['expirationDate', expires],
    ['updatedDate', updated],
  ] as const;
  const uncertain: UncertainDate[] = fields.flatMap(([field, d]) =>
    d.uncertain === null ? [] : [{ field, raw: d.uncertain }],
  );
  return {
    name: domain.ascii,
    unicodeName: domain.unicode,
    registrar,
    registrant,
    nameservers,
    creationDate: created.value,
    expirationDate: expires.value,
    updatedDate: updated.value,
    statuses: statusesOf(doc),
    whoisProtected: hidden || /REDACTED FOR PRIVACY/i.test(text),
    source: 'whois',
    server,
    uncertain,
  };
}

/** "Registrar WHOIS Server:" of a thin registry's answer, as a bare host name. */
export function registrarWhoisServer(text: string): string | null {
  const value = firstOf(parseWhoisText(text), ['registrar whois server', 'whois server']);
  const host = value
    ?.replace(/^[a-z]+:\/\//i, '')
    .split(/[/:\s]/)[0]
    ?.toLowerCase();
  return host && HOSTNAME.test(host) ? host : null;
}
