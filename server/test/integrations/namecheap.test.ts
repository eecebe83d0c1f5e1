import { afterEach, describe, expect, it } from 'vitest';
import {
  classifyError,
  createNamecheapClient,
  NamecheapClient,
  NamecheapError,
  parseContact,
  splitDomain,
  type NamecheapClientOptions,
  type NamecheapContact,
} from '../../src/integrations/namecheap/index.js';
import {
  NAMECHEAP_CLIENT_IP,
  NAMECHEAP_KEY,
  NAMECHEAP_USER,
  startNamecheapServer,
  type NamecheapRequestSeen,
} from './namecheap-server.js';
import { failureOf, requestsDuring, useLocalProvider, withGuardedFetch } from './support.js';

const PAGED = Array.from({ length: 23 }, (_, i) => `fleetpage-${String(i + 1).padStart(2, '0')}.com`);
const local = useLocalProvider(() => startNamecheapServer({ owned: PAGED }));
const waits: number[] = [];

afterEach(() => {
  waits.splice(0);
});

const client = (options: Partial<NamecheapClientOptions> = {}) =>
  new NamecheapClient({
    apiUser: NAMECHEAP_USER,
    apiKey: NAMECHEAP_KEY,
    clientIp: NAMECHEAP_CLIENT_IP,
    baseUrl: local.server.baseUrl,
    safeFetch: local.fetch,
    timeoutMs: 5_000,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });

const failure = failureOf(NamecheapError);
const CONTACT: NamecheapContact = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  organization: 'Fleet & Sons Ltd',
  address1: '12 Analytical Row',
  city: 'London',
  stateProvince: 'Greater London',
  postalCode: 'N1 9GU',
  country: 'GB',
  phone: '+44.2071234567',
  email: 'ada@fleet.example',
};

/** The requests the local server got while `call` ran (which must not reject). */
const seen = (call: () => Promise<unknown>): Promise<NamecheapRequestSeen[]> =>
  requestsDuring(local.server, call);

/** A raw form POST to the local API, answering the first Error Number (0 when none) and the text. */
async function raw(params: Record<string, string>): Promise<{ number: number; text: string }> {
  const res = await local.fetch(local.server.baseUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  const text = res.text();
  return { number: Number(/<Error Number="(\d+)"/.exec(text)?.[1] ?? 0), text };
}

const globals = {
  ApiUser: NAMECHEAP_USER,
  ApiKey: NAMECHEAP_KEY,
  UserName: NAMECHEAP_USER,
  ClientIp: NAMECHEAP_CLIENT_IP,
};

describe('the local Namecheap API', () => {
  it("checks the global parameters in Namecheap's order and answers its error numbers", async () => {
    const { ApiUser, ApiKey, ClientIp } = globals;
    const cases: Array<[Record<string, string>, number]> = [
      [{}, 1010101],
      [{ ApiUser }, 1010102],
      [{ ApiUser, ApiKey }, 1010104],
      [{ ApiUser, ApiKey, Command: 'namecheap.domains.check' }, 1010105],
      [{ ...globals, ApiKey: 'wrong-key-123', Command: 'namecheap.domains.check' }, 1011102],
      [{ ...globals, ClientIp: '198.51.100.9', Command: 'namecheap.domains.check' }, 1011150],
      [{ ...globals, UserName: 'someone-else', Command: 'namecheap.domains.check' }, 1016103],
      [{ ...globals, Command: 'namecheap.domains.fly' }, 1011104],
      [{ ...globals, Command: 'namecheap.domains.check' }, 2010324],
      [{ ApiUser, ApiKey, ClientIp, UserName: ApiUser, Command: 'namecheap.domains.getInfo' }, 2010324],
    ];
    for (const [params, number] of cases)
      expect([params, (await raw(params)).number]).toEqual([params, number]);
    expect((await raw({ ...globals, ClientIp: '198.51.100.9', Command: 'x' })).text).toContain(
      'Invalid request IP: 198.51.100.9',
    );
  });

  it('answers the documented envelope, on GET as on POST', async () => {
    const query = new URLSearchParams({
      ...globals,
      Command: 'namecheap.domains.check',
      DomainList: 'a1b2.com',
    });
    const res = await local.fetch(`${local.server.baseUrl}?${query}`);
    const text = res.text();
    expect(res.status).toBe(200);
    expect(text).toContain('<ApiResponse Status="OK" xmlns="http://api.namecheap.com/xml.response">');
    expect(text).toContain('<RequestedCommand>namecheap.domains.check</RequestedCommand>');
    expect(text).toContain('<CommandResponse Type="namecheap.domains.check">');
    expect(text).toMatch(/<DomainCheckResult Domain="a1b2.com" Available="true"/);
  });

  it('validates contacts, years and whois privacy of a create the way Namecheap does', async () => {
    const base = { ...globals, Command: 'namecheap.domains.create', DomainName: 'fleet-raw.com', Years: '1' };
    const contacts: Record<string, string> = {};
    for (const p of ['Registrant', 'Tech', 'Admin', 'AuxBilling'])
      Object.assign(contacts, {
        [`${p}FirstName`]: 'Ada',
        [`${p}LastName`]: 'L',
        [`${p}Address1`]: '1 Row',
        [`${p}City`]: 'London',
        [`${p}StateProvince`]: 'LDN',
        [`${p}PostalCode`]: 'N1',
        [`${p}Country`]: 'GB',
        [`${p}Phone`]: '+44.2071234567',
        [`${p}EmailAddress`]: 'a@b.example',
      });
    expect((await raw({ ...base, ...contacts, Years: '11' })).number).toBe(2015167);
    expect((await raw({ ...base, ...contacts, TechPhone: '020 7123 4567' })).number).toBe(2015182);
    expect((await raw({ ...base, ...contacts, AdminCity: '' })).number).toBe(2010323);
    expect((await raw({ ...base, ...contacts, Nameservers: 'ns1.x.com,not a host' })).number).toBe(2011168);
    expect((await raw({ ...base, ...contacts, WGEnabled: 'yes', AddFreeWhoisguard: 'no' })).number).toBe(
      2033407,
    );
    expect((await raw({ ...base, ...contacts, DomainName: 'fleet-raw.museumx' })).number).toBe(2030280);
    expect(local.server.ownedDomains()).not.toContain('fleet-raw.com');
  });
});

describe('NamecheapClient', () => {
  it('sends each call as a form POST with the global parameters, the key never in the URL', async () => {
    const [req] = await seen(() => client().check(['fleet-post.com']));
    expect(req).toMatchObject({
      method: 'POST',
      url: '/xml.response',
      contentType: 'application/x-www-form-urlencoded',
      command: 'namecheap.domains.check',
    });
    expect(req!.params).toEqual({
      ...globals,
      Command: 'namecheap.domains.check',
      DomainList: 'fleet-post.com',
    });
  });

  it('checks availability: available, taken, premium with its price, in batches of 50', async () => {
    const results = await client().check(['Fleet-Free.com', 'taken-example.com', 'gold.com', 'bbc.co.uk']);
    expect(results.map((r) => [r.domain, r.available, r.premium, r.premiumRegistrationPrice])).toEqual([
      ['fleet-free.com', true, false, null],
      ['taken-example.com', false, false, null],
      ['gold.com', true, true, 2500],
      ['bbc.co.uk', false, false, null],
    ]);
    const names = Array.from({ length: 120 }, (_, i) => `fleet-batch-${i}.com`);
    const requests = await seen(async () => expect(await client().check(names)).toHaveLength(120));
    expect(requests.map((r) => r.params.DomainList!.split(',').length)).toEqual([50, 50, 20]);
    expect((await failure(client().check(['not a domain']))).kind).toBe('invalid');
  });

  it('registers a domain with its four contacts, charges the account and owns it afterwards', async () => {
    const balance = local.server.account.balance;
    const requests = await seen(async () => {
      const bought = await client().create({ domain: 'Fleet-New-Site.com', years: 2, registrant: CONTACT });
      expect(bought).toMatchObject({
        domain: 'fleet-new-site.com',
        registered: true,
        chargedAmount: 20.56,
        whoisguardEnabled: true,
        nonRealTime: false,
      });
      expect(bought.domainId).toBeGreaterThan(0);
      expect(bought.orderId).toBeGreaterThan(0);
    });
    expect(requests).toHaveLength(1);
    expect(local.server.account.balance).toBeCloseTo(balance - 20.56, 2);
    const owned = local.server.domain('fleet-new-site.com')!;
    expect(owned.contacts).toMatchObject({
      RegistrantFirstName: 'Ada',
      TechPhone: '+44.2071234567',
      AdminEmailAddress: 'ada@fleet.example',
      AuxBillingOrganizationName: 'Fleet & Sons Ltd',
      AuxBillingCountry: 'GB',
    });
    expect(requests[0]!.params).toMatchObject({ Years: '2', AddFreeWhoisguard: 'yes', WGEnabled: 'yes' });
    expect((await client().check(['fleet-new-site.com']))[0]!.available).toBe(false);

    const info = await client().getInfo('fleet-new-site.com');
    const year = new Date().getUTCFullYear();
    expect(info).toMatchObject({ domain: 'fleet-new-site.com', isOwner: true, ownerName: NAMECHEAP_USER });
    expect(info!.createdDate).toMatch(new RegExp(`^${year}-\\d\\d-\\d\\d$`));
    expect(info!.expiredDate!.slice(0, 4)).toBe(String(year + 2));
    expect([info!.dnsProvider, info!.usingOurDns, info!.nameservers]).toEqual([
      'FREE',
      true,
      ['dns1.registrar-servers.com', 'dns2.registrar-servers.com'],
    ]);
  });

  it('starts a domain on custom nameservers when asked', async () => {
    await client().create({
      domain: 'fleet-custom-ns.net',
      registrant: CONTACT,
      nameservers: ['NS1.Example-DNS.com.', 'ns2.example-dns.com'],
      whoisPrivacy: false,
    });
    const info = await client().getInfo('fleet-custom-ns.net');
    expect([info!.dnsProvider, info!.nameservers, info!.whoisguardEnabled]).toEqual([
      'CUSTOM',
      ['ns1.example-dns.com', 'ns2.example-dns.com'],
      false,
    ]);
  });

  it('refuses a name someone holds with not_available, and buys nothing', async () => {
    const before = local.server.calls('create');
    const balance = local.server.account.balance;
    const taken = await failure(client().create({ domain: 'taken-example.com', registrant: CONTACT }));
    expect([taken.kind, taken.errorNumber, taken.command]).toEqual([
      'not_available',
      3019166,
      'namecheap.domains.create',
    ]);
    expect(taken.message).toContain('Domain not available');
    expect(local.server.calls('create')).toBe(before + 1);
    expect(local.server.account.balance).toBe(balance);
  });

  it('buys a premium name only at its checked price, and not beyond the balance', async () => {
    const regular = await failure(client().create({ domain: 'gold.com', registrant: CONTACT }));
    expect([regular.kind, regular.errorNumber]).toEqual(['invalid', 2515623]);
    const wrong = await failure(
      client().create({ domain: 'gold.com', registrant: CONTACT, premiumPrice: 99 }),
    );
    expect([wrong.kind, wrong.errorNumber]).toEqual(['invalid', 2515610]);
    const [checked] = await client().check(['gold.com']);
    const input = {
      domain: 'gold.com',
      registrant: CONTACT,
      premiumPrice: checked!.premiumRegistrationPrice!,
    };
    const balance = local.server.account.balance;
    const poor = await failure(client().create(input));
    expect([poor.kind, poor.errorNumber]).toEqual(['insufficient_funds', 2528166]);
    expect(local.server.account.balance).toBe(balance);
    local.server.account.balance = 5000;
    expect((await client().create(input)).chargedAmount).toBe(2500);
    expect(local.server.account.balance).toBe(2500);
  });

  it('refuses bad input before anything is sent', async () => {
    const bad: Array<() => Promise<unknown>> = [
      () => client().create({ domain: 'fleet-x.com', registrant: { ...CONTACT, phone: '555-1234' } }),
      () => client().create({ domain: 'fleet-x.com', registrant: CONTACT, years: 11 }),
      () => client().create({ domain: 'shop.fleet-x.com', registrant: CONTACT }),
      () => client().create({ domain: 'fleet-x.com', registrant: CONTACT, nameservers: ['bad ns'] }),
      () => client().setHosts('fleetpage-03.com', []),
      () => client().setHosts('fleetpage-03.com', [{ name: '@', type: 'A', address: '1.2.3.4', ttl: 5 }]),
      () => client().getInfo('fleet-x.notatld'),
    ];
    for (const call of bad) {
      const requests = await seen(async () => expect((await failure(call())).kind).toBe('invalid'));
      expect(requests).toEqual([]);
    }
    const phone = await failure(bad[0]!());
    expect(phone.message).toContain(
      'registrant contact is not valid: phone must be in the format +NNN.NNNNNNNNNN',
    );
  });

  it('answers null from getInfo for a domain that is not in the account', async () => {
    expect(await client().getInfo('taken-example.com')).toBeNull();
    expect(await client().getInfo('never-bought-here.com')).toBeNull();
    const info = await client().getInfo('FLEETPAGE-05.com');
    expect(info).toMatchObject({ domain: 'fleetpage-05.com', status: 'Ok', isOwner: true });
    expect(info!.id).toBe(local.server.domain('fleetpage-05.com')!.id);
  });

  it("lists the account's domains page by page", async () => {
    const page = await client().listDomains({ search: 'fleetpage', page: 3, pageSize: 10 });
    expect([page.totalItems, page.currentPage, page.pageSize]).toEqual([23, 3, 10]);
    expect(page.domains.map((d) => d.name)).toEqual([
      'fleetpage-21.com',
      'fleetpage-22.com',
      'fleetpage-23.com',
    ]);
    expect(page.domains[0]).toMatchObject({ user: NAMECHEAP_USER, isExpired: false, isOurDns: true });
    let all: string[] = [];
    const requests = await seen(async () => {
      all = (await client().listAllDomains('fleetpage', 10)).map((d) => d.name);
    });
    expect(all).toEqual(PAGED);
    expect(requests.map((r) => [r.params.Page, r.params.PageSize, r.params.SearchTerm])).toEqual([
      ['1', '10', 'fleetpage'],
      ['2', '10', 'fleetpage'],
      ['3', '10', 'fleetpage'],
    ]);
  });

  it('sets custom nameservers, which getInfo then shows', async () => {
    await client().setCustomNameservers('fleetpage-01.com', ['NS1.Cloudflare.com.', 'ns2.cloudflare.com']);
    const info = await client().getInfo('fleetpage-01.com');
    expect([info!.dnsProvider, info!.usingOurDns, info!.nameservers]).toEqual([
      'CUSTOM',
      false,
      ['ns1.cloudflare.com', 'ns2.cloudflare.com'],
    ]);
    const hosts = await failure(client().getHosts('fleetpage-01.com'));
    expect([hosts.kind, hosts.errorNumber]).toEqual(['invalid', 2030288]);
    const notOurs = await failure(client().setCustomNameservers('taken-example.com', ['ns1.cloudflare.com']));
    expect([notOurs.kind, notOurs.errorNumber]).toEqual(['not_found', 2019166]);
  });

  it('replaces every host record with setHosts and reads them back with getHosts', async () => {
    const c = client();
    expect((await c.getHosts('fleetpage-02.com')).map((h) => [h.name, h.type])).toEqual([
      ['@', 'URL'],
      ['www', 'CNAME'],
    ]);
    const txt = 'v=spf1 include:_spf.fleet.example ~all "quoted" & <more>';
    const [sent] = await seen(() =>
      c.setHosts('fleetpage-02.com', [
        { name: '@', type: 'A', address: '203.0.113.10', ttl: 300 },
        { name: 'www', type: 'CNAME', address: 'fleetpage-02.com.' },
        { name: '@', type: 'TXT', address: txt },
        { name: '@', type: 'MX', address: 'mail.fleet.example.', mxPref: 5 },
      ]),
    );
    expect(sent!.params).toMatchObject({
      SLD: 'fleetpage-02',
      TLD: 'com',
      HostName1: '@',
      RecordType1: 'A',
      Address1: '203.0.113.10',
      TTL1: '300',
      TTL2: '1800',
      MXPref4: '5',
      EmailType: 'MX',
    });
    const hosts = await c.getHosts('fleetpage-02.com');
    expect(hosts.map((h) => [h.name, h.type, h.address, h.ttl])).toEqual([
      ['@', 'A', '203.0.113.10', 300],
      ['www', 'CNAME', 'fleetpage-02.com.', 1800],
      ['@', 'TXT', txt, 1800],
      ['@', 'MX', 'mail.fleet.example.', 1800],
    ]);
    expect(hosts[3]!.mxPref).toBe(5);
    expect(hosts.every((h) => h.hostId !== null)).toBe(true);
    await c.setHosts('fleetpage-02.com', [{ name: '@', type: 'A', address: '203.0.113.11' }]);
    expect((await c.getHosts('fleetpage-02.com')).map((h) => [h.name, h.type, h.address])).toEqual([
      ['@', 'A', '203.0.113.11'],
    ]);
  });

  it('splits multi-label TLDs on the public suffix list', async () => {
    expect(splitDomain('Fleet-Shop.CO.UK.')).toEqual({
      domain: 'fleet-shop.co.uk',
      sld: 'fleet-shop',
      tld: 'co.uk',
    });
    expect(splitDomain('example.com')).toEqual({ domain: 'example.com', sld: 'example', tld: 'com' });
    expect(() => splitDomain('www.fleet-shop.co.uk')).toThrow(NamecheapError);
    expect(() => splitDomain('co.uk')).toThrow(NamecheapError);
    await client().create({ domain: 'fleet-shop.co.uk', registrant: CONTACT });
    const [sent] = await seen(() =>
      client().setHosts('fleet-shop.co.uk', [{ name: '@', type: 'A', address: '203.0.113.5' }]),
    );
    expect([sent!.params.SLD, sent!.params.TLD]).toEqual(['fleet-shop', 'co.uk']);
    expect((await client().getHosts('fleet-shop.co.uk')).map((h) => h.address)).toEqual(['203.0.113.5']);
  });

  it('classifies auth and whitelist refusals, never quoting the key', async () => {
    const wrongKey = 'nc-wrong-key-0000';
    const auth = await failure(client({ apiKey: wrongKey }).check(['fleet-auth.com']));
    expect([auth.kind, auth.errorNumber]).toEqual(['auth', 1011102]);
    expect(auth.message).toContain('API Key is invalid or API access has not been enabled');
    expect(auth.message).not.toContain(wrongKey);
    const ip = await failure(client({ clientIp: '198.51.100.9' }).getInfo('fleetpage-04.com'));
    expect([ip.kind, ip.errorNumber, ip.message]).toEqual([
      'ip_not_whitelisted',
      1011150,
      expect.stringContaining('Invalid request IP: 198.51.100.9'),
    ]);
    local.server.failNext('getInfo', {
      status: 200,
      body: `<ApiResponse Status="ERROR"><Errors><Error Number="1011102">Key ${NAMECHEAP_KEY} refused</Error></Errors></ApiResponse>`,
    });
    const echoed = await failure(client().getInfo('fleetpage-04.com'));
    expect(echoed.message).toContain('Key *** refused');
    expect(echoed.message).not.toContain(NAMECHEAP_KEY);
    expect(JSON.stringify(echoed)).not.toContain(NAMECHEAP_KEY);
  });

  it('waits out rate limiting on reads and asks again, within bounds', async () => {
    local.server.failNext('check', 'rate_limit');
    local.server.failNext('check', 'throttled');
    const before = local.server.calls('check');
    expect(await client().check(['fleet-rate.com'])).toHaveLength(1);
    expect(local.server.calls('check')).toBe(before + 2 + 1);
    expect(waits).toEqual([2000, 30_000]);

    local.server.failNext('getInfo', 'throttled', 3);
    const limited = await failure(client().getInfo('fleetpage-06.com'));
    expect([limited.kind, limited.errorNumber]).toEqual(['rate_limited', 500000]);

    waits.splice(0);
    local.server.failNext('dns.getHosts', {
      status: 429,
      body: 'slow down',
      headers: { 'retry-after': '600' },
    });
    const long = await failure(client().getHosts('fleetpage-06.com'));
    expect([long.kind, long.retryAfterSeconds, waits]).toEqual(['rate_limited', 600, []]);
  });

  it('never retries a create: a rate limit fails it at once and buys nothing', async () => {
    for (const mode of ['rate_limit', 'throttled'] as const) {
      local.server.failNext('create', mode);
      const before = local.server.calls('create');
      const limited = await failure(client().create({ domain: 'fleet-limited.com', registrant: CONTACT }));
      expect(limited.kind).toBe('rate_limited');
      expect(local.server.calls('create')).toBe(before + 1);
      expect(waits).toEqual([]);
      expect(await client().getInfo('fleet-limited.com')).toBeNull();
    }
  });

  it('reports a create whose answer is lost as outcome_unknown; getInfo then shows whether it was bought', async () => {
    local.server.failNext('create', 'drop_after_commit');
    const before = local.server.calls('create');
    const lost = await failure(client().create({ domain: 'fleet-lost.com', registrant: CONTACT }));
    expect(lost.kind).toBe('outcome_unknown');
    expect(lost.message).toContain('check the account with getInfo before trying again');
    expect(local.server.calls('create')).toBe(before + 1);
    expect((await client().getInfo('fleet-lost.com'))?.domain).toBe('fleet-lost.com');

    local.server.failNext('create', 'truncated');
    expect((await failure(client().create({ domain: 'fleet-cut.com', registrant: CONTACT }))).kind).toBe(
      'outcome_unknown',
    );
    expect(await client().getInfo('fleet-cut.com')).not.toBeNull();

    for (const mode of ['http500', 'drop'] as const) {
      local.server.failNext('create', mode);
      const failed = await failure(client().create({ domain: `fleet-${mode}.com`, registrant: CONTACT }));
      expect([mode, failed.kind]).toEqual([mode, 'outcome_unknown']);
      expect(await client().getInfo(`fleet-${mode}.com`)).toBeNull();
    }
    expect(local.server.calls('create')).toBe(before + 4);
  });

  it('refuses answers that are not the documented envelope', async () => {
    const modes = ['bad_xml', 'html', 'truncated'] as const;
    for (const mode of modes) {
      local.server.failNext('getInfo', mode);
      expect([mode, (await failure(client().getInfo('fleetpage-07.com'))).kind]).toEqual([
        mode,
        'bad_response',
      ]);
    }
    const scripted = [
      '<ApiResponse Status="OK"><RequestedCommand>namecheap.domains.check</RequestedCommand><CommandResponse/></ApiResponse>',
      '<ApiResponse Status="ERROR"><Errors/></ApiResponse>',
      '<ApiResponse Status="MAYBE"><Errors/></ApiResponse>',
      '<ApiResponse Status="OK"><Errors/></ApiResponse>',
      '<ApiResponse Status="OK"><CommandResponse><DomainGetInfoResult ID="x"/></CommandResponse></ApiResponse>',
    ];
    for (const body of scripted) {
      local.server.failNext('getInfo', { status: 200, body });
      expect([body, (await failure(client().getInfo('fleetpage-07.com'))).kind]).toEqual([
        body,
        'bad_response',
      ]);
    }
    local.server.failNext('getList', 'http500');
    expect((await failure(client().listDomains())).kind).toBe('unavailable');
    expect(
      (await failure(client({ baseUrl: `${local.deadOrigin}/xml.response` }).check(['a1.com']))).kind,
    ).toBe('network');
  });

  it('goes through the SSRF guard, which refuses a private address unless allowed', async () => {
    await withGuardedFetch(async (guarded) => {
      const requests = await seen(async () => {
        expect((await failure(client({ safeFetch: guarded }).check(['fleet-ssrf.com']))).kind).toBe(
          'refused',
        );
      });
      expect(requests).toEqual([]);
    });
  });
});

describe('Namecheap configuration and contacts', () => {
  it('builds no client without an API user and key, and refuses a client IP that is not IPv4', async () => {
    const config = { apiUser: NAMECHEAP_USER, apiKey: NAMECHEAP_KEY, clientIp: NAMECHEAP_CLIENT_IP };
    expect(createNamecheapClient({ ...config, apiKey: '' }, local.fetch)).toBeNull();
    expect(createNamecheapClient({ ...config, apiUser: null }, local.fetch)).toBeNull();
    expect(() => createNamecheapClient({ ...config, clientIp: '2001:db8::1' }, local.fetch)).toThrow(/IPv4/);
    const made = createNamecheapClient({ ...config, baseUrl: local.server.baseUrl }, local.fetch);
    expect((await made!.check(['fleet-config.com']))[0]!.available).toBe(true);
  });

  it('reads a contact from JSON and names every field that is wrong', () => {
    const ok = parseContact(JSON.stringify({ ...CONTACT, country: 'gb', phone: '+44.20 7123 4567' }));
    expect(ok).toEqual({ contact: { ...CONTACT, phone: '+44.2071234567' }, errors: null });
    expect(parseContact({ ...CONTACT, organization: '' }).contact).not.toHaveProperty('organization');
    const bad = parseContact({
      ...CONTACT,
      firstName: ' ',
      country: 'GBR',
      phone: '0207',
      email: 'ada',
      first_name: 'x',
    });
    expect(bad).toEqual({
      contact: null,
      errors: {
        firstName: 'is required',
        country: 'must be an ISO 3166 alpha-2 code',
        phone: 'must be in the format +NNN.NNNNNNNNNN',
        email: 'must be an e-mail address',
        first_name: 'is not a contact field',
      },
    });
    expect(parseContact('{nope').errors).toEqual({ contact: 'is not valid JSON' });
    expect(parseContact([]).errors).toEqual({ contact: 'must be a JSON object' });
  });

  it('classifies error numbers by their documented meaning and class', () => {
    const kind = (number: number, text = '') => classifyError({ number, text });
    expect([kind(1011102), kind(1011150), kind(3019166), kind(2019166), kind(500000)]).toEqual([
      'auth',
      'ip_not_whitelisted',
      'not_available',
      'not_found',
      'rate_limited',
    ]);
    expect([kind(2010323), kind(2015182), kind(2011280), kind(1010104)]).toEqual([
      'invalid',
      'invalid',
      'invalid',
      'invalid',
    ]);
    expect([
      kind(2528166, 'Insufficient funds'),
      kind(2528166, 'Order creation failed'),
      kind(5050900),
    ]).toEqual(['insufficient_funds', 'failed', 'failed']);
  });
});
