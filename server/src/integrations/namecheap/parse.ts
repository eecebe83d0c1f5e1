import { Parser } from 'htmlparser2';
import type { NamecheapApiError, NamecheapError } from './errors.js';
import type {
  NamecheapCheckResult,
  NamecheapContact,
  NamecheapCreateResult,
  NamecheapDomainInfo,
  NamecheapDomainListItem,
  NamecheapDomainPage,
  NamecheapHost,
} from './types.js';

/** Makes the bad_response error: `what` completes "Namecheap answered <command> with …". */
export type Complaint = (what: string) => NamecheapError;

/** An element of an answer: local name and attribute names in lower case (Namecheap mixes `host`/`Host`). */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const localName = (tag: string) => tag.slice(tag.indexOf(':') + 1).toLowerCase();

/** The one root element of an XML text, entities decoded; null for a truncated text or not one root. */
export function parseXml(xml: string): XmlElement | null {
  const roots: XmlElement[] = [];
  const stack: XmlElement[] = [];
  let stray = false;
  const parser = new Parser(
    {
      onopentag(tag, attribs) {
        const attrs: Record<string, string> = {};
        for (const [k, v] of Object.entries(attribs)) attrs[localName(k)] = v;
        const el: XmlElement = { name: localName(tag), attrs, children: [], text: '' };
        (stack.at(-1)?.children ?? roots).push(el);
        stack.push(el);
      },
      ontext(data) {
        const top = stack.at(-1);
        if (top) top.text += data;
        else if (data.trim()) stray = true;
      },
      onclosetag() {
        stack.pop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml.replace(/^\ufeff/, ''));
  // Elements still open once the whole text is read: the answer was cut short.
  const truncated = stack.length > 0;
  parser.end();
  return truncated || stray || roots.length !== 1 ? null : roots[0]!;
}

export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c) => c.name === name);
const all = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el?.children.filter((c) => c.name === name) ?? [];

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
const flag = (value: string | undefined) => value?.trim().toLowerCase() === 'true';
function figure(value: string | undefined): number | null {
  const t = value?.trim();
  return t && /^-?\d+(\.\d+)?$/.test(t) ? Number(t) : null;
}
function id(value: string | undefined): number | null {
  const n = figure(value);
  return n !== null && Number.isSafeInteger(n) && n > 0 ? n : null;
}
/** Namecheap's `MM/DD/YYYY` as `YYYY-MM-DD`; null when absent or unreadable. */
export function isoDate(value: string | undefined): string | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(value ?? '');
  if (!m) return null;
  const [month, day] = [Number(m[1]), Number(m[2])];
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${m[3]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export type Envelope = { ok: true; response: XmlElement } | { ok: false; errors: NamecheapApiError[] };

/**
 * The documented envelope: `<ApiResponse Status="OK|ERROR">` with `<Errors>` and, when OK, a
 * `<CommandResponse>`; a RequestedCommand or CommandResponse Type naming another command is refused.
 */
export function readEnvelope(xml: string, command: string, bad: Complaint): Envelope {
  const root = parseXml(xml);
  if (!root || root.name !== 'apiresponse') throw bad('something other than an ApiResponse document');
  const status = root.attrs.status?.trim().toUpperCase();
  const requested = text(child(root, 'requestedcommand')?.text);
  if (requested && requested.toLowerCase() !== command.toLowerCase())
    throw bad(`the answer to another command (${requested.slice(0, 80)})`);
  if (status === 'ERROR') {
    const errors = all(child(root, 'errors'), 'error').map((e) => ({
      number: id(e.attrs.number) ?? 0,
      text: e.text.trim(),
    }));
    if (!errors.length || errors.some((e) => e.number === 0))
      throw bad('an ERROR status without error numbers');
    return { ok: false, errors };
  }
  if (status !== 'OK') throw bad(`an unknown status "${String(root.attrs.status).slice(0, 20)}"`);
  const response = child(root, 'commandresponse');
  if (!response) throw bad('no CommandResponse');
  const type = text(response.attrs.type);
  if (type && type.toLowerCase() !== command.toLowerCase()) throw bad(`a CommandResponse of type ${type}`);
  return { ok: true, response };
}

function price(value: string | undefined): number | null {
  const n = figure(value);
  return n !== null && n > 0 ? n : null;
}

export function parseCheck(response: XmlElement, bad: Complaint): NamecheapCheckResult[] {
  return all(response, 'domaincheckresult').map((r) => {
    const domain = text(r.attrs.domain);
    if (!domain) throw bad('a DomainCheckResult without a Domain');
    const premium = flag(r.attrs.ispremiumname);
    return {
      domain: domain.toLowerCase(),
      available: flag(r.attrs.available),
      premium,
      premiumRegistrationPrice: premium ? price(r.attrs.premiumregistrationprice) : null,
      premiumRenewalPrice: premium ? price(r.attrs.premiumrenewalprice) : null,
      icannFee: price(r.attrs.icannfee),
      eapFee: price(r.attrs.eapfee),
      description: text(r.attrs.description),
    };
  });
}

export function parseCreate(response: XmlElement, bad: Complaint): NamecheapCreateResult {
  const r = child(response, 'domaincreateresult');
  const domain = text(r?.attrs.domain);
  const charged = figure(r?.attrs.chargedamount);
  if (!r || !domain) throw bad('no DomainCreateResult');
  if (charged === null) throw bad(`a DomainCreateResult for ${domain} without a ChargedAmount`);
  return {
    domain: domain.toLowerCase(),
    registered: flag(r.attrs.registered),
    chargedAmount: charged,
    domainId: id(r.attrs.domainid),
    orderId: id(r.attrs.orderid),
    transactionId: id(r.attrs.transactionid),
    whoisguardEnabled: flag(r.attrs.whoisguardenable),
    nonRealTime: flag(r.attrs.nonrealtimedomain),
  };
}

export function parseInfo(response: XmlElement, bad: Complaint): NamecheapDomainInfo {
  const r = child(response, 'domaingetinforesult');
  const domainId = id(r?.attrs.id);
  const domain = text(r?.attrs.domainname);
  if (!r || domainId === null || !domain) throw bad('a DomainGetInfoResult without an ID and DomainName');
  const details = child(r, 'domaindetails');
  const dns = child(r, 'dnsdetails');
  return {
    id: domainId,
    domain: domain.toLowerCase(),
    status: text(r.attrs.status) ?? 'Ok',
    ownerName: text(r.attrs.ownername),
    isOwner: flag(r.attrs.isowner),
    isPremium: flag(r.attrs.ispremium),
    createdDate: isoDate(child(details, 'createddate')?.text),
    expiredDate: isoDate(child(details, 'expireddate')?.text),
    whoisguardEnabled: flag(child(r, 'whoisguard')?.attrs.enabled),
    dnsProvider: text(dns?.attrs.providertype),
    usingOurDns: flag(dns?.attrs.isusingourdns),
    nameservers: all(dns, 'nameserver')
      .map((n) => n.text.trim().toLowerCase())
      .filter(Boolean),
  };
}

function listItem(d: XmlElement, bad: Complaint): NamecheapDomainListItem {
  const domainId = id(d.attrs.id);
  const name = text(d.attrs.name);
  if (domainId === null || !name) throw bad('a Domain without an ID and Name');
  return {
    id: domainId,
    name: name.toLowerCase(),
    user: text(d.attrs.user),
    createdDate: isoDate(d.attrs.created),
    expiresDate: isoDate(d.attrs.expires),
    isExpired: flag(d.attrs.isexpired),
    isLocked: flag(d.attrs.islocked),
    autoRenew: flag(d.attrs.autorenew),
    whoisGuard: text(d.attrs.whoisguard),
    isPremium: flag(d.attrs.ispremium),
    isOurDns: flag(d.attrs.isourdns),
  };
}

export function parseList(response: XmlElement, bad: Complaint): NamecheapDomainPage {
  const result = child(response, 'domaingetlistresult');
  const paging = child(response, 'paging');
  if (!result) throw bad('no DomainGetListResult');
  const [totalItems, currentPage, pageSize] = ['totalitems', 'currentpage', 'pagesize'].map((n) =>
    figure(child(paging, n)?.text),
  );
  if (totalItems == null || currentPage == null || pageSize == null) throw bad('a list without Paging');
  return { domains: all(result, 'domain').map((d) => listItem(d, bad)), totalItems, currentPage, pageSize };
}

export function parseHosts(response: XmlElement, bad: Complaint): NamecheapHost[] {
  const result = child(response, 'domaindnsgethostsresult');
  if (!result) throw bad('no DomainDNSGetHostsResult');
  return all(result, 'host').map((h) => {
    const name = text(h.attrs.name);
    const type = text(h.attrs.type);
    if (!name || !type) throw bad('a host without a Name and Type');
    return {
      hostId: id(h.attrs.hostid),
      name,
      type: type.toUpperCase(),
      address: h.attrs.address ?? '',
      mxPref: figure(h.attrs.mxpref),
      ttl: figure(h.attrs.ttl),
    };
  });
}

/** A write's result element and its success flag (`Updated` for setCustom, `IsSuccess` for setHosts). */
export function parseDone(response: XmlElement, element: string, attribute: string, bad: Complaint): void {
  const r = child(response, element);
  if (!r) throw bad(`no ${element}`);
  if (!flag(r.attrs[attribute])) throw bad(`${attribute}="${String(r.attrs[attribute]).slice(0, 20)}"`);
}

export type ContactResult =
  { contact: NamecheapContact; errors: null } | { contact: null; errors: Record<string, string> };

const REQUIRED: Array<[keyof NamecheapContact, number]> = [
  ['firstName', 255],
  ['lastName', 255],
  ['address1', 255],
  ['city', 50],
  ['stateProvince', 50],
  ['postalCode', 50],
];
const KNOWN = new Set([...REQUIRED.map(([k]) => k), 'organization', 'country', 'phone', 'email']);
export const PHONE = /^\+\d{1,3}\.\d{4,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A domain contact from JSON (an object, or its text as NAMECHEAP_CONTACT holds it), with one error per field
 * that is missing, too long, of an unknown name or of the wrong form (country ISO alpha-2, phone
 * `+NNN.NNNNNNNNNN`, an e-mail address).
 */
export function parseContact(json: unknown): ContactResult {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return { contact: null, errors: { contact: 'is not valid JSON' } };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { contact: null, errors: { contact: 'must be a JSON object' } };
  const input: Record<string, unknown> = { ...value };
  const errors: Record<string, string> = {};
  const read = (key: string, max: number, required: boolean): string | undefined => {
    const v = input[key];
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      if (required) errors[key] = 'is required';
      return undefined;
    }
    if (typeof v !== 'string') errors[key] = 'must be a string';
    else if (v.trim().length > max) errors[key] = `must be at most ${max} characters`;
    else return v.trim();
    return undefined;
  };
  for (const key of Object.keys(input)) if (!KNOWN.has(key)) errors[key] = 'is not a contact field';
  const out: Record<string, string> = {};
  for (const [key, max] of REQUIRED) out[key] = read(key, max, true) ?? '';
  const organization = read('organization', 255, false);
  const country = read('country', 50, true)?.toUpperCase();
  if (country !== undefined && !/^[A-Z]{2}$/.test(country))
    errors.country = 'must be an ISO 3166 alpha-2 code';
  const phone = read('phone', 50, true)?.replace(/[\s()-]/g, '');
  if (phone !== undefined && !PHONE.test(phone)) errors.phone = 'must be in the format +NNN.NNNNNNNNNN';
  const email = read('email', 255, true);
  if (email !== undefined && !EMAIL.test(email)) errors.email = 'must be an e-mail address';
  if (Object.keys(errors).length) return { contact: null, errors };
  return {
    contact: {
      firstName: out.firstName!,
      lastName: out.lastName!,
      ...(organization ? { organization } : {}),
      address1: out.address1!,
      city: out.city!,
      stateProvince: out.stateProvince!,
      postalCode: out.postalCode!,
      country: country!,
      phone: phone!,
      email: email!,
    },
    errors: null,
  };
}
