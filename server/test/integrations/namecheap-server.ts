import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv4 } from 'node:net';
import { startHttpServer, type LocalHttpServer } from './local-servers.js';

/*
 * A local Namecheap XML API (https://www.namecheap.com/support/api/methods/): one endpoint, /xml.response,
 * GET or form POST, the global parameters checked in Namecheap's order with its global error numbers, and the
 * commands the wizard needs (domains.check, create, getInfo, getList, dns.setCustom, dns.setHosts,
 * dns.getHosts) over one account: its balance, the domains it owns with their nameservers and host records,
 * names registered elsewhere, premium names and prices per TLD. Errors come as Status="ERROR" on HTTP 200.
 * Namecheap documents no number for each missing or invalid parameter; this server answers 2010324 and
 * 2011324, in the classes Namecheap's numbers use (x010xxx missing, x011xxx invalid).
 */

export const NAMECHEAP_USER = 'sitefleetapi';
export const NAMECHEAP_KEY = 'ncTestKey5f3a9e21b7c44d08a6e1f2b3c4';
/** The whitelisted address the client says it calls from. */
export const NAMECHEAP_CLIENT_IP = '203.0.113.7';

/** Names registered by someone else. */
/** A registrant contact the local account accepts (NAMECHEAP_CONTACT of the tests, the e2e run and the demo). */
export const TEST_CONTACT = {
  firstName: 'Dana',
  lastName: 'Keller',
  organization: 'Keller Media GmbH',
  address1: 'Torstrasse 12',
  city: 'Berlin',
  stateProvince: 'Berlin',
  postalCode: '10119',
  country: 'DE',
  phone: '+49.3012345678',
  email: 'domains@keller-media.example',
};

export const TAKEN_DOMAINS = ['taken-example.com', 'google.com', 'bbc.co.uk'];
/** Premium names and their registration price (USD). */
export const PREMIUM_DOMAINS: Record<string, number> = { 'gold.com': 2500, 'casino.xyz': 13000 };
/** Price per year by TLD (USD); a TLD not listed is not sold. */
export const TLD_PRICES: Record<string, number> = {
  com: 10.28,
  net: 12.98,
  org: 9.98,
  'co.uk': 8.48,
  xyz: 2.0,
};
const DEFAULT_NAMESERVERS = ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'];
const HOST_TYPES = ['A', 'AAAA', 'ALIAS', 'CAA', 'CNAME', 'MX', 'MXE', 'NS', 'TXT', 'URL', 'URL301', 'FRAME'];
const CONTACT_FIELDS = ['FirstName', 'LastName', 'Address1', 'City', 'StateProvince', 'PostalCode'];
const PREFIXES = ['Registrant', 'Tech', 'Admin', 'AuxBilling'];
const MAX_HOSTS = 150;

export interface HostRecord {
  hostId: number;
  name: string;
  type: string;
  address: string;
  mxPref: number;
  ttl: number;
}

export interface OwnedDomain {
  id: number;
  name: string;
  created: Date;
  expires: Date;
  /** Custom nameservers in use, or Namecheap's BasicDNS (`FREE`). */
  custom: boolean;
  nameservers: string[];
  hosts: HostRecord[];
  emailType: string;
  whoisguard: boolean;
  premium: boolean;
  charged: number;
  /** The create parameters of the four contacts, as sent. */
  contacts: Record<string, string>;
}

/** What the next request of a command gets instead of (or after) its normal handling. */
export type FailMode =
  | 'http500'
  /** HTTP 429 with Retry-After: 2. */
  | 'rate_limit'
  /** Namecheap's throttling answer: Status="ERROR", Error 500000 "Too many requests", on HTTP 200. */
  | 'throttled'
  /** The socket is destroyed before anything is done. */
  | 'drop'
  /** The command is carried out (a create registers and charges), then the socket is destroyed unanswered. */
  | 'drop_after_commit'
  /** The command is carried out, and half of its answer is sent. */
  | 'truncated'
  | 'bad_xml'
  /** An HTML error page on HTTP 200, as a proxy in front might send. */
  | 'html'
  | { status: number; body: string; headers?: Record<string, string> };

export interface NamecheapRequestSeen {
  method: string;
  /** Path and query as requested: the key must never be in it. */
  url: string;
  contentType: string | undefined;
  /** Lower-cased Command. */
  command: string;
  /** Every parameter, query and body, names as sent. */
  params: Record<string, string>;
}

export interface LocalNamecheapServer extends LocalHttpServer {
  /** `{origin}/xml.response`. */
  baseUrl: string;
  account: { user: string; key: string; whitelist: string[]; balance: number };
  taken: Set<string>;
  premium: Map<string, number>;
  requests: NamecheapRequestSeen[];
  /** The next `times` requests of `command` (`create`, `dns.setHosts` or the full name) fail as `mode`. */
  failNext(command: string, mode: FailMode, times?: number): void;
  /** Requests received for a command, failed ones included. */
  calls(command: string): number;
  ownedDomains(): string[];
  domain(name: string): OwnedDomain | undefined;
  /** Adds a domain to the account as if bought earlier. */
  addOwned(name: string): OwnedDomain;
}

export interface NamecheapServerOptions {
  balance?: number;
  whitelist?: string[];
  taken?: string[];
  premium?: Record<string, number>;
  owned?: string[];
  now?: () => Date;
}

type Params = Map<string, string>;
type ErrorReply = { errors: Array<[number, string]> };
type Reply = { inner: string } | ErrorReply;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const attrs = (a: Record<string, string | number | boolean>) =>
  Object.entries(a)
    .map(([k, v]) => ` ${k}="${esc(String(v))}"`)
    .join('');
const fail = (number: number, text: string): ErrorReply => ({ errors: [[number, text]] });
const missing = (name: string) => fail(2010324, `Parameter ${name} is missing`);
const badParam = (name: string, why: string) => fail(2011324, `Parameter ${name} is invalid: ${why}`);
const notOurs = (name: string) =>
  fail(2019166, `The domain (${name}) doesn't seem to be associated with your account.`);
const mdy = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const isHostName = (h: string) => h.split('.').length >= 2 && h.split('.').every((l) => LABEL.test(l));

export function fullCommand(command: string): string {
  const c = command.toLowerCase();
  return c.startsWith('namecheap.') ? c : `namecheap.domains.${c}`;
}

function envelope(command: string, reply: Reply): string {
  const ok = 'inner' in reply;
  const errors = ok
    ? '<Errors />'
    : `<Errors>${reply.errors.map(([n, t]) => `<Error Number="${n}">${esc(t)}</Error>`).join('')}</Errors>`;
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<ApiResponse Status="${ok ? 'OK' : 'ERROR'}" xmlns="http://api.namecheap.com/xml.response">`,
    `  ${errors}`,
    '  <Warnings />',
    `  <RequestedCommand>${esc(command)}</RequestedCommand>`,
    ok ? `  <CommandResponse Type="${esc(command)}">${reply.inner}</CommandResponse>` : '',
    '  <Server>LOCAL-API01</Server>',
    '  <GMTTimeDifference>--5:00</GMTTimeDifference>',
    '  <ExecutionTime>0.012</ExecutionTime>',
    '</ApiResponse>',
  ].join('\n');
}

/** Starts the local Namecheap API for one account (NAMECHEAP_USER / NAMECHEAP_KEY, NAMECHEAP_CLIENT_IP). */
export async function startNamecheapServer(
  options: NamecheapServerOptions = {},
): Promise<LocalNamecheapServer> {
  const now = options.now ?? (() => new Date());
  const account = {
    user: NAMECHEAP_USER,
    key: NAMECHEAP_KEY,
    whitelist: options.whitelist ?? [NAMECHEAP_CLIENT_IP],
    balance: options.balance ?? 1000,
  };
  const taken = new Set(options.taken ?? TAKEN_DOMAINS);
  const premium = new Map(Object.entries(options.premium ?? PREMIUM_DOMAINS));
  const owned = new Map<string, OwnedDomain>();
  const requests: NamecheapRequestSeen[] = [];
  const failures = new Map<string, FailMode[]>();
  let nextId = 100;

  const tldOf = (name: string) =>
    Object.keys(TLD_PRICES)
      .filter((t) => name.endsWith(`.${t}`) && LABEL.test(name.slice(0, -t.length - 1)))
      .sort((a, b) => b.length - a.length)[0];

  function addOwned(name: string, years = 1, contacts: Record<string, string> = {}, ns: string[] = []) {
    const created = now();
    const expires = new Date(created);
    expires.setUTCFullYear(created.getUTCFullYear() + years);
    const domain: OwnedDomain = {
      id: (nextId += 1),
      name,
      created,
      expires,
      custom: ns.length > 0,
      nameservers: ns.length ? ns : DEFAULT_NAMESERVERS,
      hosts: [
        {
          hostId: (nextId += 1),
          name: '@',
          type: 'URL',
          address: `http://www.${name}/`,
          mxPref: 10,
          ttl: 1800,
        },
        {
          hostId: (nextId += 1),
          name: 'www',
          type: 'CNAME',
          address: 'parkingpage.namecheap.com.',
          mxPref: 10,
          ttl: 1800,
        },
      ],
      emailType: 'FWD',
      whoisguard: true,
      premium: premium.has(name),
      charged: 0,
      contacts,
    };
    owned.set(name, domain);
    return domain;
  }
  for (const name of options.owned ?? []) addOwned(name);

  const check = (p: Params): Reply => {
    const list = p.get('domainlist');
    if (!list) return missing('DomainList');
    const rows = list
      .split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean)
      .map((name) => {
        if (!tldOf(name))
          return attrs({
            Domain: name,
            Available: false,
            ErrorNo: 2030280,
            Description: 'TLD is not supported',
          });
        const price = premium.get(name);
        const p4 = (n: number) => n.toFixed(4);
        return attrs({
          Domain: name,
          Available: !taken.has(name) && !owned.has(name),
          ErrorNo: 0,
          Description: '',
          IsPremiumName: price !== undefined,
          PremiumRegistrationPrice: p4(price ?? 0),
          PremiumRenewalPrice: p4(price ?? 0),
          PremiumRestorePrice: p4(price === undefined ? 0 : 65),
          PremiumTransferPrice: p4(price ?? 0),
          IcannFee: price === undefined ? 0 : 0.18,
          EapFee: 0,
        });
      });
    return { inner: rows.map((a) => `<DomainCheckResult${a} />`).join('') };
  };

  function contactsOf(p: Params): ErrorReply | { contacts: Record<string, string> } {
    const sent: Record<string, string> = {};
    for (const prefix of PREFIXES) {
      for (const field of [...CONTACT_FIELDS, 'Country', 'Phone', 'EmailAddress']) {
        const value = p.get(`${prefix}${field}`.toLowerCase())?.trim();
        if (!value) return fail(2010323, `Parameter ${prefix}${field} is missing`);
        sent[`${prefix}${field}`] = value;
      }
      const org = p.get(`${prefix}OrganizationName`.toLowerCase());
      if (org) sent[`${prefix}OrganizationName`] = org;
      if (!/^\+\d{1,3}\.\d{4,14}$/.test(sent[`${prefix}Phone`]!))
        return fail(2015182, 'The contact phone is invalid. The phone number format is +NNN.NNNNNNNNNN');
      if (!/^[A-Z]{2}$/.test(sent[`${prefix}Country`]!))
        return badParam(`${prefix}Country`, 'not a country code');
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(sent[`${prefix}EmailAddress`]!))
        return badParam(`${prefix}EmailAddress`, 'not an e-mail address');
    }
    return { contacts: sent };
  }

  const create = (p: Params): Reply => {
    const name = p.get('domainname')?.trim().toLowerCase();
    if (!name) return missing('DomainName');
    const yearsText = p.get('years') ?? '2';
    const years = Number(yearsText);
    if (!/^\d+$/.test(yearsText) || years < 1 || years > 10)
      return fail(2015167, 'Validation error from Years');
    const tld = tldOf(name);
    if (!tld) return fail(2030280, 'TLD is not supported in API');
    const sent = contactsOf(p);
    if ('errors' in sent) return sent;
    const ns = (p.get('nameservers') ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean);
    if (!ns.every(isHostName)) return fail(2011168, 'Nameservers are not valid');
    const addGuard = (p.get('addfreewhoisguard') ?? 'no').toLowerCase() === 'yes';
    const enableGuard = (p.get('wgenabled') ?? 'no').toLowerCase() === 'yes';
    if (enableGuard && !addGuard)
      return fail(2033407, 'Cannot enable domain privacy when AddWhoisguard is set as NO');
    if (taken.has(name) || owned.has(name)) return fail(3019166, 'Domain not available');
    const premiumPrice = premium.get(name);
    const saysPremium = (p.get('ispremiumdomain') ?? '').toLowerCase() === 'true';
    if (saysPremium !== (premiumPrice !== undefined))
      return fail(
        2515623,
        'Domain is premium while considered regular or is regular while considered premium',
      );
    if (premiumPrice !== undefined && Number(p.get('premiumprice')) !== premiumPrice)
      return fail(2515610, 'Prices do not match');
    const charged = Math.round((premiumPrice ?? TLD_PRICES[tld]!) * years * 100) / 100;
    if (account.balance < charged)
      return fail(
        2528166,
        `Order creation failed: insufficient funds (balance ${account.balance.toFixed(2)} USD, order ${charged.toFixed(2)} USD)`,
      );
    account.balance = Math.round((account.balance - charged) * 100) / 100;
    const d = addOwned(name, years, sent.contacts, ns);
    d.charged = charged;
    d.whoisguard = enableGuard;
    const result = attrs({
      Domain: name,
      Registered: true,
      ChargedAmount: charged.toFixed(4),
      DomainID: d.id,
      OrderID: d.id + 50000,
      TransactionID: d.id + 90000,
      WhoisguardEnable: enableGuard,
      FreePositiveSSL: false,
      NonRealTimeDomain: false,
    });
    return { inner: `<DomainCreateResult${result} />` };
  };

  const getInfo = (p: Params): Reply => {
    const name = p.get('domainname')?.trim().toLowerCase();
    if (!name) return missing('DomainName');
    const d = owned.get(name);
    if (!d) return notOurs(name);
    const info = attrs({
      Status: 'Ok',
      ID: d.id,
      DomainName: d.name,
      OwnerName: account.user,
      IsOwner: true,
      IsPremium: d.premium,
    });
    const dns = attrs({
      ProviderType: d.custom ? 'CUSTOM' : 'FREE',
      IsUsingOurDNS: !d.custom,
      HostCount: d.hosts.length,
      EmailType: d.emailType,
      DynamicDNSStatus: false,
      IsFailover: false,
    });
    return {
      inner: [
        `<DomainGetInfoResult${info}>`,
        `<DomainDetails><CreatedDate>${mdy(d.created)}</CreatedDate><ExpiredDate>${mdy(d.expires)}</ExpiredDate><NumYears>0</NumYears></DomainDetails>`,
        '<LockDetails />',
        `<Whoisguard Enabled="${d.whoisguard ? 'True' : 'False'}"><ID>${d.id + 7000}</ID><ExpiredDate>${mdy(d.expires)}</ExpiredDate><EmailDetails /></Whoisguard>`,
        '<PremiumDnsSubscription><UseAutoRenew>false</UseAutoRenew><SubscriptionId>-1</SubscriptionId></PremiumDnsSubscription>',
        `<DnsDetails${dns}>${d.nameservers.map((n) => `<Nameserver>${esc(n)}</Nameserver>`).join('')}</DnsDetails>`,
        '<Modificationrights All="true" />',
        '</DomainGetInfoResult>',
      ].join(''),
    };
  };

  const getList = (p: Params): Reply => {
    const listType = (p.get('listtype') ?? 'ALL').toUpperCase();
    if (!['ALL', 'EXPIRING', 'EXPIRED'].includes(listType))
      return badParam('ListType', 'ALL, EXPIRING or EXPIRED');
    const page = Number(p.get('page') ?? '1');
    const pageSize = Number(p.get('pagesize') ?? '20');
    if (!Number.isInteger(page) || page < 1) return badParam('Page', 'must be at least 1');
    if (!Number.isInteger(pageSize) || pageSize < 10 || pageSize > 100)
      return badParam('PageSize', 'must be 10 to 100');
    const term = p.get('searchterm')?.trim().toLowerCase();
    const at = now().getTime();
    const all = [...owned.values()]
      .filter((d) => !term || d.name.includes(term))
      .filter((d) => listType !== 'EXPIRED' || d.expires.getTime() < at)
      .sort((a, b) => a.name.localeCompare(b.name));
    const rows = all.slice((page - 1) * pageSize, page * pageSize).map((d) =>
      attrs({
        ID: d.id,
        Name: d.name,
        User: account.user,
        Created: mdy(d.created),
        Expires: mdy(d.expires),
        IsExpired: d.expires.getTime() < at,
        IsLocked: false,
        AutoRenew: false,
        WhoisGuard: d.whoisguard ? 'ENABLED' : 'NOTPRESENT',
        IsPremium: d.premium,
        IsOurDNS: !d.custom,
      }),
    );
    return {
      inner:
        `<DomainGetListResult>${rows.map((a) => `<Domain${a} />`).join('')}</DomainGetListResult>` +
        `<Paging><TotalItems>${all.length}</TotalItems><CurrentPage>${page}</CurrentPage><PageSize>${pageSize}</PageSize></Paging>`,
    };
  };

  /** The owned domain an SLD/TLD pair names, or the error answer. */
  function bySldTld(p: Params): OwnedDomain | ErrorReply {
    const sld = p.get('sld')?.trim().toLowerCase();
    const tld = p.get('tld')?.trim().toLowerCase();
    if (!sld) return missing('SLD');
    if (!tld) return missing('TLD');
    return owned.get(`${sld}.${tld}`) ?? notOurs(`${sld}.${tld}`);
  }
  const notOurDns = () =>
    fail(2030288, 'Cannot complete this command as this domain is not using proper DNS servers');

  const setCustom = (p: Params): Reply => {
    const domain = bySldTld(p);
    if ('errors' in domain) return domain;
    const ns = (p.get('nameservers') ?? '')
      .split(',')
      .map((n) => n.trim().toLowerCase())
      .filter(Boolean);
    if (!ns.length) return missing('Nameservers');
    if (!ns.every(isHostName) || ns.length > 12) return fail(2011168, 'Nameservers are not valid');
    domain.custom = true;
    domain.nameservers = ns;
    return { inner: `<DomainDNSSetCustomResult${attrs({ Domain: domain.name, Updated: true })} />` };
  };

  const setHosts = (p: Params): Reply => {
    const d = bySldTld(p);
    if ('errors' in d) return d;
    if (d.custom) return notOurDns();
    const indexes = [...p.keys()]
      .map((k) => /^hostname(\d+)$/.exec(k)?.[1])
      .filter((n): n is string => n !== undefined)
      .map(Number)
      .sort((a, b) => a - b);
    if (indexes.length > MAX_HOSTS) return fail(3013288, 'Too many records');
    const emailType = (p.get('emailtype') ?? 'FWD').toUpperCase();
    const hosts: HostRecord[] = [];
    for (const i of indexes) {
      const type = p.get(`recordtype${i}`)?.toUpperCase();
      const address = p.get(`address${i}`);
      const ttl = Number(p.get(`ttl${i}`) ?? '1800');
      if (!type) return missing(`RecordType${i}`);
      if (!address) return missing(`Address${i}`);
      if (!HOST_TYPES.includes(type)) return badParam(`RecordType${i}`, `unknown record type ${type}`);
      if (!Number.isInteger(ttl) || ttl < 60 || ttl > 60000)
        return badParam(`TTL${i}`, 'must be 60 to 60000');
      // Namecheap keeps MX records only when the domain's mail setting is MX.
      if (type === 'MX' && emailType !== 'MX') continue;
      const mxPref = Number(p.get(`mxpref${i}`) ?? '10');
      hosts.push({ hostId: (nextId += 1), name: p.get(`hostname${i}`)!, type, address, mxPref, ttl });
    }
    d.hosts = hosts;
    d.emailType = emailType;
    return {
      inner: `<DomainDNSSetHostsResult${attrs({ Domain: d.name, IsSuccess: true })}><Warnings /></DomainDNSSetHostsResult>`,
    };
  };

  const getHosts = (p: Params): Reply => {
    const d = bySldTld(p);
    if ('errors' in d) return d;
    if (d.custom) return notOurDns();
    const rows = d.hosts.map(
      (h) =>
        `<host${attrs({ HostId: h.hostId, Name: h.name, Type: h.type, Address: h.address, MXPref: h.mxPref, TTL: h.ttl, AssociatedAppTitle: '', FriendlyName: '', IsActive: true, IsDDNSEnabled: false })} />`,
    );
    const result = attrs({ Domain: d.name, EmailType: d.emailType, IsUsingOurDNS: true });
    return { inner: `<DomainDNSGetHostsResult${result}>${rows.join('')}</DomainDNSGetHostsResult>` };
  };

  const COMMANDS: Record<string, (p: Params) => Reply> = {
    'namecheap.domains.check': check,
    'namecheap.domains.create': create,
    'namecheap.domains.getinfo': getInfo,
    'namecheap.domains.getlist': getList,
    'namecheap.domains.dns.setcustom': setCustom,
    'namecheap.domains.dns.sethosts': setHosts,
    'namecheap.domains.dns.gethosts': getHosts,
  };

  /** The global parameters in Namecheap's order, then the command. */
  function answer(p: Params): Reply {
    if (!p.get('apiuser')) return fail(1010101, 'Parameter APIUser is missing');
    if (!p.get('apikey')) return fail(1010102, 'Parameter APIKey is missing');
    if (!p.get('command')) return fail(1010104, 'Parameter Command is missing');
    const clientIp = p.get('clientip');
    if (!clientIp) return fail(1010105, 'Parameter ClientIP is missing');
    if (p.get('apiuser')!.toLowerCase() !== account.user.toLowerCase() || p.get('apikey') !== account.key)
      return fail(1011102, 'API Key is invalid or API access has not been enabled');
    if (!isIPv4(clientIp) || !account.whitelist.includes(clientIp))
      return fail(1011150, `Invalid request IP: ${clientIp}`);
    const userName = p.get('username');
    if (!userName) return missing('UserName');
    if (userName.toLowerCase() !== account.user.toLowerCase())
      return fail(1016103, 'Parameter UserName is unauthorized');
    const handler = COMMANDS[p.get('command')!.toLowerCase()];
    return handler ? handler(p) : fail(1011104, 'Parameter Command is invalid');
  }

  function send(res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'text/xml; charset=utf-8', ...headers });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://local');
    if (url.pathname.toLowerCase() !== '/xml.response')
      return send(res, 404, 'Not Found', { 'content-type': 'text/plain' });
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const sent = new URLSearchParams(url.search);
    if (req.method === 'POST')
      for (const [k, v] of new URLSearchParams(Buffer.concat(chunks).toString('utf8'))) sent.append(k, v);
    const p: Params = new Map();
    for (const [k, v] of sent) if (!p.has(k.toLowerCase())) p.set(k.toLowerCase(), v);
    const command = (p.get('command') ?? '').toLowerCase();
    requests.push({
      method: req.method ?? 'GET',
      url: req.url ?? '/',
      contentType: req.headers['content-type'],
      command,
      params: Object.fromEntries(sent),
    });
    const mode = failures.get(command)?.shift();
    if (mode === 'drop') return req.socket.destroy();
    if (mode === 'http500')
      return send(res, 500, '<html><body>Internal Server Error</body></html>', {
        'content-type': 'text/html',
      });
    if (mode === 'rate_limit')
      return send(res, 429, 'Too Many Requests', { 'content-type': 'text/plain', 'retry-after': '2' });
    if (mode === 'throttled') return send(res, 200, envelope(command, fail(500000, 'Too many requests')));
    if (mode === 'bad_xml') return send(res, 200, 'ApiResponse Status=OK <<<not xml');
    if (mode === 'html')
      return send(res, 200, '<!DOCTYPE html><html><body><h1>Maintenance</h1></body></html>', {
        'content-type': 'text/html',
      });
    if (typeof mode === 'object') return send(res, mode.status, mode.body, mode.headers);
    const body = envelope(command, answer(p));
    if (mode === 'drop_after_commit') return req.socket.destroy();
    if (mode === 'truncated') return send(res, 200, body.slice(0, Math.floor(body.length / 2)));
    send(res, 200, body);
  }

  const server = await startHttpServer((req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  return Object.assign(server, {
    baseUrl: `${server.origin}/xml.response`,
    account,
    taken,
    premium,
    requests,
    failNext(command: string, mode: FailMode, times = 1) {
      const key = fullCommand(command);
      failures.set(key, [...(failures.get(key) ?? []), ...Array.from({ length: times }, () => mode)]);
    },
    calls: (command: string) => requests.filter((r) => r.command === fullCommand(command)).length,
    ownedDomains: () => [...owned.keys()].sort(),
    domain: (name: string) => owned.get(name.toLowerCase()),
    addOwned: (name: string) => addOwned(name.toLowerCase()),
  });
}
