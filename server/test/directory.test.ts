import { actionPath, actions, type ActionResponse } from '@sitefleet/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASES, type TestApp } from './helper.js';

type Directory = ActionResponse<typeof actions.backlinks.websiteDirectory>['data'];
type Body = Record<string, unknown>;

const directoryUrl = (id: number, query = '') =>
  `/${actionPath(actions.backlinks.websiteDirectory, { id: String(id) })}${query}`;

/**
 * The website show's Directory tab (issue 18, SPEC §2.5): a directory site's listings from its last scan,
 * each with its categories and outbound links, the portfolio's sites they link to, and the counts.
 */
describe.each(DATABASES)('a directory site’s listings on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  const ids: Record<'directory' | 'money' | 'link' | 'hidden', number> = {
    directory: 0,
    money: 0,
    link: 0,
    hidden: 0,
  };
  const D = 'https://dir.example';
  const read = (id: number, query = '', headers = admin) =>
    t.call<{ data: Directory }>({ method: 'GET', url: directoryUrl(id, query), headers });

  const page = (url: string, status: number | null, title: string | null, at: number, error?: string) =>
    t.db.query(
      `INSERT INTO website_pages (website_id, url, status, title, error, scanned_at) VALUES ($1, $2, $3, $4, $5, $6)`,
      [ids.directory, url, status, title, error ?? null, at],
    );
  const link = (
    pageUrl: string,
    backlink: string,
    opts: { internal?: boolean; anchor?: string; rel?: string[]; hits?: number } = {},
  ) =>
    t.db.query(
      `INSERT INTO website_links (website_id, page, backlink, target_host, anchor, rel, internal, hits)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        ids.directory,
        pageUrl,
        backlink,
        new URL(backlink).hostname,
        opts.anchor ?? null,
        opts.rel ?? [],
        opts.internal ?? false,
        opts.hits ?? 1,
      ],
    );

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.as('ADMIN');
    const site = async (url: string, type: string, status = 'LIVE') => {
      const r = await t.call<{ data: { id: number } }>({
        method: 'POST',
        url: '/dms/api/v1/websites',
        headers: admin,
        payload: { url, type, status, target_market: 'UK', friendly_name: new URL(url).hostname },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.data.id;
    };
    ids.directory = await site(D, 'DIRECTORY');
    ids.money = await site('https://www.spin-money.example', 'MONEY');
    ids.link = await site('https://casino-blog.example', 'LINK', 'PENDING_DEVELOPMENT');
    ids.hidden = await site('https://other-dir.example', 'DIRECTORY');

    await page(`${D}/listing/spin-money/`, 200, 'Spin Money | Dir', 1_790_000_000);
    await page(`${D}/listing/casino-blog/`, 200, 'Casino Blog | Dir', 1_790_000_100);
    await page(`${D}/listing/spinland/`, 200, 'SpinLand | Dir', 1_790_000_200);
    await page(`${D}/listing/old-brand/`, 404, null, 1_790_000_300, `${D}/listing/old-brand/ answered 404`);
    await page(`${D}/category/online-casinos/`, 200, 'Online Casinos Directory | Dir', 1_790_000_400);
    await page(`${D}/about/`, 200, 'About | Dir', 1_790_000_500);

    // Outbound links of the listings: the money site without its www., a link site, a brand outside.
    await link(`${D}/listing/spin-money/`, 'https://spin-money.example/', {
      anchor: 'Visit',
      rel: ['sponsored'],
    });
    await link(`${D}/listing/spin-money/`, 'https://spin-money.example/bonus/', { anchor: 'Bonus', hits: 2 });
    await link(`${D}/listing/casino-blog/`, 'https://casino-blog.example/', { anchor: 'Casino Blog' });
    await link(`${D}/listing/spinland/`, 'https://www.spinland.example/', {
      anchor: 'SpinLand',
      rel: ['nofollow', 'sponsored'],
    });
    await link(`${D}/listing/spinland/`, 'https://spinland.example/terms/', { rel: ['nofollow'] });
    // Not listings: a category page's featured link and the about page's link.
    await link(`${D}/category/online-casinos/`, 'https://www.spin-money.example/', { rel: ['sponsored'] });
    await link(`${D}/about/`, 'https://x.com/dir', { rel: ['noopener'] });
    // Categories: the category's first and second page file the money listing, another files the blog.
    await link(`${D}/category/online-casinos/`, `${D}/listing/spin-money/`, { internal: true });
    await link(`${D}/category/online-casinos/page/2/`, `${D}/listing/spin-money`, { internal: true });
    await link(`${D}/categories/casino-blogs/`, `${D}/listing/casino-blog/`, { internal: true });
    // Nav links to a listing from a page that is no category do not file it.
    await link(`${D}/about/`, `${D}/listing/spinland/`, { internal: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every listing page with its title, categories, outbound links and the portfolio sites they link to', async () => {
    const r = await read(ids.directory);
    expect(r.status).toBe(200);
    const d = r.body.data;
    expect(d.is_directory).toBe(true);
    expect(d.last_scanned_at).toBe(1_790_000_500);
    expect(d.counts).toEqual({ listings: 4, portfolio_sites: 2, external_targets: 1, gone: 1 });
    expect(d.truncated).toBe(false);
    expect(d.listings.map((l) => l.url)).toEqual([
      `${D}/listing/casino-blog/`,
      `${D}/listing/old-brand/`,
      `${D}/listing/spin-money/`,
      `${D}/listing/spinland/`,
    ]);
    const [blog, gone, money, spinland] = d.listings;
    expect(money).toMatchObject({
      title: 'Spin Money | Dir',
      status: 200,
      categories: [{ url: `${D}/category/online-casinos/`, name: 'Online casinos' }],
    });
    expect(money!.links).toEqual([
      {
        url: 'https://spin-money.example/bonus/',
        target_host: 'spin-money.example',
        anchor: 'Bonus',
        rel: [],
        hits: 2,
        website: {
          id: ids.money,
          hostname: 'www.spin-money.example',
          friendly_name: 'www.spin-money.example',
          type: 'MONEY',
          status: 'LIVE',
        },
      },
      expect.objectContaining({ url: 'https://spin-money.example/', rel: ['sponsored'] }),
    ]);
    expect(blog!.categories).toEqual([{ url: `${D}/categories/casino-blogs/`, name: 'Casino blogs' }]);
    expect(blog!.links[0]!.website).toMatchObject({
      id: ids.link,
      type: 'LINK',
      status: 'PENDING_DEVELOPMENT',
    });
    expect(gone).toMatchObject({ status: 404, title: null, links: [], categories: [] });
    expect(gone!.error).toContain('answered 404');
    expect(spinland!.categories).toEqual([]);
    expect(spinland!.links.map((l) => l.website)).toEqual([null, null]);
    expect(d.portfolio_sites.map((s) => [s.id, s.listings])).toEqual([
      [ids.link, 1],
      [ids.money, 1],
    ]);
  });

  it('keeps the listings with a link to a site, of a rel, or both; the counts stay those of the directory', async () => {
    const urls = async (query: string) => {
      const r = await read(ids.directory, query);
      expect(r.status, query).toBe(200);
      expect(r.body.data.counts.listings, query).toBe(4);
      return r.body.data.listings.map((l) => new URL(l.url).pathname);
    };
    expect(await urls(`?target_website_id=${ids.money}`)).toEqual(['/listing/spin-money/']);
    expect(await urls('?rel=sponsored')).toEqual(['/listing/spin-money/', '/listing/spinland/']);
    expect(await urls('?rel=nofollow')).toEqual(['/listing/spinland/']);
    // follow: a link with none of nofollow, sponsored, ugc (the bonus link of the money listing).
    expect(await urls('?rel=follow')).toEqual(['/listing/casino-blog/', '/listing/spin-money/']);
    expect(await urls('?rel=ugc')).toEqual([]);
    // Both on the same link: the money listing's followed link is to the money site.
    expect(await urls(`?rel=follow&target_website_id=${ids.money}`)).toEqual(['/listing/spin-money/']);
    expect(await urls(`?rel=nofollow&target_website_id=${ids.money}`)).toEqual([]);
    expect(await urls(`?target_website_id=${ids.hidden}`)).toEqual([]);
  });

  it('answers an empty directory for a site never scanned, and says whether the site is a directory', async () => {
    const other = await read(ids.hidden);
    expect(other.status).toBe(200);
    expect(other.body.data).toEqual({
      is_directory: true,
      last_scanned_at: null,
      counts: { listings: 0, portfolio_sites: 0, external_targets: 0, gone: 0 },
      portfolio_sites: [],
      listings: [],
      truncated: false,
    });
    const money = await read(ids.money);
    expect(money.status).toBe(200);
    expect(money.body.data.is_directory).toBe(false);
  });

  it('refuses a bad filter by name, an unknown site with 404, and a user without the permission with 403', async () => {
    for (const [query, field] of [
      ['?rel=dofollow', 'rel'],
      ['?target_website_id=0', 'target_website_id'],
      ['?target_website_id=abc', 'target_website_id'],
      ['?sort=url', 'sort'],
    ] as const) {
      const r = await t.call<Body>({
        method: 'GET',
        url: directoryUrl(ids.directory, query),
        headers: admin,
      });
      expect(r.status, query).toBe(400);
      expect(JSON.stringify(r.body), query).toContain(field);
    }
    expect((await read(999_999)).status).toBe(404);
    expect((await read(ids.directory, '', await t.as('VIEWER'))).status).toBe(200);
    expect((await read(ids.directory, '', await t.as('NO_GRANTS'))).status).toBe(403);
    expect((await t.call({ method: 'GET', url: directoryUrl(ids.directory) })).status).toBe(401);
  });
});

describe.each(DATABASES)('the demo directory sites on %s', (kind) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(kind, { seedDemo: true });
    admin = await t.as('ADMIN');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('each carry listings filed in categories, linking to money sites of the portfolio and outside it', async () => {
    const sites = await t.db.query<{ id: number; hostname: string }>(
      `SELECT id, hostname FROM websites WHERE type = 'DIRECTORY' ORDER BY id`,
    );
    expect(sites.rows.length).toBeGreaterThanOrEqual(5);
    let gone = 0;
    for (const site of sites.rows) {
      const r = await t.call<{ data: Directory }>({
        method: 'GET',
        url: directoryUrl(Number(site.id)),
        headers: admin,
      });
      expect(r.status, site.hostname).toBe(200);
      const d = r.body.data;
      expect(d.is_directory, site.hostname).toBe(true);
      expect(d.counts.listings, site.hostname).toBeGreaterThanOrEqual(5);
      expect(d.counts.portfolio_sites, site.hostname).toBeGreaterThanOrEqual(1);
      expect(d.counts.external_targets, site.hostname).toBeGreaterThanOrEqual(1);
      expect(
        d.portfolio_sites.every((s) => s.type === 'MONEY'),
        site.hostname,
      ).toBe(true);
      const live = d.listings.filter((l) => l.status === 200);
      expect(
        live.every((l) => l.title && l.links.length > 0),
        site.hostname,
      ).toBe(true);
      expect(live.filter((l) => l.categories.length).length, site.hostname).toBeGreaterThan(live.length / 2);
      gone += d.counts.gone;
    }
    expect(gone).toBeGreaterThan(0);
  });
});
