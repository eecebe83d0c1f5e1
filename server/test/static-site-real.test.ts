import { randomBytes } from 'node:crypto';
import { mkdtempSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSitemap } from '../src/integrations/html/sitemap.js';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';
import { filesHolding, readableText } from './support/static-site-compare.js';
import { serveReleases, type ReleaseServer } from './support/static-release-server.js';
import { bringUpWordPress, realWordPressAvailable, type RealSite } from './support/wordpress-real.js';

/**
 * Static link sites against a real WordPress (Debian's packages, scripts/wordpress/up.sh; the second site, which
 * has the companion): posts, a page, a category, an image, an approved comment, a shortlink, a renamed post's
 * old address and the feeds; converted to static, the gate checked, the release served by a static file server
 * and crawled back (every page of WordPress answers at the same path with the same content, no trace of the
 * origin's host); a change published; a rollback; and a publish the gate stops because a bought link was
 * removed from its post.
 */

interface Run {
  remaining_jobs: number;
  success_count: number;
  job_output: { output: Record<string, unknown> & { message: string } }[];
  failed_job_output: { output: Record<string, unknown> & { message: string } }[];
}
type Body = Record<string, unknown>;

const kind = DATABASES[DATABASES.length - 1]!;
const tag = randomBytes(3).toString('hex');
const PUBLIC_HOST = `static-real-${tag}.example.com`;
const PUBLIC = `https://${PUBLIC_HOST}`;
const BOUGHT = {
  url: 'https://money.example.org/best-casino/',
  anchor: 'best casino bonus',
  rel: 'sponsored',
};

describe.skipIf(!realWordPressAvailable)(`static link sites against real WordPress on ${kind}`, () => {
  let t: TestApp;
  let wp: RealSite;
  let admin: Record<string, string>;
  let id: number;
  let root: string;
  let served: ReleaseServer;
  const created: Array<{ route: string; id: number }> = [];
  const posts: Record<'a' | 'b' | 'c', { id: number; link: string }> = {
    a: { id: 0, link: '' },
    b: { id: 0, link: '' },
    c: { id: 0, link: '' },
  };
  let oldC = '';

  /** The site's REST API with the Application Password. */
  const rest = async <T = Body>(
    method: string,
    route: string,
    body?: Body | Buffer,
    type = 'application/json',
  ) => {
    const res = await fetch(`${wp.url}/wp-json/wp/v2/${route}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${wp.user}:${wp.app_password}`).toString('base64')}`,
        'content-type': type,
        ...(Buffer.isBuffer(body)
          ? { 'content-disposition': `attachment; filename="static-${tag}.png"` }
          : {}),
      },
      body:
        body === undefined ? undefined : Buffer.isBuffer(body) ? new Uint8Array(body) : JSON.stringify(body),
    });
    const json = (await res.json()) as T;
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const make = async (route: string, body: Body | Buffer, type?: string) => {
    const r = await rest<{ id: number; link: string; source_url?: string }>('POST', route, body, type);
    created.push({ route, id: r.id });
    return r;
  };
  const get = <T = Body>(url: string) => t.call<T>({ method: 'GET', url, headers: admin });
  const run = async (op: 'convert-to-static' | 'publish-static' | 'rollback-static', query = '') => {
    const started = await get<{ cron_id: number }>(`/dms/api/v1/websites/${op}/${id}${query}`);
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    return waitForRun<Run>(t, admin, 'dms', started.body.cron_id, 300_000);
  };
  const words = (text: string) => text.split(' ').sort();
  const fromStatic = (p: string) => fetch(`${served.origin}${p}`, { redirect: 'manual' });
  const toPublic = (text: string) =>
    text
      .split(wp.url)
      .join(PUBLIC)
      .split(new URL(wp.url).host)
      .join(PUBLIC_HOST)
      .split(new URL(wp.url).hostname)
      .join(PUBLIC_HOST);
  const postContent = (bought: boolean, image: string) =>
    `<!-- wp:paragraph --><p>Static test ${tag}: a post with an image and a partner link.</p><!-- /wp:paragraph -->` +
    `<!-- wp:image --><figure class="wp-block-image"><img src="${image}" alt="A square" /></figure><!-- /wp:image -->` +
    (bought
      ? `<!-- wp:paragraph --><p>Our partner: <a href="${BOUGHT.url}" rel="${BOUGHT.rel}">${BOUGHT.anchor}</a>.</p><!-- /wp:paragraph -->`
      : '');

  beforeAll(async () => {
    // The same settings as the other real-WordPress tests, so their sites are reused, not re-created.
    wp = bringUpWordPress({ WP_SITES: '3', WP_BIG_POSTS: '10000' })[1]!;
    const png = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 40, b: 40 } },
    })
      .png()
      .toBuffer();
    const media = await make('media', png, 'image/png');
    const category = await make('categories', { name: `Static news ${tag}`, slug: `static-news-${tag}` });
    const image = media.source_url!;
    const a = await make('posts', {
      title: `Static post A ${tag}`,
      slug: `static-a-${tag}`,
      status: 'publish',
      comment_status: 'open',
      categories: [category.id],
      featured_media: media.id,
      content: postContent(true, image),
    });
    const b = await make('posts', {
      title: `Static post B ${tag}`,
      slug: `static-b-${tag}`,
      status: 'publish',
      categories: [category.id],
      content: `<!-- wp:paragraph --><p>See <a href="${wp.url}/?p=${a.id}">post A by its shortlink</a> and <a href="${a.link}">by its address</a>.</p><!-- /wp:paragraph -->`,
    });
    const c = await make('posts', {
      title: `Static post C ${tag}`,
      slug: `static-c-old-${tag}`,
      status: 'publish',
      categories: [category.id],
      content: '<!-- wp:paragraph --><p>Renamed after it was published.</p><!-- /wp:paragraph -->',
    });
    oldC = c.link;
    const renamed = await rest<{ link: string }>('POST', `posts/${c.id}`, { slug: `static-c-${tag}` });
    await make('pages', {
      title: `Static page ${tag}`,
      slug: `static-page-${tag}`,
      status: 'publish',
      content: `<!-- wp:paragraph --><p>A page linking to <a href="${oldC}">post C's old address</a>.</p><!-- /wp:paragraph -->`,
    });
    await rest('POST', 'comments', {
      post: a.id,
      content: `A comment on post A (${tag}).`,
      author_name: 'Ann Reader',
      author_email: 'ann@example.net',
      status: 'approved',
    });
    posts.a = { id: a.id, link: a.link };
    posts.b = { id: b.id, link: b.link };
    posts.c = { id: c.id, link: renamed.link };

    root = mkdtempSync(path.join(tmpdir(), 'sitefleet-static-real-'));
    t = await createTestApp(kind, {
      outboundAllowHosts: ['127.0.0.0/8'],
      wordpressTimeoutMs: 60_000,
      crawlerTimeoutMs: 30_000,
      jobsRetryDelaySeconds: 0,
      staticSitesRoot: root,
    });
    await t.deps.jobs.startWorkers();
    admin = await t.as('ADMIN');
    const site = await t.call<{ data: { id: number } }>({
      method: 'POST',
      url: '/dms/api/v1/websites',
      headers: admin,
      payload: { url: PUBLIC, type: 'LINK', target_market: 'UK' },
    });
    id = site.body.data.id;
    const conn = await t.call({
      method: 'POST',
      url: `/dms/api/v1/wordpress/${id}/connect`,
      headers: admin,
      payload: { url: wp.url, username: wp.user, application_password: wp.app_password },
    });
    expect(conn.status, JSON.stringify(conn.body)).toBe(200);
    const bought = await t.call({
      method: 'POST',
      url: '/dms/api/v1/external-backlinks',
      headers: admin,
      payload: {
        backlink: `${PUBLIC}${new URL(posts.a.link).pathname}`,
        url: BOUGHT.url,
        anchor: BOUGHT.anchor,
        rel_attribute: BOUGHT.rel,
        permanent: true,
      },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    served = await serveReleases(path.join(root, PUBLIC_HOST));
  }, 900_000);

  afterAll(async () => {
    for (const c of created.reverse())
      await rest('DELETE', `${c.route}/${c.id}?force=true`).catch(() => undefined);
    await served?.close();
    await t?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('converts: the companion and the sitemap seed the crawl, the gate passes, the release is published', async () => {
    // No origin given: the WordPress connection's address is crawled.
    const done = await run('convert-to-static');
    expect(done.failed_job_output).toEqual([]);
    const output = done.job_output[0]!.output;
    expect(output.notes).toContain('URL list from the companion');
    expect(output.gate_passed).toBe(true);
    const status = (await get<{ data: Body }>(`/dms/api/v1/static-sites/${id}`)).body.data;
    expect(status).toMatchObject({ static_state: 'static', gate: 'passed', origin_url: `${wp.url}/` });
    // The fixture post's links to /in/ and /relative answer 404 on WordPress too: noted, not held against the copy.
    const gate = status.gate_result as { checks: Array<{ check: string; passed: boolean; notes: string[] }> };
    expect(gate.checks.every((c) => c.passed)).toBe(true);
    expect(gate.checks.find((c) => c.check === 'internal_links')!.notes.join(' ')).toContain('/in/');
  }, 300_000);

  it('serves every page of WordPress at the same path with the same content, and no trace of the origin host', async () => {
    const sitemap = await (await fetch(`${wp.url}/wp-sitemap-posts-post-1.xml`)).text();
    const pages = [
      '/',
      ...parseSitemap(sitemap).urls.map((u) => new URL(u).pathname),
      ...[posts.a.link, posts.b.link, posts.c.link].map((u) => new URL(u).pathname),
      `/static-page-${tag}/`,
      `/category/static-news-${tag}/`,
      '/category/uncategorized/',
      '/author/admin/',
    ];
    expect(pages.length).toBeGreaterThan(6);
    for (const p of new Set(pages)) {
      const [origin, copy] = await Promise.all([fetch(`${wp.url}${p}`), fromStatic(p)]);
      expect(origin.status, p).toBe(200);
      expect(copy.status, p).toBe(200);
      const [mine, theirs] = [readableText(await copy.text()), readableText(await origin.text(), toPublic)];
      // An archive lists posts published in the same second in whatever order MySQL returns them.
      const archive = p === '/' || /^\/(?:category|author)\//.test(p);
      if (archive) expect(words(mine), p).toEqual(words(theirs));
      else expect(mine, p).toBe(theirs);
    }
    const pageA = await (await fromStatic(new URL(posts.a.link).pathname)).text();
    expect(pageA).toContain('Comments are closed on this page.');
    expect(pageA).toContain(`A comment on post A (${tag}).`);
    expect(pageA).toContain(`<a href="${BOUGHT.url}" rel="${BOUGHT.rel}">${BOUGHT.anchor}</a>`);
    expect(pageA).not.toMatch(/commentform|xmlrpc\.php|wp-json|replytocom|\?ver=/);
    const image = pageA.match(/src="(https:\/\/[^"]+\/wp-content\/uploads\/[^"]+\.png)"/)![1]!;
    const copyOfImage = await fromStatic(new URL(image).pathname);
    expect([copyOfImage.status, copyOfImage.headers.get('content-type')]).toEqual([200, 'image/png']);
    const feed = await fromStatic('/feed/');
    expect(feed.headers.get('content-type')).toMatch(/xml/);
    expect(await feed.text()).toContain(`${PUBLIC}${new URL(posts.a.link).pathname}`);
    // The shortlink and the renamed post's old address answer their redirects from the redirect map.
    const short = await fromStatic(`/?p=${posts.a.id}`);
    expect([short.status, short.headers.get('location')]).toEqual([301, new URL(posts.a.link).pathname]);
    const old = await fromStatic(new URL(oldC).pathname);
    expect([old.status, old.headers.get('location')]).toEqual([301, new URL(posts.c.link).pathname]);
    expect(
      await filesHolding(path.join(root, PUBLIC_HOST, 'current', 'public'), new URL(wp.url).hostname),
    ).toEqual([]);
  }, 300_000);

  it('publishes a change, then rolls back to the release before it', async () => {
    await rest('POST', `posts/${posts.b.id}`, { title: `Static post B changed ${tag}` });
    const published = await run('publish-static');
    expect(published.failed_job_output).toEqual([]);
    const path_ = new URL(posts.b.link).pathname;
    expect(await (await fromStatic(path_)).text()).toContain(`Static post B changed ${tag}`);
    const rolled = await run('rollback-static');
    expect(rolled.job_output[0]!.output.message).toMatch(/rolled back from \S+ to \S+/);
    expect(await (await fromStatic(path_)).text()).not.toContain(`Static post B changed ${tag}`);
  }, 600_000);

  it('stops a publish whose gate fails because a bought link was removed, with the reason', async () => {
    const live = readlinkSync(path.join(root, PUBLIC_HOST, 'current'));
    const media = created.find((c) => c.route === 'media')!;
    const image = (await rest<{ source_url: string }>('GET', `media/${media.id}`)).source_url;
    await rest('POST', `posts/${posts.a.id}`, { content: postContent(false, image) });
    const done = await run('publish-static');
    expect(done.success_count).toBe(0);
    expect(done.failed_job_output[0]!.output.message).toContain(
      `the bought link to ${BOUGHT.url} ("${BOUGHT.anchor}") is missing from ${new URL(posts.a.link).pathname}`,
    );
    const status = (await get<{ data: Body }>(`/dms/api/v1/static-sites/${id}`)).body.data;
    expect(status).toMatchObject({ static_state: 'static', gate: 'failed' });
    expect(readlinkSync(path.join(root, PUBLIC_HOST, 'current'))).toBe(live);
    expect(await (await fromStatic(new URL(posts.a.link).pathname)).text()).toContain(BOUGHT.anchor);
  }, 300_000);
});
