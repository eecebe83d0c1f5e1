import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, type SafeFetchClient } from '../src/integrations/http/safe-fetch.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import { AHREFS_KEY, startAhrefsServer, type LocalAhrefsServer } from './integrations/ahrefs-server.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { LAB_NETWORK, startRdapServer, type LocalRdapServer } from './integrations/rdap-server.js';

type Body = Record<string, unknown>;
const DAY = 86_400;

/**
 * What a link check learns of the linking page's host (issue 18, SPEC §3 External backlink): ip_info of the
 * address that answered, from RDAP (bootstrap, ip network), cached per network for 30 days; Domain Rating and
 * live referring domains of the host's registrable domain from Ahrefs, at most once a domain a day. Neither
 * failing fails the check. The publisher's pages, the RDAP registries and Ahrefs are local servers.
 */
describe.each(DATABASES)('what a link check learns of the linking host on %s', (kind) => {
  let t: TestApp;
  let site: LocalHttpServer;
  let rdap: LocalRdapServer;
  let ahrefs: LocalAhrefsServer;
  let crawler: SafeFetchClient;
  let admin: Record<string, string>;
  const target = 'https://bonus-guide.example/casino-bonuses/';
  const page = `<html><head><title>Top picks</title></head><body><p>Our pick this month is
    <a href="${target}">best casino bonuses</a>, tested for two weeks.</p></body></html>`;

  beforeAll(async () => {
    site = await startHttpServer((req: IncomingMessage, res: ServerResponse) => {
      if (req.url === '/robots.txt') {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    const dead = await startHttpServer((_req, res) => res.end());
    await dead.close();
    rdap = await startRdapServer({ deadOrigin: dead.origin });
    ahrefs = await startAhrefsServer();
    t = await createTestApp(kind, {
      outboundAllowPrivate: true,
      jobsRetryDelaySeconds: 0,
      rdapBootstrapUrl: `${rdap.origin}/iana/dns.json`,
      seo: {
        accurankerToken: null,
        accurankerUrl: null,
        ahrefsKey: AHREFS_KEY,
        ahrefsUrl: `${ahrefs.origin}/v3`,
        googleServiceAccount: null,
        googleTokenUrl: null,
        ga4DataUrl: null,
        ga4AdminUrl: null,
        searchConsoleUrl: null,
        chromePath: '/usr/bin/chromium',
      },
    });
    // The publishers' names are all this machine: the crawler resolves every host to 127.0.0.1.
    crawler = createSafeFetch({
      allowPrivate: true,
      userAgent: t.config.crawlerUserAgent,
      lookup: async () => ['127.0.0.1'],
    });
    t.deps.integrations.crawlerFetch = crawler;
    admin = await t.as('ADMIN');
  });

  afterAll(async () => {
    await t?.close();
    await crawler?.close();
    await Promise.all([site?.close(), rdap?.close(), ahrefs?.close()]);
  });

  const call = <T = Body>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: Body) =>
    t.call<T>({ method, url, headers: admin, ...(payload ? { payload } : {}) });
  const pageOn = (host: string, path = '/blog/top-picks/') => `http://${host}:${site.port}${path}`;
  const create = async (host: string, path?: string) =>
    Number(
      (
        await call<{ data: { id: number } }>('POST', '/dms/api/v1/external-backlinks', {
          backlink: pageOn(host, path),
          url: target,
          anchor: 'best casino bonuses',
          rel_attribute: 'follow',
          permanent: true,
        })
      ).body.data.id,
    );
  const check = (id: number) =>
    call<{ data: { check: { status: string; evidence: Body } } }>(
      'PUT',
      `/dms/api/v1/external-backlinks/check/${id}`,
    );
  const stored = async (id: number) =>
    (await call<{ data: Body }>('GET', `/dms/api/v1/external-backlinks/${id}`)).body.data;
  const ipQueries = () => rdap.requests.filter((p) => p.includes('/ip/'));
  const ahrefsAsked = (endpoint: string) =>
    ahrefs.requests
      .filter((r) => r.endpoint === `site-explorer/${endpoint}`)
      .map((r) => r.params.get('target'));
  const forgetCaches = async () => {
    await t.db.query('DELETE FROM ip_networks');
    await t.db.query('DELETE FROM linking_domain_metrics');
  };

  it("stores the answering address's network and the linking domain's Ahrefs figures", async () => {
    const id = await create('blog.example.com');
    const res = await check(id);
    expect(res.status).toBe(200);
    expect(res.body.data.check.status).toBe('ok');
    expect(res.body.data.check.evidence.ip).toBe('127.0.0.1');
    expect(await stored(id)).toMatchObject({
      ip_info: { ip: '127.0.0.1', country: LAB_NETWORK.country, org: LAB_NETWORK.org },
      domain_rating: 41,
      referring_domains: 188,
    });
    expect(ipQueries()).toEqual(['/lab/rdap/ip/127.0.0.1']);
    // The registrable domain, for the whole domain, as the money sites' own figures are read.
    expect(ahrefsAsked('domain-rating')).toEqual(['example.com']);
    expect(ahrefsAsked('backlinks-stats')).toEqual(['example.com']);
    expect(ahrefs.requests.at(-1)!.params.get('mode')).toBe('domain');
    const networks = await t.db.query<{ start: string; end: string; org: string }>(
      'SELECT host(start_address) AS start, host(end_address) AS end, org FROM ip_networks',
    );
    expect(networks.rows).toEqual([{ start: '127.0.0.0', end: '127.255.255.255', org: LAB_NETWORK.org }]);
  });

  it('asks again only after 30 days for a network and the next day for a domain', async () => {
    const again = await create('www.example.com', '/reviews/');
    const rdapBefore = ipQueries().length;
    const ahrefsBefore = ahrefs.requests.length;
    await check(again);
    expect(await stored(again)).toMatchObject({
      ip_info: { org: LAB_NETWORK.org },
      domain_rating: 41,
      referring_domains: 188,
    });
    expect(ipQueries().length).toBe(rdapBefore);
    expect(ahrefs.requests.length).toBe(ahrefsBefore);

    await t.db.query('UPDATE ip_networks SET fetched_at = fetched_at - 29 * $1::bigint', [DAY]);
    await check(again);
    expect(ipQueries().length).toBe(rdapBefore);
    await t.db.query('UPDATE ip_networks SET fetched_at = fetched_at - 2 * $1::bigint', [DAY]);
    await t.db.query('UPDATE linking_domain_metrics SET day = day - $1::bigint', [DAY]);
    await check(again);
    expect(ipQueries().length).toBe(rdapBefore + 1);
    expect(ahrefsAsked('domain-rating').length).toBe(2);
    expect((await t.db.query('SELECT 1 FROM ip_networks')).rows).toHaveLength(1);
  });

  it('keeps just the address when RDAP fails, and the figures as they were when Ahrefs does', async () => {
    await forgetCaches();
    const id = await create('news.example.com');
    for (const status of [503, 429, 404] as const) {
      rdap.setLab(status);
      const res = await check(id);
      expect(res.status).toBe(200);
      expect(res.body.data.check.status).toBe('ok');
      expect((await stored(id)).ip_info).toEqual({ ip: '127.0.0.1' });
    }
    rdap.setLab(200);
    await check(id);
    expect((await stored(id)).ip_info).toMatchObject({ country: LAB_NETWORK.country });

    // Ahrefs rate-limits this domain for an hour, and fails on the other: the check still succeeds.
    for (const host of ['www.throttled.example', 'blog.broken.example']) {
      const link = await create(host);
      await t.db.query(
        'UPDATE external_backlinks SET domain_rating = 12, referring_domains = 30 WHERE id = $1',
        [link],
      );
      const res = await check(link);
      expect(res.body.data.check.status).toBe('ok');
      expect(await stored(link)).toMatchObject({
        domain_rating: 12,
        referring_domains: 30,
        ip_info: { org: LAB_NETWORK.org },
      });
    }
    expect((await t.db.query('SELECT domain FROM linking_domain_metrics ORDER BY domain')).rows).toEqual([
      { domain: 'example.com' },
    ]);
  });

  it('leaves Domain Rating and referring domains as they are without Ahrefs', async () => {
    const client = t.deps.integrations.ahrefs;
    t.deps.integrations.ahrefs = null;
    try {
      const id = await create('blog.fresh-site.nl');
      await t.db.query(
        'UPDATE external_backlinks SET domain_rating = 7, referring_domains = 9 WHERE id = $1',
        [id],
      );
      const before = ahrefs.requests.length;
      await check(id);
      expect(await stored(id)).toMatchObject({ domain_rating: 7, referring_domains: 9 });
      expect(ahrefs.requests.length).toBe(before);
    } finally {
      t.deps.integrations.ahrefs = client;
    }
  });

  it('asks RDAP once per network and Ahrefs once per domain in a bulk run', async () => {
    await t.deps.jobs.startWorkers();
    await forgetCaches();
    const ids = [
      await create('a.example.com', '/one/'),
      await create('b.example.com', '/two/'),
      await create('fresh-site.nl', '/three/'),
      await create('www.fresh-site.nl', '/four/'),
    ];
    const rdapBefore = ipQueries().length;
    const ahrefsBefore = ahrefsAsked('domain-rating').length;
    const run = await runCommand<{ remaining_jobs: number; success_count: number }>(
      t,
      admin,
      'dms',
      'backlinks:check',
      { ids: ids.join(',') },
    );
    expect(run).toMatchObject({ remaining_jobs: 0, success_count: 4 });
    expect(ipQueries().length).toBe(rdapBefore + 1);
    expect(ahrefsAsked('domain-rating').slice(ahrefsBefore).sort()).toEqual(['example.com', 'fresh-site.nl']);
    const rows = await t.db.query<{ ip_info: Body; domain_rating: string; referring_domains: number }>(
      'SELECT ip_info, domain_rating, referring_domains FROM external_backlinks WHERE id = ANY($1::bigint[]) ORDER BY id',
      [ids],
    );
    expect(rows.rows.map((r) => [r.ip_info.org, Number(r.domain_rating), r.referring_domains])).toEqual([
      [LAB_NETWORK.org, 41, 188],
      [LAB_NETWORK.org, 41, 188],
      [LAB_NETWORK.org, 0, 0],
      [LAB_NETWORK.org, 0, 0],
    ]);

    // A registry that fails is not asked again for each link of the run; each keeps just its address.
    await forgetCaches();
    rdap.setLab(429);
    try {
      const before = ipQueries().length;
      const again = await runCommand<{ remaining_jobs: number; success_count: number }>(
        t,
        admin,
        'dms',
        'backlinks:check',
        { ids: ids.join(',') },
      );
      expect(again).toMatchObject({ remaining_jobs: 0, success_count: 4 });
      expect(ipQueries().length).toBe(before + 1);
      const infos = await t.db.query<{ ip_info: Body }>(
        'SELECT ip_info FROM external_backlinks WHERE id = ANY($1::bigint[])',
        [ids],
      );
      expect(infos.rows.map((r) => r.ip_info)).toEqual(Array(4).fill({ ip: '127.0.0.1' }));
    } finally {
      rdap.setLab(200);
    }
  });
});
