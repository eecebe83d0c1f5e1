import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import { ECB_DAY, startEcbServer, type LocalEcbServer } from './integrations/ecb-server.js';

type Body = Record<string, unknown>;
const DAY = 86_400;
const PROVIDERS = '/dms/api/v1/link-provider-websites';

/**
 * Link providers and exchange rates (issue 18 part 4): the hostname derived from the URL, the price in euro
 * from the latest stored rate, rates:refresh against a local ECB (idempotent per currency and day, a failed
 * read storing nothing), marketplace providers, and the Freelancer search over offers and bought links.
 */
describe.each(DATABASES)('link providers on %s', (kind) => {
  let t: TestApp;
  let ecb: LocalEcbServer;
  let admin: Record<string, string>;
  let viewer: Record<string, string>;
  const call = <T = Body>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: Body,
    headers = admin,
  ) => t.call<T>({ method, url, headers, ...(payload ? { payload } : {}) });
  const create = (body: Body) =>
    call<{ data: Body; error?: { fields: Body } }>('POST', PROVIDERS, {
      agency: 'LinkForge Media',
      currency: 'EUR',
      ...body,
    });
  const rates = async () =>
    (
      await t.db.query<{ currency: string; day: string | number; rate: string | number }>(
        'SELECT currency, day, rate FROM exchange_rates ORDER BY currency, day',
      )
    ).rows.map((r) => ({ currency: r.currency, day: Number(r.day), rate: Number(r.rate) }));

  beforeAll(async () => {
    ecb = await startEcbServer();
    t = await createTestApp(kind, {
      outboundAllowPrivate: true,
      jobsRetryDelaySeconds: 0,
      ecbRatesUrl: ecb.url,
    });
    admin = await t.as('ADMIN');
    viewer = await t.as('VIEWER');
  });

  afterAll(async () => {
    await t?.close();
    await ecb?.close();
  });

  it('derives the hostname from the URL and refuses what is no web address', async () => {
    const made = await create({ url: 'WWW.Slots-Magazin.example/gastbeitrag/', price: 120 });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      url: 'https://www.slots-magazin.example/gastbeitrag/',
      hostname: 'www.slots-magazin.example',
      price: 120,
      price_in_euro: 120,
    });
    const moved = await call<{ data: Body }>('PUT', `${PROVIDERS}/${String(made.body.data.id)}`, {
      url: 'http://news.slots-magazin.example',
      version: 1,
    });
    expect(moved.body.data).toMatchObject({ hostname: 'news.slots-magazin.example', version: 2 });
    const bad = await create({ url: 'ftp://files.example/' });
    expect(bad.status).toBe(422);
    expect(bad.body.error?.fields).toHaveProperty('url');
    expect((await create({ url: 'https://a.example', currency: 'XYZ' })).status).toBe(422);
  });

  it('prices in euro at the latest stored rate of the currency, null without one', async () => {
    await t.db.query(
      `INSERT INTO exchange_rates (currency, day, rate) VALUES
         ('GBP', $1, 0.8000), ('GBP', $2, 0.8500), ('SEK', $1, 11.5)`,
      [1_790_000_000 - (1_790_000_000 % DAY) - DAY, 1_790_000_000 - (1_790_000_000 % DAY)],
    );
    const gbp = await create({ url: 'https://moneytips.example', price: 170, currency: 'GBP' });
    const sek = await create({ url: 'https://spelbloggen.example', price: 2300, currency: 'SEK' });
    const usd = await create({ url: 'https://bettingtips.example', price: 300, currency: 'USD' });
    expect(gbp.body.data.price_in_euro).toBe(200);
    expect(sek.body.data.price_in_euro).toBe(200);
    expect(usd.body.data.price_in_euro).toBeNull();
    const sorted = await call<{ data: Body[] }>(
      'GET',
      `${PROVIDERS}?sortBy=price_in_euro&sortOrder=DESC&filter=${encodeURIComponent(
        JSON.stringify({ agency: 'LinkForge' }),
      )}`,
    );
    expect(sorted.status).toBe(200);
    expect(sorted.body.data.map((r) => r.price_in_euro).filter((p) => p !== null)).toEqual([200, 200, 120]);
  });

  it('refreshes the rates from the ECB once per currency and day, storing nothing from a bad read', async () => {
    await t.deps.jobs.startWorkers();
    const before = await rates();
    ecb.mode = 'error';
    const failed = await runCommand<{ remaining_jobs: number; success_count: number; failed_count: number }>(
      t,
      admin,
      'dms',
      'rates:refresh',
    );
    expect(failed).toMatchObject({ success_count: 0, failed_count: 1 });
    expect(await rates()).toEqual(before);

    ecb.mode = 'ok';
    const day = Date.parse(`${ECB_DAY}T00:00:00Z`) / 1000;
    const run = () =>
      runCommand<{ remaining_jobs: number; success_count: number; failed_count: number }>(
        t,
        admin,
        'dms',
        'rates:refresh',
      );
    expect(await run()).toMatchObject({ success_count: 1, failed_count: 0 });
    const stored = (await rates()).filter((r) => r.day === day);
    expect(stored).toHaveLength(30);
    expect(stored.find((r) => r.currency === 'USD')).toEqual({ currency: 'USD', day, rate: 1.0843 });
    expect(stored.some((r) => r.currency === 'EUR')).toBe(false);
    // The same day again: the same rows, nothing added.
    expect(await run()).toMatchObject({ success_count: 1, failed_count: 0 });
    expect((await rates()).filter((r) => r.day === day)).toEqual(stored);
    // The next day adds its own rows, and prices follow the latest rate.
    ecb.day = new Date((day + 3 * DAY) * 1000).toISOString().slice(0, 10);
    ecb.rates = [
      ['USD', '1.2'],
      ['GBP', '0.85'],
    ];
    expect(await run()).toMatchObject({ success_count: 1 });
    expect((await rates()).filter((r) => r.day === day + 3 * DAY)).toHaveLength(2);
    const priced = await create({ url: 'https://usd-blog.example', price: 300, currency: 'USD' });
    expect(priced.body.data.price_in_euro).toBe(250);
  });

  it('keeps marketplace providers as a plain resource', async () => {
    const made = await call<{ data: Body }>('POST', '/dms/api/v1/marketplace-providers', {
      name: 'Collaborator',
      url: 'https://collaborator.example',
      commission_percent: 15,
      currency: 'USD',
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ name: 'Collaborator', commission_percent: 15 });
    const refused = await call('POST', '/dms/api/v1/marketplace-providers', {
      name: 'Too greedy',
      commission_percent: 120,
    });
    expect(refused.status).toBe(422);
  });

  it('answers who sells links on a host and what we already bought there', async () => {
    await create({
      url: 'https://www.casino-weekly.example/',
      price: 90,
      agency: 'Outreachly',
      currency: 'EUR',
    });
    await create({ url: 'https://casino-weekly.example/', price: 170, agency: 'Nordic', currency: 'GBP' });
    await create({ url: 'https://other-site.example/', price: 10 });
    const bought = (price: number, contact: Body | null, start: number) =>
      call('POST', '/dms/api/v1/external-backlinks', {
        backlink: 'https://www.casino-weekly.example/reviews/top-10/',
        url: 'https://bonus-guide.example/',
        rel_attribute: 'follow',
        price,
        currency: 'EUR',
        start_date: start,
        duration: 365,
        ...(contact ? { contact } : {}),
      });
    const start = 1_790_000_000 - (1_790_000_000 % DAY);
    expect((await bought(150, { name: 'Lena Fischer', email: 'lena@example.com' }, start)).status).toBe(201);
    expect((await bought(180, { name: 'Lena Fischer', email: 'lena@example.com' }, start + DAY)).status).toBe(
      201,
    );
    expect((await bought(210, { name: 'Marco Ruiz', im: 'telegram: @marco' }, start + 2 * DAY)).status).toBe(
      201,
    );
    const search = (hostname: string, headers = admin) =>
      call<{
        data: {
          hostname: string;
          offers: Body[];
          bought: { count: number; last_price: number | null; contacts: Body[]; last_bought_at: number };
        };
      }>(
        'GET',
        `${PROVIDERS}/freelancer-search?hostname=${encodeURIComponent(hostname)}`,
        undefined,
        headers,
      );
    const found = await search('https://WWW.Casino-Weekly.example/some/page');
    expect(found.status).toBe(200);
    expect(found.body.data.hostname).toBe('casino-weekly.example');
    expect(found.body.data.offers.map((o) => [o.agency, o.price, o.currency, o.price_in_euro])).toEqual([
      ['Outreachly', 90, 'EUR', 90],
      ['Nordic', 170, 'GBP', 200],
    ]);
    expect(found.body.data.bought).toEqual({
      count: 3,
      last_price: 210,
      last_currency: 'EUR',
      last_bought_at: start + 2 * DAY,
      contacts: [
        { name: 'Marco Ruiz', im: 'telegram: @marco' },
        { name: 'Lena Fischer', email: 'lena@example.com' },
      ],
    });
    const none = await search('nobody-sells-here.example');
    expect(none.body.data).toEqual({
      hostname: 'nobody-sells-here.example',
      offers: [],
      bought: { count: 0, last_price: null, last_currency: null, last_bought_at: null, contacts: [] },
    });
    const bad = await call<{ error: { fields: Body } }>(
      'GET',
      `${PROVIDERS}/freelancer-search?hostname=not%20a%20host`,
    );
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toEqual({ hostname: 'Enter a host name such as example.com' });
    // A read: the read-only role may search; a role without it may not.
    expect((await search('casino-weekly.example', viewer)).status).toBe(200);
    expect((await search('casino-weekly.example', await t.as('OUTSIDER'))).status).toBe(403);
  });
});
