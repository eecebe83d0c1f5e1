import type { DomainName } from '../rdap/name.js';
import { normaliseHost } from '../rdap/parse.js';
import { contactValue, isPrivacyValue } from '../rdap/privacy.js';
import { DomainNotFoundError, type DomainInfo, type DomainRegistrar } from '../rdap/types.js';
import { parseWhoisDate } from './dates.js';
import { WhoisError } from './errors.js';
import { blockOf, firstOf, keyValue, parseWhoisText, valuesOf, type WhoisDocument } from './sections.js';

const KEYS = {
  registrar: ['registrar', 'sponsoring registrar', 'registrar name', '[registrar]'],
  registrarUrl: ['registrar url', 'referral url'],
  created: [
    'creation date',
    'created',
    'created on',
    'registered on',
    'registered',
    'registration time',
    'registration date',
    'domain registration date',
    'domain create date',
    'record created',
    '[created on]',
    '[registered date]',
    '[登録年月日]',
  ],
  expires: [
    'registry expiry date',
    'registrar registration expiration date',
    'expiry date',
    'expiration date',
    'expiration time',
    'expires',
    'expires on',
    'expire date',
    'paid-till',
    'renewal date',
    'domain expiration date',
    'record expires on',
    '[expires on]',
    '[有効期限]',
  ],
  updated: [
    'updated date',
    'last updated',
    'last modified',
    'last-update',
    'last update',
    'modified',
    'changed',
    '[last update]',
    '[last updated]',
    '[最終更新]',
  ],
  nameservers: [
    'name server',
    'nameserver',
    'nameservers',
    'nserver',
    'name servers',
    '[name server]',
    '[ネームサーバ]',
  ],
  nameserverBlocks: ['name servers', 'nameservers', 'domain nameservers', 'name server', 'dns servers'],
  statuses: ['domain status', 'status', 'state', '[state]', '[status]'],
  registrantName: ['registrant name', 'registrant', 'holder', 'registrant contact name', '[registrant]'],
  registrantOrg: ['registrant organization', 'registrant organisation', 'org', '[organization]'],
};

const NOT_FOUND =
  /^\s*(no match\b|not found\b|no data found|no entries found|no object found|domain not found|the queried object does not exist|this domain name has not been registered|status:\s*(free|available)\b|.*\bis free\b|domain .* not found)/im;
const RATE_LIMITED =
  /(limit exceeded|too many (requests|queries)|quota exceeded|excessive (querying|queries))/i;
const HOSTNAME = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

/** Items of a block that are plain text rather than "Key: value" lines. */
const plainItems = (items: string[]) => items.filter((item) => !keyValue(item));

function registrarOf(doc: WhoisDocument): DomainRegistrar | null {
  const block = blockOf(doc, ['registrar']);
  const name =
    firstOf(doc, KEYS.registrar) ??
    plainItems(block)[0] ??
    firstOf(doc, ['name', 'organisation', 'organization'], 'registrar');
  if (!name) return null;
  const abuse = [...valuesOf(doc, ['registrar abuse contact email']), ...blockOf(doc, ['abuse contact'])];
  return {
    name: name.replace(/\s*\[Tag = [^\]]*\]\s*$/i, ''),
    ianaId: firstOf(doc, ['registrar iana id']),
    url: firstOf(doc, KEYS.registrarUrl) ?? firstOf(doc, ['url', 'website', 'www'], 'registrar'),
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

/** EPP codes ("clientTransferProhibited https://icann.org/epp#...") become RDAP strings. */
function normaliseStatus(value: string): string | null {
  const code = value.replace(/\(.*\)|https?:\/\/\S+/g, '').trim();
  if (!code || /^(not )?available$/i.test(code)) return null;
  if (code === 'ok') return 'active';
  if (/^[a-z]+[A-Z]/.test(code)) return code.replace(/([A-Z])/g, ' $1').toLowerCase();
  return code.toLowerCase();
}

function nameserversOf(doc: WhoisDocument): string[] {
  const raw = [...valuesOf(doc, KEYS.nameservers), ...blockOf(doc, KEYS.nameserverBlocks)];
  const hosts = raw.map((v) => normaliseHost(v.split(/\s+/)[0] ?? '')).filter((h) => HOSTNAME.test(h));
  return [...new Set(hosts)].sort();
}

function expiryOf(doc: WhoisDocument): number | null {
  const stated = parseWhoisDate(firstOf(doc, KEYS.expires));
  if (stated !== null) return stated;
  // JPRS prints the expiry inside the state: "[State]  Connected (2026/03/31)".
  const state = /\((\d{4}\/\d{2}\/\d{2})\)/.exec(firstOf(doc, ['[state]']) ?? '');
  return parseWhoisDate(state?.[1]);
}

/** Reads a WHOIS answer into DomainInfo; throws DomainNotFoundError for "no match" answers. */
export function parseWhois(text: string, domain: DomainName, server: string): DomainInfo {
  const doc = parseWhoisText(text);
  const registrar = registrarOf(doc);
  const nameservers = nameserversOf(doc);
  const creationDate = parseWhoisDate(firstOf(doc, KEYS.created));
  const hasRecord = registrar !== null || nameservers.length > 0 || creationDate !== null;
  if (!hasRecord && NOT_FOUND.test(text)) throw new DomainNotFoundError(domain.ascii, 'whois', server);
  if (!hasRecord && RATE_LIMITED.test(text))
    throw new WhoisError('rate_limited', `${server} is rate limiting WHOIS queries`);
  const { registrant, hidden } = registrantOf(doc);
  const statuses = valuesOf(doc, KEYS.statuses)
    .map(normaliseStatus)
    .filter((s): s is string => s !== null);
  return {
    name: domain.ascii,
    unicodeName: domain.unicode,
    registrar,
    registrant,
    nameservers,
    creationDate,
    expirationDate: expiryOf(doc),
    updatedDate: parseWhoisDate(firstOf(doc, KEYS.updated)),
    statuses: [...new Set(statuses)],
    whoisProtected: hidden || /REDACTED FOR PRIVACY/i.test(text),
    source: 'whois',
    server,
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
