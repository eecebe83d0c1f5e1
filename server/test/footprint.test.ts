import { actions } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractTrackers } from '../src/integrations/html/trackers.js';
import {
  adminUserWeight,
  isCustomPlugin,
  nameserverWeight,
  WEIGHTS,
} from '../src/services/dms/footprint/facts.js';
import { combine, computeFootprint, EXPAND_MAX, type Fact } from '../src/services/dms/footprint/score.js';
import { createTestApp, DATABASES, runCommand, type TestApp } from './helper.js';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { insertNetwork, type NetSite } from './support/footprint-network.js';

describe('tracker ids in a page', () => {
  it('finds each id by the snippet that carries it, once, and not ids that only look alike', () => {
    const html = `<html><head>
      <script async src="https://www.googletagmanager.com/gtag/js?id=G-4XK2M9Q1ZT"></script>
      <script>gtag('config', 'G-4XK2M9Q1ZT'); gtag('config', 'UA-1234567-2');</script>
      <script>(function(w,d,s,l,i){})(window,document,'script','dataLayer','GTM-W7K3PQ2');</script>
      <script async src="https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=ca-pub-1234567890123456"></script>
      <script>fbq('init', '123456789012345');</script>
      <script>(function(c,l,a,r,i,t,y){})(window, document, "clarity", "script", "k2m9q1ztab");</script>
      <script>window.hj=function(){};h._hjSettings={hjid:3456789,hjsv:6};</script>
      </head><body><p>Our G-STRING review and GTM-like tools.</p>
      <noscript><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-W7K3PQ2"></iframe></noscript></body></html>`;
    expect(extractTrackers(html)).toEqual([
      { kind: 'ga4', value: 'G-4XK2M9Q1ZT' },
      { kind: 'ua', value: 'UA-1234567-2' },
      { kind: 'gtm', value: 'GTM-W7K3PQ2' },
      { kind: 'adsense', value: 'ca-pub-1234567890123456' },
      { kind: 'meta_pixel', value: '123456789012345' },
      { kind: 'clarity', value: 'k2m9q1ztab' },
      { kind: 'hotjar', value: '3456789' },
    ]);
    expect(extractTrackers('<p>No trackers, G-12 and GTM- here.</p>')).toEqual([]);
  });
});

describe('footprint weights', () => {
  it('tells custom nameservers from a Cloudflare account pair and from a shared DNS host', () => {
    expect(nameserverWeight(['ns1.casino-net.io', 'ns2.casino-net.io'])).toBe(WEIGHTS.customNameservers);
    expect(nameserverWeight(['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com.'])).toBe(
      WEIGHTS.cloudflareNameservers,
    );
    expect(nameserverWeight(['ns01.domaincontrol.com', 'ns02.domaincontrol.com'])).toBe(
      WEIGHTS.sharedNameservers,
    );
    expect(nameserverWeight([])).toBe(0);
    expect(adminUserWeight('Admin')).toBe(WEIGHTS.defaultAdminUser);
    expect(adminUserWeight('mkovacs')).toBe(WEIGHTS.admin_user);
    expect(isCustomPlugin('sitefleet-affiliate-tables', false)).toBe(true);
    expect(isCustomPlugin('wp-rocket', false)).toBe(false);
    expect(isCustomPlugin('akismet', true)).toBe(false);
  });

  it('counts ties of one group up to its cap and combines groups as independent signals', () => {
    // Same IP and same /24 is one hosting tie, capped at 0.35.
    expect(
      combine([
        { kind: 'ip', weight: 0.35 },
        { kind: 'ip_block', weight: 0.2 },
      ]),
    ).toBeCloseTo(0.35);
    // Hosting 0.35 and a tracker 0.9: 1 − 0.65 × 0.1.
    expect(
      combine([
        { kind: 'ip', weight: 0.35 },
        { kind: 'tracker', weight: 0.9 },
      ]),
    ).toBeCloseTo(0.935);
    expect(combine([])).toBe(0);
  });
});

describe('footprint of a fixture network', () => {
  const f = (site: number, kind: Fact['kind'], value: string, weight: number): Fact => ({
    site,
    kind,
    value,
    label: `${kind} ${value}`,
    weight,
  });

  it('scores sites by what they share and ties the pairs that share enough', () => {
    // 1 and 2: same /24 block, same custom nameservers; 3 and 4: same Analytics id; 5: only the registrar
    // everyone uses; 6: nothing shared.
    const facts = [
      f(1, 'ip_block', '203.0.113.0/24', 0.3),
      f(2, 'ip_block', '203.0.113.0/24', 0.3),
      f(1, 'nameservers', 'ns1.net.io, ns2.net.io', 0.6),
      f(2, 'nameservers', 'ns1.net.io, ns2.net.io', 0.6),
      f(3, 'tracker', 'ga4:G-AAAA1111', 0.9),
      f(4, 'tracker', 'ga4:G-AAAA1111', 0.9),
      f(3, 'tracker', 'ga4:G-AAAA1111', 0.9),
      ...[1, 2, 3, 4, 5].map((s) => f(s, 'registrar', 'NameCheap', 0.05)),
      f(6, 'ip', '198.51.100.9', 0.5),
      f(99, 'ip', '198.51.100.9', 0.5), // not a site of the network
    ];
    const fp = computeFootprint([1, 2, 3, 4, 5, 6], facts, 0.25);
    expect(fp.pairs).toEqual([
      { a: 3, b: 4, strength: 0.905, kinds: ['tracker', 'registrar'] },
      { a: 1, b: 2, strength: 0.668, kinds: ['nameservers', 'ip_block', 'registrar'] },
    ]);
    expect(fp.sites.get(1)).toMatchObject({ score: 67, ties: 1 });
    expect(fp.sites.get(3)).toMatchObject({ score: 91, ties: 1 });
    expect(fp.sites.get(5)).toMatchObject({ score: 5, ties: 0 });
    expect(fp.sites.get(6)).toEqual({ score: 0, reasons: [], ties: 0 });
    // Reasons strongest first, with every site that shares them.
    expect(fp.sites.get(1)!.reasons.map((i) => fp.shared[i]!.kind)).toEqual([
      'nameservers',
      'ip_block',
      'registrar',
    ]);
    expect(fp.shared.find((s) => s.kind === 'registrar')!.sites).toEqual([1, 2, 3, 4, 5]);
  });

  it('adds a fact shared by more sites than it spreads into pairs to the pairs other ties found', () => {
    const n = EXPAND_MAX + 5;
    const ids = Array.from({ length: n }, (_, i) => i + 1);
    const facts = [
      ...ids.map((s) => f(s, 'registrar', 'GoDaddy', 0.05)),
      f(1, 'admin_email', 'ops@net.io', 0.7),
      f(2, 'admin_email', 'ops@net.io', 0.7),
    ];
    const fp = computeFootprint(ids, facts, 0.25);
    expect(fp.pairs).toEqual([{ a: 1, b: 2, strength: 0.715, kinds: ['admin_email', 'registrar'] }]);
    expect(fp.sites.get(n)).toMatchObject({ score: 5, ties: 0 });
  });
});

/** A small network with known shared blocks, nameservers, trackers, admins and links. */
const NETWORK: NetSite[] = [
  {
    host: 'casinoguide.example',
    type: 'MONEY',
    ip: '203.0.113.10',
    nameservers: ['ns1.fleet-dns.example', 'ns2.fleet-dns.example'],
    registrar: 'NameCheap',
    registrant: { name: 'Mark Olsen', email: 'mark@fleet.example' },
    trackers: [{ kind: 'ga4', value: 'G-CASINO0001' }],
    admins: [{ login: 'molsen', email: 'mark@fleet.example' }],
    gaAccount: 'accounts/777',
  },
  {
    host: 'slotfans.example',
    type: 'LINK',
    ip: '203.0.113.44',
    nameservers: ['ns1.fleet-dns.example', 'ns2.fleet-dns.example'],
    registrar: 'NameCheap',
    registrant: { name: 'Mark Olsen', email: 'mark@fleet.example', protected: true },
    trackers: [{ kind: 'gtm', value: 'GTM-LINKS01' }],
    admins: [{ login: 'admin' }],
    links: ['casinoguide.example'],
  },
  {
    host: 'bonusblog.example',
    type: 'LINK',
    ip: '198.51.100.7',
    nameservers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
    registrar: 'NameCheap',
    trackers: [{ kind: 'gtm', value: 'GTM-LINKS01' }],
    admins: [{ login: 'admin' }],
    links: ['casinoguide.example'],
  },
  {
    host: 'pokernews.example',
    type: 'MONEY',
    ip: '192.0.2.5',
    nameservers: ['ns01.domaincontrol.com', 'ns02.domaincontrol.com'],
    registrar: 'GoDaddy',
    registrant: { name: 'Mark Olsen', email: 'mark@fleet.example' },
    gaAccount: 'accounts/777',
  },
  {
    host: 'lonely.example',
    type: 'SERVICE',
    ip: '100.64.9.9',
    nameservers: ['ns1.other.example', 'ns2.other.example'],
    registrar: 'Gandi',
  },
];

describe.each(DATABASES)('footprint graph on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  let ids: Map<string, number>;
  const id = (host: string) => ids.get(host)!;
  const get = <T>(url: string, headers = admin) => t.call<{ data: T }>({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    ids = await insertNetwork(t.db, NETWORK);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows every network site at 0 before the first computation', async () => {
    const g = await get<{ computed_at: number | null; nodes: Array<{ score: number }>; edges: unknown[] }>(
      '/dms/api/v1/footprint',
    );
    expect(g.status).toBe(200);
    expect(g.body.data).toMatchObject({ computed_at: null, edges: [] });
    expect(g.body.data.nodes.map((n) => n.score)).toEqual([0, 0, 0, 0, 0]);
  });

  it('computes the network, then draws the ties and explains each site and pair', async () => {
    const run = await runCommand<{ success_count: number; remaining_jobs: number }>(
      t,
      admin,
      'dms',
      'footprint:compute',
    );
    expect(run.success_count).toBe(1);

    const g = await get<{
      computed_at: number;
      nodes: Array<{ id: number; hostname: string; score: number; ties: number }>;
      edges: Array<{ a: number; b: number; strength: number; kinds: string[] }>;
    }>('/dms/api/v1/footprint');
    expect(g.body.data.computed_at).toBeGreaterThan(0);
    const pair = (x: string, y: string) =>
      g.body.data.edges.find((e) => (e.a === id(x) && e.b === id(y)) || (e.a === id(y) && e.b === id(x)));
    // Same custom nameservers, same /24, a cross-link, the registrar: strongly tied.
    expect(pair('casinoguide.example', 'slotfans.example')).toMatchObject({
      kinds: ['nameservers', 'link', 'ip_block', 'registrar'],
    });
    // Same registrant and Analytics account, with WHOIS privacy on neither.
    expect(pair('casinoguide.example', 'pokernews.example')?.kinds).toEqual(['ga_account', 'registrant']);
    // The Tag Manager container of one template.
    expect(pair('slotfans.example', 'bonusblog.example')?.kinds).toEqual([
      'tracker',
      'admin_user',
      'registrar',
    ]);
    expect(g.body.data.edges.some((e) => e.a === id('lonely.example') || e.b === id('lonely.example'))).toBe(
      false,
    );
    const lonely = g.body.data.nodes.find((n) => n.hostname === 'lonely.example')!;
    expect(lonely).toMatchObject({ score: 0, ties: 0 });
    expect(g.body.data.nodes[0]!.hostname).toBe('casinoguide.example');

    const site = await get<{
      score: number;
      reasons: Array<{ kind: string; label: string; sites: Array<{ hostname: string }> }>;
    }>(`/dms/api/v1/footprint/sites/${id('casinoguide.example')}`);
    expect(site.status).toBe(200);
    expect(site.body.data.score).toBe(g.body.data.nodes[0]!.score);
    expect(site.body.data.reasons[0]).toMatchObject({
      kind: 'ga_account',
      label: 'Same Google Analytics account accounts/777',
      sites: [{ hostname: 'pokernews.example' }],
    });
    const ns = site.body.data.reasons.find((r) => r.kind === 'nameservers')!;
    expect(ns.label).toBe('Same nameservers ns1.fleet-dns.example, ns2.fleet-dns.example');
    // WHOIS privacy hides slotfans' registrant: the registrant tie is with pokernews only.
    expect(site.body.data.reasons.find((r) => r.kind === 'registrant')!.sites).toEqual([
      { id: id('pokernews.example'), hostname: 'pokernews.example' },
    ]);

    const both = await get<{ strength: number; reasons: Array<{ kind: string; label: string }> }>(
      `/dms/api/v1/footprint/pair?a=${id('slotfans.example')}&b=${id('casinoguide.example')}`,
    );
    expect(both.body.data.reasons.map((r) => r.label)).toEqual([
      'Same nameservers ns1.fleet-dns.example, ns2.fleet-dns.example',
      'slotfans.example links to casinoguide.example',
      'Same block 203.0.113.0/24',
      'Same registrar NameCheap',
    ]);
    expect(both.body.data.strength).toBe(pair('casinoguide.example', 'slotfans.example')!.strength);

    const none = await get<{ strength: number; reasons: unknown[] }>(
      `/dms/api/v1/footprint/pair?a=${id('lonely.example')}&b=${id('casinoguide.example')}`,
    );
    expect(none.body.data).toMatchObject({ strength: 0, reasons: [] });
  });

  it('refuses a pair of one site, an unknown site and a caller without the permission', async () => {
    const same = await get(`/dms/api/v1/footprint/pair?a=${id('lonely.example')}&b=${id('lonely.example')}`);
    expect(same.status).toBe(422);
    expect(JSON.stringify(same.body)).toContain('Pick two different sites');
    expect((await get('/dms/api/v1/footprint/sites/999999')).status).toBe(404);
    const nobody = await t.as('NOBODY');
    expect((await get('/dms/api/v1/footprint', nobody)).status).toBe(403);
    expect((await get(`/dms/api/v1/footprint/sites/${id('lonely.example')}`, nobody)).status).toBe(403);
  });

  it('lists the footprint score on the Link Network Overview', async () => {
    const list = await get<Array<{ hostname: string; footprint_score: number | null }>>(
      '/dms/api/v1/link-network?sortBy=footprint_score&sortOrder=DESC&perPage=5',
    );
    expect(list.status).toBe(200);
    expect(list.body.data[0]!.hostname).toBe('casinoguide.example');
    expect(list.body.data.at(-1)!.footprint_score).toBe(0);
  });

  it('draws no tie of a website removed outright since the computation, and drops its pairs at the next', async () => {
    const gone = id('pokernews.example');
    const tiedTo = (edges: Array<{ a: number; b: number }>) =>
      edges.filter((e) => e.a === gone || e.b === gone);
    const before = await get<{ edges: Array<{ a: number; b: number }> }>('/dms/api/v1/footprint');
    expect(tiedTo(before.body.data.edges).length).toBeGreaterThan(0);
    await t.db.query('DELETE FROM websites WHERE id = $1', [gone]);

    const after = await get<{ nodes: Array<{ id: number }>; edges: Array<{ a: number; b: number }> }>(
      '/dms/api/v1/footprint',
    );
    expect(after.body.data.nodes.some((n) => n.id === gone)).toBe(false);
    expect(tiedTo(after.body.data.edges)).toEqual([]);
    expect((await get(`/dms/api/v1/footprint/pair?a=${gone}&b=${id('casinoguide.example')}`)).status).toBe(
      404,
    );

    await runCommand(t, admin, 'dms', 'footprint:compute');
    const stored = await t.db.query('SELECT 1 FROM footprint_pairs WHERE a = $1 OR b = $1', [gone]);
    expect(stored.rows).toEqual([]);
  });
});

describe.each(DATABASES)('website scans record the tracker ids of each page on %s', (kind) => {
  let t: TestApp;
  let site: LocalHttpServer;
  let admin: Record<string, string>;
  const pages: Record<string, string> = {
    '/': `<html><head><title>Home</title>
      <script async src="https://www.googletagmanager.com/gtag/js?id=G-HOME12345"></script></head>
      <body><a href="/about/">About</a></body></html>`,
    '/about/': `<html><head><title>About</title>
      <script>(function(w,d,s,l,i){})(window,document,'script','dataLayer','GTM-ABOUT12');</script></head>
      <body><a href="/">Home</a></body></html>`,
  };

  beforeAll(async () => {
    site = await startHttpServer((req, res) => {
      const body = pages[req.url ?? ''];
      if (body) res.writeHead(200, { 'content-type': 'text/html' }).end(body);
      else res.writeHead(404).end();
    });
    t = await createTestApp(kind, { outboundAllowPrivate: true });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
  });

  it('stores the ids per page and replaces them when a page is scanned again', async () => {
    const created = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: `${site.origin}/`, target_market: 'UK', type: 'LINK' },
    });
    const websiteId = created.body.data.id;
    const stored = async () =>
      (
        await t.db.query<{ page: string; kind: string; value: string }>(
          'SELECT page, kind, value FROM website_trackers WHERE website_id = $1 ORDER BY page, kind',
          [websiteId],
        )
      ).rows;
    await runCommand(t, admin, 'dms', 'websites:scan', { website_id: websiteId, max_pages: 10 });
    expect(await stored()).toEqual([
      { page: `${site.origin}/`, kind: 'ga4', value: 'G-HOME12345' },
      { page: `${site.origin}/about/`, kind: 'gtm', value: 'GTM-ABOUT12' },
    ]);
    pages['/about/'] = '<html><head><title>About</title></head><body><a href="/">Home</a></body></html>';
    await runCommand(t, admin, 'dms', 'websites:scan', { website_id: websiteId, max_pages: 10 });
    expect(await stored()).toEqual([{ page: `${site.origin}/`, kind: 'ga4', value: 'G-HOME12345' }]);
  });
});

const { FOOTPRINT_MAX_EDGES } = actions.footprint;

describe.each(DATABASES)('footprint graph of a dense network on %s', (kind) => {
  let t: TestApp;
  afterAll(async () => {
    await t?.close();
  });

  it('draws the strongest ties up to the limit and says how many there are', async () => {
    t = await createTestApp(kind);
    await t.deps.jobs.startWorkers();
    const admin = await t.as('ADMIN');
    // 91 sites on one DNS host and one /24: every pair is tied, 91 * 90 / 2 = 4,095 ties.
    const sites: NetSite[] = Array.from({ length: 91 }, (_, i) => ({
      host: `dense-${i}.example`,
      ip: `198.51.100.${i + 1}`,
      nameservers: ['ns1.dense-dns.example', 'ns2.dense-dns.example'],
      registrar: 'Dynadot',
      admins: [{ login: 'densemaster' }],
    }));
    await insertNetwork(t.db, sites);
    await runCommand(t, admin, 'dms', 'footprint:compute');
    const g = await t.call<{
      data: { nodes: unknown[]; edges: Array<{ strength: number }>; edges_total: number };
    }>({ method: 'GET', url: '/dms/api/v1/footprint?min_strength=0.3', headers: admin });
    expect(g.status).toBe(200);
    expect(g.body.data.nodes).toHaveLength(91);
    expect(g.body.data.edges_total).toBe(4095);
    expect(g.body.data.edges).toHaveLength(FOOTPRINT_MAX_EDGES);
    const strengths = g.body.data.edges.map((e) => e.strength);
    expect(strengths).toEqual([...strengths].sort((a, b) => b - a));
  });
});
