import { afterEach, describe, expect, it } from 'vitest';
import {
  CloudflareClient,
  CloudflareError,
  createCloudflareClient,
  delegatedTo,
  type CloudflareClientOptions,
} from '../../src/integrations/cloudflare/index.js';
import {
  CLOUDFLARE_ACCOUNT_ID,
  CLOUDFLARE_DISABLED_TOKEN,
  CLOUDFLARE_READ_TOKEN,
  CLOUDFLARE_TOKEN,
  startCloudflareServer,
} from './cloudflare-server.js';
import { failureOf, useLocalProvider, withGuardedFetch } from './support.js';

const local = useLocalProvider(() => startCloudflareServer());
const waits: number[] = [];

afterEach(() => {
  local.server.clearFailures();
  waits.splice(0);
});

const client = (options: Partial<CloudflareClientOptions> = {}) =>
  new CloudflareClient({
    token: CLOUDFLARE_TOKEN,
    accountId: CLOUDFLARE_ACCOUNT_ID,
    baseUrl: local.server.baseUrl,
    safeFetch: local.fetch,
    timeoutMs: 2_000,
    sleep: async (ms) => void waits.push(ms),
    ...options,
  });

const failure = failureOf(CloudflareError);
const since = (before: number) => local.server.requests.slice(before);
const auth = { authorization: `Bearer ${CLOUDFLARE_TOKEN}` };
const writes = () =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].map((m) =>
    local.server.calls(`${m} /zones/:zone/dns_records${m === 'POST' ? '' : '/:record'}`),
  );
const records = (zoneId: string) =>
  local.server
    .records(zoneId)
    .map((r) => `${r.type} ${r.name} ${r.content} ttl=${r.ttl}${r.proxied ? ' proxied' : ''}`)
    .sort();

describe('the local Cloudflare API', () => {
  it("answers Cloudflare's envelopes for missing, malformed and unknown tokens", async () => {
    const bare = await local.fetch(`${local.server.baseUrl}/zones`);
    expect(bare.status).toBe(400);
    expect(bare.json()).toMatchObject({ success: false, errors: [{ code: 9106 }], result: null });
    const malformed = await local.fetch(`${local.server.baseUrl}/zones`, {
      headers: { authorization: 'Bearer a b' },
    });
    expect(malformed.json()).toMatchObject({ errors: [{ code: 6003, error_chain: [{ code: 6111 }] }] });
    const unknown = { authorization: `Bearer ${'x'.repeat(40)}` };
    const verify = await local.fetch(`${local.server.baseUrl}/user/tokens/verify`, { headers: unknown });
    expect([verify.status, verify.json()]).toMatchObject([401, { errors: [{ code: 1000 }] }]);
    const zones = await local.fetch(`${local.server.baseUrl}/zones`, { headers: unknown });
    expect([zones.status, zones.json()]).toMatchObject([401, { errors: [{ code: 9109 }] }]);
    const ok = await local.fetch(`${local.server.baseUrl}/user/tokens/verify`, { headers: auth });
    expect(ok.json()).toMatchObject({
      success: true,
      result: { status: 'active' },
      messages: [{ code: 10000, message: 'This API Token is valid and active' }],
    });
  });

  it('pages zones at most 50 at a time and answers 404 with 7003 for an unknown zone', async () => {
    const page = await local.fetch(`${local.server.baseUrl}/zones?per_page=500`, { headers: auth });
    expect(page.json()).toMatchObject({ result_info: { page: 1, per_page: 50 } });
    const missing = await local.fetch(`${local.server.baseUrl}/zones/${'0'.repeat(32)}`, { headers: auth });
    expect(missing.status).toBe(404);
    expect(missing.json()).toMatchObject({ errors: [{ code: 7003 }, { code: 7000 }] });
    const malformed = await local.fetch(`${local.server.baseUrl}/zones/example.com`, { headers: auth });
    expect(malformed.status).toBe(400);
  });

  it('answers 429 with Retry-After beyond its request limit', async () => {
    let clock = 1_000_000;
    const limited = await startCloudflareServer({ requestLimit: 2, windowMs: 300_000, now: () => clock });
    try {
      const get = () => local.fetch(`${limited.baseUrl}/user/tokens/verify`, { headers: auth });
      expect((await get()).status).toBe(200);
      expect((await get()).headers.ratelimit).toContain('r=0');
      clock += 10_000;
      const third = await get();
      expect(third.status).toBe(429);
      expect(third.json()).toMatchObject({ success: false, errors: [{ code: 971 }] });
      expect(third.headers['retry-after']).toBe('290');
      // The client waits out Retry-After (here on the server's clock) and gets its answer.
      const waited: number[] = [];
      const c = client({
        baseUrl: limited.baseUrl,
        maxRetryWaitSeconds: 300,
        sleep: async (ms) => {
          waited.push(ms);
          clock += ms;
        },
      });
      expect((await c.verifyToken()).status).toBe('active');
      expect(waited).toEqual([290_000]);
    } finally {
      await limited.close();
    }
  });
});

describe('CloudflareClient: the token', () => {
  it('verifies an active token with the bearer header', async () => {
    const before = local.server.requests.length;
    const status = await client().verifyToken();
    expect(status.status).toBe('active');
    expect(status.id).toMatch(/^[0-9a-f]{32}$/);
    expect(since(before)).toMatchObject([
      { method: 'GET', path: '/user/tokens/verify', authorization: `Bearer ${CLOUDFLARE_TOKEN}` },
    ]);
    const account = await client().verifyToken({ accountId: CLOUDFLARE_ACCOUNT_ID });
    expect(account.status).toBe('active');
    expect(local.server.requests.at(-1)!.path).toBe(`/accounts/${CLOUDFLARE_ACCOUNT_ID}/tokens/verify`);
  });

  it('refuses unknown, malformed and disabled tokens as auth without quoting them', async () => {
    const wrongToken = 'WrongToken_0123456789abcdefghijklmnopqrs';
    const wrong = await failure(client({ token: wrongToken }).verifyToken());
    expect([wrong.kind, wrong.status, wrong.codes]).toEqual(['auth', 401, [1000]]);
    expect(wrong.message).toContain('Invalid API Token');
    expect(wrong.message).not.toContain(wrongToken);
    const zones = await failure(client({ token: wrongToken }).findZone('example.com'));
    expect([zones.kind, zones.codes]).toEqual(['auth', [9109]]);
    const malformed = await failure(client({ token: 'short' }).findZone('example.com'));
    expect([malformed.kind, malformed.status, malformed.codes]).toEqual(['auth', 400, [6003, 6111]]);
    const disabled = await failure(client({ token: CLOUDFLARE_DISABLED_TOKEN }).verifyToken());
    expect([disabled.kind, disabled.message]).toEqual(['auth', expect.stringContaining('disabled')]);
    expect(disabled.message).not.toContain(CLOUDFLARE_DISABLED_TOKEN);
  });

  it('is not built without a token', () => {
    expect(createCloudflareClient({ token: ' ', accountId: CLOUDFLARE_ACCOUNT_ID }, local.fetch)).toBeNull();
    const built = createCloudflareClient(
      { token: CLOUDFLARE_TOKEN, accountId: CLOUDFLARE_ACCOUNT_ID, baseUrl: local.server.baseUrl },
      local.fetch,
    );
    expect(built).toBeInstanceOf(CloudflareClient);
  });
});

describe('CloudflareClient: zones', () => {
  it('adds a missing zone once, with its two name servers, and finds it on the next call', async () => {
    const posts = local.server.calls('POST /zones');
    const first = await client().ensureZone('Alpha.Example');
    expect(first).toMatchObject({ name: 'alpha.example', status: 'pending', active: false, created: true });
    expect(first.nameServers).toHaveLength(2);
    expect(first.nameServers.every((n) => /^[a-z]+\.ns\.cloudflare\.com$/.test(n))).toBe(true);
    expect(new Set(first.nameServers).size).toBe(2);
    expect(first.originalNameServers).toEqual(['ns1.parking.example', 'ns2.parking.example']);
    const sent = local.server.requests.filter((r) => r.method === 'POST').at(-1);
    expect(sent?.body).toEqual({
      name: 'alpha.example',
      account: { id: CLOUDFLARE_ACCOUNT_ID },
      type: 'full',
    });

    const second = await client().ensureZone('alpha.example');
    expect(second).toMatchObject({ id: first.id, created: false, nameServers: first.nameServers });
    expect(local.server.calls('POST /zones') - posts).toBe(1);
    expect(local.server.zones().filter((z) => z.name === 'alpha.example')).toHaveLength(1);
    const find = local.server.requests.filter((r) => r.method === 'GET' && r.path === '/zones').at(-1);
    expect(Object.fromEntries(find!.query)).toMatchObject({
      name: 'alpha.example',
      'account.id': CLOUDFLARE_ACCOUNT_ID,
    });

    local.server.activate(first.id);
    expect(await client().zone(first.id)).toMatchObject({ status: 'active', active: true });
    expect(
      delegatedTo(
        first,
        [...first.nameServers].reverse().map((n) => `${n.toUpperCase()}.`),
      ),
    ).toBe(true);
    expect(delegatedTo(first, ['ns1.parking.example', first.nameServers[0]!])).toBe(false);
  });

  it('reads the zone back when the add answers "already exists", and says when another account has it', async () => {
    const id = local.server.addZone('race.example');
    const emptyList = {
      success: true,
      errors: [],
      messages: [],
      result: [],
      result_info: { total_pages: 1 },
    };
    local.server.failNext('GET', '/zones', [200, emptyList]);
    const posts = local.server.calls('POST /zones');
    const zone = await client().ensureZone('race.example');
    expect(zone).toMatchObject({ id, created: false });
    expect(local.server.calls('POST /zones') - posts).toBe(1);

    local.server.addZone('taken.example', { accountId: 'f'.repeat(32) });
    const taken = await failure(client().ensureZone('taken.example'));
    expect([taken.kind, taken.codes]).toEqual(['conflict', [1061]]);
    expect(taken.message).toContain('taken.example already exists');
  });

  it('recovers from a lost answer to the add without adding twice', async () => {
    local.server.failNext('POST', '/zones', 'lose_answer');
    const lost = await failure(client().ensureZone('lost.example'));
    expect(lost.kind).toBe('network');
    const zone = await client().ensureZone('lost.example');
    expect(zone.created).toBe(false);
    expect(local.server.zones().filter((z) => z.name === 'lost.example')).toHaveLength(1);
  });

  it('refuses a name that is not a domain before asking, and Cloudflare refuses a bad account', async () => {
    const before = local.server.requests.length;
    expect((await failure(client().ensureZone('not a domain'))).kind).toBe('invalid');
    expect((await failure(client().ensureZone('localhost'))).kind).toBe('invalid');
    expect((await failure(client({ accountId: 'nope' }).ensureZone('x.example'))).kind).toBe('invalid');
    expect(local.server.requests.length).toBe(before);
    const other = await failure(client().createZone('y.example', 'e'.repeat(32)));
    expect([other.kind, other.codes]).toEqual(['forbidden', [10000]]);
  });
});

describe('CloudflareClient: DNS records', () => {
  it('upserts: leaves the identical, updates the differing, creates the missing, deletes the extra', async () => {
    const zoneId = local.server.addZone('upsert.example');
    local.server.addRecord(zoneId, { type: 'A', name: 'upsert.example', content: '203.0.113.5' });
    local.server.addRecord(zoneId, {
      type: 'A',
      name: 'www.upsert.example',
      content: '198.51.100.9',
      ttl: 300,
    });
    local.server.addRecord(zoneId, { type: 'A', name: 'www.upsert.example', content: '198.51.100.10' });
    local.server.addRecord(zoneId, { type: 'TXT', name: 'upsert.example', content: 'v=spf1 -all' });
    const before = writes();
    const done = await client().upsertRecords(zoneId, [
      { type: 'A', name: '@', content: '203.0.113.5' },
      { type: 'A', name: 'www', content: '203.0.113.5' },
      { type: 'A', name: 'shop', content: '203.0.113.5', comment: 'wizard' },
    ]);
    expect(done.unchanged.map((r) => r.name)).toEqual(['upsert.example']);
    expect(done.updated.map((r) => [r.name, r.content, r.ttl])).toEqual([
      ['www.upsert.example', '203.0.113.5', 1],
    ]);
    expect(done.created.map((r) => [r.name, r.content, r.comment])).toEqual([
      ['shop.upsert.example', '203.0.113.5', 'wizard'],
    ]);
    expect(done.deleted.map((r) => r.content)).toEqual(['198.51.100.10']);
    expect(writes().map((n, i) => n - before[i]!)).toEqual([1, 1, 0, 1]);
    expect(records(zoneId)).toEqual([
      'A shop.upsert.example 203.0.113.5 ttl=1',
      'A upsert.example 203.0.113.5 ttl=1',
      'A www.upsert.example 203.0.113.5 ttl=1',
      'TXT upsert.example v=spf1 -all ttl=1',
    ]);
    const patch = local.server.requests.find((r) => r.method === 'PATCH' && r.route.endsWith('/:record'));
    expect(patch?.body).toEqual({
      type: 'A',
      name: 'www.upsert.example',
      content: '203.0.113.5',
      ttl: 1,
      proxied: false,
    });

    const again = await client().upsertRecords(zoneId, [
      { type: 'A', name: 'upsert.example.', content: '203.0.113.5' },
      { type: 'A', name: 'WWW.Upsert.Example', content: '203.0.113.5' },
      { type: 'A', name: 'shop', content: '203.0.113.5' },
    ]);
    expect([again.created, again.updated, again.deleted].map((l) => l.length)).toEqual([0, 0, 0]);
    expect(again.unchanged).toHaveLength(3);
    expect(writes().map((n, i) => n - before[i]!)).toEqual([1, 1, 0, 1]);
  });

  it('deletes an identical duplicate and changes only the settings of a record with the wanted address', async () => {
    const zoneId = local.server.addZone('dupes.example');
    local.server.addRecord(zoneId, { type: 'A', name: 'www.dupes.example', content: '192.0.2.7' });
    local.server.addRecord(zoneId, { type: 'A', name: 'www.dupes.example', content: '192.0.2.7' });
    local.server.addRecord(zoneId, { type: 'A', name: 'dupes.example', content: '192.0.2.7', ttl: 3600 });
    const done = await client().upsertRecords(zoneId, [
      { type: 'A', name: 'www', content: '192.0.2.7' },
      { type: 'A', name: '@', content: '192.0.2.7', proxied: true },
    ]);
    expect([done.unchanged.length, done.updated.length, done.created.length, done.deleted.length]).toEqual([
      1, 1, 0, 1,
    ]);
    expect(records(zoneId)).toEqual([
      'A dupes.example 192.0.2.7 ttl=1 proxied',
      'A www.dupes.example 192.0.2.7 ttl=1',
    ]);
  });

  it('refuses a name outside the zone or an unknown type before writing anything', async () => {
    const zoneId = local.server.addZone('names.example');
    const before = writes();
    const outside = await failure(
      client().upsertRecords(zoneId, [
        { type: 'A', name: 'www', content: '192.0.2.1' },
        { type: 'A', name: 'www.other.example', content: '192.0.2.1' },
      ]),
    );
    expect([outside.kind, outside.message]).toEqual([
      'invalid',
      expect.stringContaining('www.other.example'),
    ]);
    expect(writes()).toEqual(before);
    expect(local.server.records(zoneId)).toEqual([]);
  });

  it('reads more than one page of records', async () => {
    const zoneId = local.server.addZone('paged.example');
    for (let i = 1; i <= 12; i += 1)
      local.server.addRecord(zoneId, { type: 'A', name: `h${i}.paged.example`, content: `192.0.2.${i}` });
    const before = local.server.requests.length;
    const all = await client({ perPage: 5 }).listRecords(zoneId);
    expect(all.map((r) => r.content)).toEqual(Array.from({ length: 12 }, (_, i) => `192.0.2.${i + 1}`));
    expect(since(before).map((r) => [r.query.get('page'), r.query.get('per_page')])).toEqual([
      ['1', '5'],
      ['2', '5'],
      ['3', '5'],
    ]);
    const one = await client().listRecords(zoneId, { type: 'a', name: 'H7.paged.example' });
    expect(one.map((r) => r.content)).toEqual(['192.0.2.7']);
  });

  it('refuses paging that does not end', async () => {
    const zoneId = local.server.addZone('endless.example');
    const item = { id: 'a'.repeat(32), type: 'A', name: 'endless.example', content: '192.0.2.1' };
    local.server.failNext(
      'GET',
      '/zones/:zone/dns_records',
      [200, { success: true, errors: [], messages: [], result: [item], result_info: { total_pages: 99 } }],
      { times: 3 },
    );
    const endless = await failure(client({ maxPages: 3 }).listRecords(zoneId));
    expect([endless.kind, endless.message]).toEqual([
      'bad_response',
      expect.stringContaining('paging does not end'),
    ]);
  });

  it("passes on Cloudflare's validation: codes and words", async () => {
    const zoneId = local.server.addZone('checks.example');
    const ip = await failure(client().createRecord(zoneId, { type: 'A', name: 'www', content: '300.1.2.3' }));
    expect([ip.kind, ip.status, ip.codes]).toEqual(['invalid', 400, [9005]]);
    expect(ip.message).toContain('Content for A record must be a valid IPv4 address.');
    const viaUpsert = await failure(
      client().upsertRecords(zoneId, [{ type: 'A', name: '@', content: 'host.example' }]),
    );
    expect([viaUpsert.kind, viaUpsert.codes]).toEqual(['invalid', [9005]]);
    const ttl = await failure(
      client().createRecord(zoneId, { type: 'A', name: 'www', content: '192.0.2.1', ttl: 30 }),
    );
    expect([ttl.kind, ttl.codes]).toEqual(['invalid', [1004, 9021]]);
    expect(ttl.message).toContain('TTL must be between 60 and 86400 seconds');
    const txt = await failure(
      client().createRecord(zoneId, { type: 'TXT', name: 'www', content: 'x', proxied: true }),
    );
    expect([txt.kind, txt.codes]).toEqual(['invalid', [1004, 9041]]);

    const made = await client().createRecord(zoneId, { type: 'AAAA', name: 'www', content: '2001:DB8:0::1' });
    expect([made.name, made.content, made.ttl, made.proxied]).toEqual([
      'www.checks.example',
      '2001:db8::1',
      1,
      false,
    ]);
    const twin = await failure(
      client().createRecord(zoneId, { type: 'AAAA', name: 'www', content: '2001:db8::1' }),
    );
    expect([twin.kind, twin.codes]).toEqual(['conflict', [81058]]);
    const cname = await failure(
      client().createRecord(zoneId, { type: 'CNAME', name: 'www', content: 'a.example' }),
    );
    expect([cname.kind, cname.codes]).toEqual(['conflict', [81053]]);
    expect(local.server.records(zoneId)).toHaveLength(1);
  });

  it('changes, replaces and deletes a record; unknown ones are not_found', async () => {
    const zoneId = local.server.addZone('edit.example');
    const made = await client().createRecord(zoneId, {
      type: 'A',
      name: 'www',
      content: '192.0.2.1',
      comment: 'x',
    });
    const patched = await client().updateRecord(zoneId, made.id, { ttl: 3600 });
    expect([patched.content, patched.ttl, patched.comment]).toEqual(['192.0.2.1', 3600, 'x']);
    const replaced = await client().replaceRecord(zoneId, made.id, {
      type: 'A',
      name: 'www',
      content: '192.0.2.2',
    });
    expect([replaced.content, replaced.ttl, replaced.comment]).toEqual(['192.0.2.2', 1, null]);
    await client().deleteRecord(zoneId, made.id);
    expect(local.server.records(zoneId)).toEqual([]);
    const gone = await failure(client().deleteRecord(zoneId, made.id));
    expect([gone.kind, gone.status, gone.codes]).toEqual(['not_found', 404, [81044]]);
    const noZone = await failure(client().listRecords('1'.repeat(32)));
    expect([noZone.kind, noZone.codes]).toEqual(['not_found', [7003, 7000]]);
    const before = local.server.requests.length;
    expect((await failure(client().deleteRecord(zoneId, '../x'))).kind).toBe('invalid');
    expect(local.server.requests.length).toBe(before);
  });

  it('is forbidden to write with a read-only token', async () => {
    const zoneId = local.server.addZone('readonly.example');
    const reader = client({ token: CLOUDFLARE_READ_TOKEN });
    expect(await reader.listRecords(zoneId)).toEqual([]);
    const refused = await failure(
      reader.createRecord(zoneId, { type: 'A', name: 'www', content: '192.0.2.1' }),
    );
    expect([refused.kind, refused.status, refused.codes]).toEqual(['forbidden', 403, [10000]]);
  });
});

describe('CloudflareClient: failures', () => {
  it('waits out a 429 Retry-After and asks again, within bounds', async () => {
    const zoneId = local.server.addZone('retry.example');
    local.server.failNext('GET', '/zones/:zone', 'rate_limit', { times: 2, retryAfter: 3 });
    expect((await client().zone(zoneId)).name).toBe('retry.example');
    expect(waits).toEqual([3000, 3000]);

    waits.splice(0);
    local.server.failNext('GET', '/zones/:zone', 'rate_limit', { retryAfter: 300 });
    const long = await failure(client().zone(zoneId));
    expect([long.kind, long.status, long.retryAfterSeconds, long.codes]).toEqual([
      'rate_limited',
      429,
      300,
      [971],
    ]);
    expect(waits).toEqual([]);

    const before = local.server.calls('GET /zones/:zone');
    local.server.failNext('GET', '/zones/:zone', 'rate_limit', { times: 3, retryAfter: 1 });
    const many = await failure(client().zone(zoneId));
    expect([many.kind, many.retryAfterSeconds]).toEqual(['rate_limited', 1]);
    expect(local.server.calls('GET /zones/:zone') - before).toBe(3);
    expect(waits).toEqual([1000, 1000]);
  });

  it('classifies 5xx, bad JSON and a dropped connection, never quoting the token', async () => {
    const zoneId = local.server.addZone('faults.example');
    local.server.failNext('GET', '/zones/:zone', 'http500');
    const down = await failure(client().zone(zoneId));
    expect([down.kind, down.status, down.codes]).toEqual(['unavailable', 500, [1052]]);
    local.server.failNext('GET', '/zones/:zone', 'http502');
    expect((await failure(client().zone(zoneId))).kind).toBe('unavailable');
    local.server.failNext('GET', '/zones/:zone', 'bad_json');
    const broken = await failure(client().zone(zoneId));
    expect([broken.kind, broken.message]).toEqual(['bad_response', expect.stringContaining('invalid JSON')]);
    local.server.failNext('GET', '/zones/:zone', [
      200,
      { success: true, errors: [], result: { name: 'no id' } },
    ]);
    expect((await failure(client().zone(zoneId))).kind).toBe('bad_response');
    local.server.failNext('GET', '/zones/:zone', 'drop');
    expect((await failure(client().zone(zoneId))).kind).toBe('network');
    local.server.failNext('GET', '/zones/:zone', [
      400,
      { success: false, errors: [{ code: 1004, message: `Bad token ${CLOUDFLARE_TOKEN}` }], result: null },
    ]);
    const quoted = await failure(client().zone(zoneId));
    expect(quoted.message).toContain('Bad token ***');
    expect(quoted.message).not.toContain(CLOUDFLARE_TOKEN);
    expect(JSON.stringify(quoted.errors)).not.toContain(CLOUDFLARE_TOKEN);
    const dead = await failure(client({ baseUrl: `${local.deadOrigin}/client/v4` }).verifyToken());
    expect(dead.kind).toBe('network');
  });

  it('refuses a private address unless the configuration allows it', async () => {
    await withGuardedFetch(async (guarded) => {
      const refused = await failure(client({ safeFetch: guarded }).verifyToken());
      expect(refused.kind).toBe('refused');
    });
  });
});
