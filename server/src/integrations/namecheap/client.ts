import { isIPv4 } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { domainToASCII } from 'node:url';
import { parse as parseName } from 'tldts';
import type { SafeFetch, SafeResponse } from '../http/safe-fetch.js';
import {
  classifyError,
  fromOutbound,
  NamecheapError,
  quoteSafely,
  retryAfterSeconds,
  type NamecheapApiError,
  type NamecheapErrorKind,
} from './errors.js';
import {
  parseCheck,
  parseContact,
  parseCreate,
  parseDone,
  parseHosts,
  parseInfo,
  parseList,
  readEnvelope,
  type Complaint,
  type XmlElement,
} from './parse.js';
import {
  HOST_TYPES,
  type NamecheapCheckResult,
  type NamecheapContact,
  type NamecheapCreateInput,
  type NamecheapCreateResult,
  type NamecheapDomainInfo,
  type NamecheapDomainListItem,
  type NamecheapDomainPage,
  type NamecheapHost,
  type NamecheapHostInput,
} from './types.js';

export const NAMECHEAP_BASE_URL = 'https://api.namecheap.com/xml.response';
export const NAMECHEAP_SANDBOX_URL = 'https://api.sandbox.namecheap.com/xml.response';
/** Names per domains.check call; a longer list is split. */
export const CHECK_BATCH = 50;

export interface NamecheapClientOptions {
  apiUser: string;
  /** Sent in the POST body only, and masked in every message. */
  apiKey: string;
  /** The account a command acts on (default the API user). */
  userName?: string;
  /** The whitelisted IPv4 address calls come from (Namecheap's ClientIp). */
  clientIp: string;
  /** Default production; NAMECHEAP_SANDBOX_URL for the sandbox; a local server in tests. */
  baseUrl?: string;
  /** The SSRF-guarded client: the base URL is configuration, not a constant. */
  safeFetch: SafeFetch;
  /** Per request (default 30 s). */
  timeoutMs?: number;
  /** For domains.create, which waits on the registry (default 120 s). */
  createTimeoutMs?: number;
  /** Retries of a rate-limited call other than create (default 2). */
  maxRetries?: number;
  /** Longest wait a retry accepts; a longer Retry-After fails at once with rate_limited (default 60 s). */
  maxRetryWaitSeconds?: number;
  /** The wait after a throttling answer that names none (default 30 s; Namecheap counts per minute). */
  throttleWaitSeconds?: number;
  /** Pages listAllDomains may read before the paging counts as broken (default 200). */
  maxPages?: number;
  /** Replaces the wait before a retry (tests). */
  sleep?: (ms: number) => Promise<void>;
}

const MAX_BYTES = 4 * 1024 * 1024;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HOST_NAME = /^(@|\*|(\*\.)?[a-z0-9_]([a-z0-9_-]{0,62})(\.[a-z0-9_]([a-z0-9_-]{0,62}))*)$/i;
/** A create that failed this way may still have bought the domain. */
const OUTCOME_UNKNOWN: NamecheapErrorKind[] = ['network', 'timeout', 'unavailable', 'bad_response', 'failed'];
const PREFIXES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'] as const;

const invalid = (message: string) => new NamecheapError('invalid', message);

/**
 * A registrable domain as Namecheap wants it: lower case, A-labels, no trailing dot, split into SLD and TLD on
 * the public suffix list, so `shop.co.uk` is SLD `shop` under TLD `co.uk`. A subdomain is refused.
 */
export function splitDomain(name: string): { domain: string; sld: string; tld: string } {
  const ascii = domainToASCII(name.trim().replace(/\.$/, '').toLowerCase());
  const parsed = ascii ? parseName(ascii, { allowPrivateDomains: false }) : null;
  const ok =
    parsed &&
    !parsed.isIp &&
    parsed.isIcann &&
    parsed.domain === ascii &&
    parsed.publicSuffix &&
    parsed.domainWithoutSuffix &&
    ascii.length <= 253 &&
    ascii.split('.').every((l) => LABEL.test(l));
  if (!ok) throw invalid(`"${name.slice(0, 80)}" is not a registrable domain name`);
  return { domain: ascii, sld: parsed.domainWithoutSuffix!, tld: parsed.publicSuffix! };
}

function nameserver(value: string): string {
  const host = value.trim().replace(/\.$/, '').toLowerCase();
  const labels = host.split('.');
  if (labels.length < 2 || host.length > 253 || !labels.every((l) => LABEL.test(l)))
    throw invalid(`"${value.slice(0, 80)}" is not a nameserver host name`);
  return host;
}

function checkedContact(contact: NamecheapContact, role: string): NamecheapContact {
  const { contact: ok, errors } = parseContact(contact);
  if (ok) return ok;
  const list = Object.entries(errors).map(([f, m]) => `${f} ${m}`);
  throw invalid(`The ${role} contact is not valid: ${list.join('; ')}`);
}

function contactParams(prefix: string, c: NamecheapContact): Record<string, string> {
  return {
    [`${prefix}FirstName`]: c.firstName,
    [`${prefix}LastName`]: c.lastName,
    ...(c.organization ? { [`${prefix}OrganizationName`]: c.organization } : {}),
    [`${prefix}Address1`]: c.address1,
    [`${prefix}City`]: c.city,
    [`${prefix}StateProvince`]: c.stateProvince,
    [`${prefix}PostalCode`]: c.postalCode,
    [`${prefix}Country`]: c.country,
    [`${prefix}Phone`]: c.phone,
    [`${prefix}EmailAddress`]: c.email,
  };
}

function hostParams(hosts: NamecheapHostInput[]): Record<string, string> {
  if (!hosts.length)
    throw invalid('setHosts replaces every host record; an empty list would delete them all');
  const params: Record<string, string> = {};
  hosts.forEach((h, index) => {
    const n = index + 1;
    if (!HOST_NAME.test(h.name)) throw invalid(`Host ${n}: "${h.name.slice(0, 80)}" is not a host name`);
    if (!HOST_TYPES.includes(h.type))
      throw invalid(`Host ${n}: the type must be one of ${HOST_TYPES.join(', ')}`);
    if (!h.address.trim()) throw invalid(`Host ${n}: the address is empty`);
    const ttl = h.ttl ?? 1800;
    if (!Number.isInteger(ttl) || ttl < 60 || ttl > 60000)
      throw invalid(`Host ${n}: the TTL must be 60 to 60000`);
    Object.assign(params, {
      [`HostName${n}`]: h.name,
      [`RecordType${n}`]: h.type,
      [`Address${n}`]: h.address.trim(),
      [`TTL${n}`]: String(ttl),
    });
    if (h.type === 'MX') {
      const pref = h.mxPref ?? 10;
      if (!Number.isInteger(pref) || pref < 0 || pref > 65535) throw invalid(`Host ${n}: bad MX preference`);
      params[`MXPref${n}`] = String(pref);
    }
  });
  // Namecheap keeps MX records only when the mail setting says so.
  if (hosts.some((h) => h.type === 'MX')) params.EmailType = 'MX';
  return params;
}

/**
 * Namecheap's XML API (one endpoint, `Command` picks the method): domain availability and registration,
 * domain info and the account's domain list, custom nameservers and host records. Every call is a form POST
 * through the injected SafeFetch with the global parameters; the answer is the `ApiResponse` envelope,
 * whose errors come on HTTP 200 and are classified by Error Number. Rate-limited calls are retried within
 * bounds, except domains.create, which spends money: it is sent once, and a lost answer is outcome_unknown.
 */
export class NamecheapClient {
  private readonly url: string;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: NamecheapClientOptions) {
    if (!options.apiUser.trim() || !options.apiKey.trim())
      throw new Error('The Namecheap client needs an API user and key');
    if (!isIPv4(options.clientIp.trim()))
      throw new Error('The Namecheap client needs the whitelisted IPv4 address as the client IP');
    this.url = options.baseUrl ?? NAMECHEAP_BASE_URL;
    this.sleep = options.sleep ?? ((ms) => delay(ms));
  }

  /** Availability (and premium price) of each name, in batches of CHECK_BATCH. */
  async check(domains: string[]): Promise<NamecheapCheckResult[]> {
    const names = [...new Set(domains.map((d) => splitDomain(d).domain))];
    const out: NamecheapCheckResult[] = [];
    for (let i = 0; i < names.length; i += CHECK_BATCH) {
      const command = 'namecheap.domains.check';
      const response = await this.call(command, { DomainList: names.slice(i, i + CHECK_BATCH).join(',') });
      out.push(...parseCheck(response, this.bad(command)));
    }
    return out;
  }

  /**
   * Registers a domain, once. A refusal (taken, funds, contacts, auth) means nothing was bought; a lost or
   * unreadable answer throws outcome_unknown, and the caller asks getInfo before trying again.
   */
  async create(input: NamecheapCreateInput): Promise<NamecheapCreateResult> {
    const { domain } = splitDomain(input.domain);
    const years = input.years ?? 1;
    if (!Number.isInteger(years) || years < 1 || years > 10) throw invalid('Years must be 1 to 10');
    const registrant = checkedContact(input.registrant, 'registrant');
    const contacts = {
      Registrant: registrant,
      Tech: input.tech ? checkedContact(input.tech, 'tech') : registrant,
      Admin: input.admin ? checkedContact(input.admin, 'admin') : registrant,
      AuxBilling: input.auxBilling ? checkedContact(input.auxBilling, 'billing') : registrant,
    };
    const nameservers = (input.nameservers ?? []).map(nameserver);
    const privacy = input.whoisPrivacy === false ? 'no' : 'yes';
    const premium = input.premiumPrice;
    if (premium !== undefined && !(Number.isFinite(premium) && premium > 0))
      throw invalid('The premium price must be a positive amount');
    const params: Record<string, string> = {
      DomainName: domain,
      Years: String(years),
      ...PREFIXES.reduce((all, p) => ({ ...all, ...contactParams(p, contacts[p]) }), {}),
      ...(nameservers.length ? { Nameservers: nameservers.join(',') } : {}),
      AddFreeWhoisguard: privacy,
      WGEnabled: privacy,
      ...(premium !== undefined ? { IsPremiumDomain: 'True', PremiumPrice: String(premium) } : {}),
    };
    const command = 'namecheap.domains.create';
    try {
      const response = await this.call(command, params, {
        retry: false,
        timeoutMs: this.options.createTimeoutMs ?? 120_000,
      });
      const result = parseCreate(response, this.bad(command));
      if (result.domain !== domain)
        throw this.bad(command)(`the result of another domain (${result.domain})`);
      return result;
    } catch (err) {
      if (!(err instanceof NamecheapError) || !OUTCOME_UNKNOWN.includes(err.kind)) throw err;
      throw new NamecheapError(
        'outcome_unknown',
        `Registering ${domain} may or may not have gone through (${err.message}); check the account with getInfo before trying again`,
        { command, status: err.status, errorNumber: err.errorNumber, cause: err },
      );
    }
  }

  /** The domain's details when it is in this account; null when it is not (never bought, or someone else's). */
  async getInfo(domainName: string): Promise<NamecheapDomainInfo | null> {
    const { domain } = splitDomain(domainName);
    const command = 'namecheap.domains.getInfo';
    let response: XmlElement;
    try {
      response = await this.call(command, { DomainName: domain });
    } catch (err) {
      if (err instanceof NamecheapError && err.kind === 'not_found') return null;
      throw err;
    }
    const info = parseInfo(response, this.bad(command));
    if (info.domain !== domain) throw this.bad(command)(`the details of another domain (${info.domain})`);
    return info;
  }

  /** One page of the account's domains, by name; pageSize 10 to 100 as Namecheap allows. */
  async listDomains(
    options: { search?: string; page?: number; pageSize?: number } = {},
  ): Promise<NamecheapDomainPage> {
    const page = Math.max(1, Math.floor(options.page ?? 1));
    const pageSize = Math.min(100, Math.max(10, Math.floor(options.pageSize ?? 100)));
    const command = 'namecheap.domains.getList';
    const search = options.search?.trim();
    const response = await this.call(command, {
      ListType: 'ALL',
      ...(search ? { SearchTerm: search } : {}),
      Page: String(page),
      PageSize: String(pageSize),
      SortBy: 'NAME',
    });
    return parseList(response, this.bad(command));
  }

  /** Every domain of the account (or those matching `search`), page by page, each once. */
  async listAllDomains(search?: string, pageSize = 100): Promise<NamecheapDomainListItem[]> {
    const found = new Map<number, NamecheapDomainListItem>();
    const maxPages = Math.max(1, this.options.maxPages ?? 200);
    for (let page = 1; page <= maxPages; page += 1) {
      const result = await this.listDomains({ ...(search ? { search } : {}), page, pageSize });
      for (const d of result.domains) if (!found.has(d.id)) found.set(d.id, d);
      if (!result.domains.length || page * result.pageSize >= result.totalItems) return [...found.values()];
    }
    throw this.bad('namecheap.domains.getList')(`more than ${maxPages} pages (paging does not end)`);
  }

  /** Points the domain at other nameservers (Namecheap's DNS then no longer serves it). */
  async setCustomNameservers(domainName: string, nameservers: string[]): Promise<void> {
    const { sld, tld } = splitDomain(domainName);
    const hosts = [...new Set(nameservers.map(nameserver))];
    if (!hosts.length) throw invalid('At least one nameserver is needed');
    const command = 'namecheap.domains.dns.setCustom';
    const response = await this.call(command, { SLD: sld, TLD: tld, Nameservers: hosts.join(',') });
    parseDone(response, 'domaindnssetcustomresult', 'updated', this.bad(command));
  }

  /** Replaces ALL host records of a domain on Namecheap's DNS with these (records left out are deleted). */
  async setHosts(domainName: string, hosts: NamecheapHostInput[]): Promise<void> {
    const { sld, tld } = splitDomain(domainName);
    const command = 'namecheap.domains.dns.setHosts';
    const response = await this.call(command, { SLD: sld, TLD: tld, ...hostParams(hosts) });
    parseDone(response, 'domaindnssethostsresult', 'issuccess', this.bad(command));
  }

  /** The host records Namecheap's DNS serves for the domain. */
  async getHosts(domainName: string): Promise<NamecheapHost[]> {
    const { sld, tld } = splitDomain(domainName);
    const command = 'namecheap.domains.dns.getHosts';
    return parseHosts(await this.call(command, { SLD: sld, TLD: tld }), this.bad(command));
  }

  /** One command, retried on rate limiting when `retry` (every call but create), within bounds. */
  private async call(
    command: string,
    params: Record<string, string>,
    { retry = true, timeoutMs }: { retry?: boolean; timeoutMs?: number } = {},
  ): Promise<XmlElement> {
    const maxRetries = retry ? Math.max(0, this.options.maxRetries ?? 2) : 0;
    const maxWait = this.options.maxRetryWaitSeconds ?? 60;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.once(command, params, timeoutMs ?? this.options.timeoutMs ?? 30_000);
      } catch (err) {
        if (!(err instanceof NamecheapError) || err.kind !== 'rate_limited' || attempt >= maxRetries)
          throw err;
        const wait = err.retryAfterSeconds ?? this.options.throttleWaitSeconds ?? 30;
        if (wait > maxWait) throw err;
        await this.sleep(wait * 1000);
      }
    }
  }

  private async once(
    command: string,
    params: Record<string, string>,
    timeoutMs: number,
  ): Promise<XmlElement> {
    const res = await this.fetch(command, params, timeoutMs);
    if (res.status === 429) {
      const retryAfter = retryAfterSeconds(res.headers['retry-after']);
      throw new NamecheapError('rate_limited', `Namecheap is rate limiting ${command} (HTTP 429)`, {
        command,
        status: 429,
        ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
      });
    }
    if (res.status >= 500)
      throw new NamecheapError('unavailable', `Namecheap failed on ${command} (HTTP ${res.status})`, {
        command,
        status: res.status,
      });
    if (res.status !== 200) throw this.bad(command, res.status)(`HTTP ${res.status}`);
    const envelope = readEnvelope(res.text(), command, this.bad(command, res.status));
    if (!envelope.ok) throw this.refusal(command, envelope.errors);
    return envelope.response;
  }

  private async fetch(
    command: string,
    params: Record<string, string>,
    timeoutMs: number,
  ): Promise<SafeResponse> {
    const { apiUser, apiKey, userName, clientIp } = this.options;
    const body = new URLSearchParams({
      ApiUser: apiUser.trim(),
      ApiKey: apiKey.trim(),
      UserName: (userName ?? apiUser).trim(),
      ClientIp: clientIp.trim(),
      Command: command,
      ...params,
    });
    try {
      return await this.options.safeFetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: body.toString(),
        accept: 'application/xml, text/xml',
        // The API never redirects; a redirect would carry the key elsewhere.
        maxRedirects: 0,
        maxBytes: MAX_BYTES,
        timeoutMs,
      });
    } catch (err) {
      throw fromOutbound(err, command, apiKey);
    }
  }

  /** Namecheap's error answer, classified by the first Error's Number, its words quoted without the key. */
  private refusal(command: string, errors: NamecheapApiError[]): NamecheapError {
    const [first] = errors;
    const said = errors.map((e) => `${e.number} ${e.text}`).join('; ');
    return new NamecheapError(
      classifyError(first!),
      `Namecheap refused ${command}: ${quoteSafely(said, this.options.apiKey)}`,
      { command, status: 200, errorNumber: first!.number },
    );
  }

  private bad(command: string, status?: number): Complaint {
    return (what) =>
      new NamecheapError(
        'bad_response',
        quoteSafely(`Namecheap answered ${command} with ${what}`, this.options.apiKey),
        {
          command,
          ...(status !== undefined ? { status } : {}),
        },
      );
  }
}
