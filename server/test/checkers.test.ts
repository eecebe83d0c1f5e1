import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECKER_KEYWORDS, type KeywordPageResult } from '@sitefleet/shared';
import { startHttpServer, type LocalHttpServer } from './integrations/local-servers.js';
import { SERPAPI_KEY, startSerpServer, type LocalSerpServer } from './integrations/serp-server.js';
import { createTestApp, DATABASES, waitForRun, type TestApp } from './helper.js';

/** The site the checkers fetch: on 127.0.0.2, so 127.0.0.1 can stand for an address the guard refuses. */
const SITE_HOST = '127.0.0.2';
const SERP_HOST = '127.0.0.3';

const html = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

function site(loopbackPort: () => number) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://site.test');
    const page = (status: number, body: string, type = 'text/html; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type });
      res.end(body);
    };
    switch (url.pathname) {
      case '/':
        return page(
          200,
          html(
            'Casino reviews',
            `<nav><a href="/reviews/">Reviews</a> <a href="/about">About</a> <a href="/missing">Old page</a></nav>
             <p>Independent casino reviews.</p>
             <a href="https://partner.example/offer?ref=1" rel="sponsored nofollow">Best bonus</a>
             <a href="https://partner.example/offer?ref=1" rel="sponsored">Best bonus again</a>
             <a href="https://news.example/story">A story</a>`,
          ),
        );
      case '/reviews/':
        return page(
          200,
          html(
            'Reviews',
            `<p>This is a <b>sponsored</b> post.</p><a href="/">Home</a><a href="https://ugc.example/" rel="ugc">Forum</a>`,
          ),
        );
      case '/about':
        return page(200, html('About us', '<p>We write about casinos.</p><a href="/reviews/">Reviews</a>'));
      case '/paid':
        return page(
          200,
          html(
            'Paid',
            `<p>Disclosure: this is a paid <i>post</i>.</p>
             <a href="https://shop.example/" rel="sponsored" title="Advertorial">Buy now</a>
             <p>Want to <a href="/write">write for us</a>?</p>
             <script>var s = "guest post";</script>`,
          ),
        );
      case '/clean':
        return page(200, html('Clean', '<p>Nothing to see here, only honest reviews.</p>'));
      case '/moved':
        res.writeHead(301, { location: '/paid' });
        return res.end();
      case '/to-loopback':
        res.writeHead(302, { location: `http://127.0.0.1:${loopbackPort()}/paid` });
        return res.end();
      case '/huge':
        return page(200, html('Huge', `<p>${'sponsored '.repeat(40_000)}</p>`));
      case '/slow':
        setTimeout(() => page(200, html('Slow', '<p>sponsored</p>')), 3000).unref();
        return;
      case '/image.png':
        return page(200, 'PNG', 'image/png');
      case '/robots.txt':
        return page(
          200,
          `User-agent: *\nDisallow:\nSitemap: http://${req.headers.host}/sitemap_index.xml\n`,
          'text/plain',
        );
      case '/sitemap_index.xml':
        return page(
          200,
          `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>http://${req.headers.host}/page-sitemap.xml</loc></sitemap></sitemapindex>`,
          'application/xml',
        );
      case '/page-sitemap.xml':
        return page(
          200,
          `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
             <url><loc>http://${req.headers.host}/</loc></url><url><loc>http://${req.headers.host}/about</loc></url>
             <url><loc>http://${req.headers.host}/paid</loc></url><url><loc>https://elsewhere.example/x</loc></url></urlset>`,
          'application/xml',
        );
      default:
        return page(404, html('Not found', '<p>No such page</p>'));
    }
  };
}

for (const kind of DATABASES) {
  describe(`checkers (${kind})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    let web: LocalHttpServer;
    let loopback: LocalHttpServer;
    let serp: LocalSerpServer;

    beforeAll(async () => {
      loopback = await startHttpServer(site(() => 0));
      web = await startHttpServer(
        site(() => loopback.port),
        SITE_HOST,
      );
      serp = await startSerpServer(SERP_HOST);
      t = await createTestApp(kind, {
        outboundAllowHosts: [SITE_HOST, SERP_HOST],
        crawlerTimeoutMs: 1000,
        crawlerMaxBytes: 200_000,
        jobsRetryDelaySeconds: 0,
        jobsSuperviseSeconds: 1,
        serpApiKey: SERPAPI_KEY,
        serpApiUrl: serp.origin,
      });
      await t.deps.jobs.startWorkers();
      admin = await t.as('ADMIN');
    });
    afterAll(async () => {
      await t?.close();
      await Promise.all([web?.close(), loopback?.close(), serp?.close()]);
    });

    interface Run {
      status: string;
      job_count: number;
      remaining_jobs: number;
      success_count: number;
      failed_count: number;
      job_output: Array<{ key: string; output: KeywordPageResult & Record<string, unknown> }>;
      failed_job_output: Array<{ key: string; attempts: number; output: { message: string } }>;
    }
    const finished = (id: number) => waitForRun<Run>(t, admin, 'dms', id, 45_000);

    it('finds keywords in text, link text and attributes, and reads redirects, slow, oversize and refused pages right', async () => {
      const pages = [
        '/paid',
        '/clean',
        '/moved',
        '/to-loopback',
        '/huge',
        '/slow',
        '/nope',
        '/image.png',
      ].map((p) => `${web.origin}${p}`);
      const r = await t.call<{ cron_id: number }>({
        method: 'POST',
        url: '/dms/api/v1/backlinks/keyword-checker',
        headers: admin,
        payload: {
          keywords: DEFAULT_CHECKER_KEYWORDS.join(','),
          keyword_delimiter: 'comma',
          pages: pages.join('\n'),
          page_delimiter: 'newline',
        },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const run = await finished(r.body.cron_id);
      expect(run).toMatchObject({ job_count: 8, success_count: 3, failed_count: 5, status: 'failed' });
      const out = (path: string) => run.job_output.find((j) => j.key === `${web.origin}${path}`)?.output;
      const paid = out('/paid')!;
      const where = Object.fromEntries(paid.found.map((f) => [f.keyword, f.where]));
      expect(where['paid post']).toEqual(['text']);
      expect(where['write for us']).toEqual(['link']); // the href is /write: no attribute hit
      expect(where.sponsored).toEqual(['attribute']);
      expect(where.advertorial).toEqual(['attribute']);
      expect(paid.missing).toContain('guest post'); // only inside a script
      expect(out('/clean')!.found).toEqual([]);
      expect(out('/clean')!.message).toBe('No keywords found');
      expect(out('/moved')!.final_url).toBe(`${web.origin}/paid`);
      const failed = Object.fromEntries(run.failed_job_output.map((j) => [j.key.replace(web.origin, ''), j]));
      expect(failed['/to-loopback']!.output.message).toMatch(/127\.0\.0\.1|not allowed|private|blocked/i);
      expect(failed['/to-loopback']!.attempts).toBe(1); // refused for good: no retry
      expect(failed['/huge']!.output.message).toMatch(/large|bytes|size/i);
      expect(failed['/slow']!.attempts).toBe(3); // timed out, retried twice
      expect(failed['/nope']!.output.message).toMatch(/404/);
      expect(failed['/image.png']!.output.message).toMatch(/not a page/);
      expect(loopback.connections()).toBe(0);
    });

    it('returns checker form errors by field and starts nothing', async () => {
      const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cron_runs');
      const empty = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: '/dms/api/v1/backlinks/keyword-checker',
        headers: admin,
        payload: {
          keywords: 'sponsored',
          keyword_delimiter: 'comma',
          pages: ' \n ',
          page_delimiter: 'newline',
        },
      });
      expect(empty.status).toBe(422);
      expect(empty.body.error.fields.pages).toMatch(/required/);
      const bad = await t.call<{ error: { fields: Record<string, string> } }>({
        method: 'POST',
        url: '/dms/api/v1/backlinks/deindex-checker',
        headers: admin,
        payload: { domains: 'example.com;not a domain;ftp://x', domain_delimiter: 'semicolon' },
      });
      expect(bad.status).toBe(422);
      expect(bad.body.error.fields.domains).toMatch(/not a domain/);
      const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM cron_runs');
      expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    });

    it('checks domains against the search index, records history, flags and alerts once', async () => {
      const site1 = await t.db.query<{ id: number }>(
        `INSERT INTO websites (url, hostname, target_market) VALUES ('https://example.com', 'example.com', 'UK') RETURNING id`,
      );
      const site2 = await t.db.query<{ id: number }>(
        `INSERT INTO websites (url, hostname, target_market) VALUES ('https://never-indexed.example', 'never-indexed.example', 'UK') RETURNING id`,
      );
      await t.db.query(
        `INSERT INTO domains (name, unicode_name, website_id) VALUES ('example.com', 'example.com', $1), ('never-indexed.example', 'never-indexed.example', $2)`,
        [site1.rows[0]!.id, site2.rows[0]!.id],
      );
      const check = async () => {
        const r = await t.call<{ data: { id: number } }>({
          method: 'POST',
          url: '/dms/api/v1/backlinks/deindex-checker',
          headers: admin,
          payload: {
            domains: 'https://www.Example.com/, never-indexed.example, unknown-site.example',
            domain_delimiter: 'comma',
          },
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return finished(r.body.data.id);
      };
      const run = await check();
      expect(run).toMatchObject({ job_count: 3, success_count: 3, failed_count: 0 });
      const messages = run.job_output.map((j) => j.output.message).sort();
      expect(messages).toEqual([
        'example.com: indexed (1,240 results)',
        'never-indexed.example: NOT indexed',
        'unknown-site.example: NOT indexed',
      ]);
      const flags = await t.db.query<{ name: string; deindexed: boolean }>(
        'SELECT name, deindexed FROM domains ORDER BY name',
      );
      expect(flags.rows).toEqual([
        { name: 'example.com', deindexed: false },
        { name: 'never-indexed.example', deindexed: true },
      ]);
      await check();
      const history = await t.call<{
        data: Array<{ indexed: boolean; website_id: number }>;
        meta: { total: number };
      }>({
        method: 'GET',
        url: `/dms/api/v1/indexed-history?filter=${encodeURIComponent(JSON.stringify({ website_id: site2.rows[0]!.id }))}`,
        headers: admin,
      });
      expect(history.body.meta.total).toBe(2);
      expect(history.body.data.every((h) => !h.indexed)).toBe(true);
      const alerts = await t.db.query<{ title: string; website_id: number; type: string }>(
        'SELECT title, website_id, type FROM notifications',
      );
      expect(alerts.rows).toEqual([
        {
          title: 'never-indexed.example is no longer indexed',
          website_id: Number(site2.rows[0]!.id),
          type: 'ALERT',
        },
      ]);
    });

    it('says so when no search-index provider is configured', async () => {
      const bare = await createTestApp(kind, { serpApiKey: null });
      try {
        const r = await bare.call<{ error: { message: string } }>({
          method: 'POST',
          url: '/dms/api/v1/backlinks/deindex-checker',
          headers: await bare.as('ADMIN'),
          payload: { domains: 'example.com', domain_delimiter: 'comma' },
        });
        expect(r.status).toBe(422);
        expect(r.body.error.message).toMatch(/SERP_API_KEY/);
      } finally {
        await bare.close();
      }
    });

    it('scans a website from its sitemap and home page, recording pages and links within bounds', async () => {
      const w = await t.db.query<{ id: number }>(
        `INSERT INTO websites (url, hostname, target_market) VALUES ($1, $2, 'UK') RETURNING id`,
        [`${web.origin}/`, SITE_HOST],
      );
      const id = Number(w.rows[0]!.id);
      const r = await t.call<{ cron_id: number }>({
        method: 'POST',
        url: `/dms/api/v1/websites/${id}/scan`,
        headers: admin,
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const run = await finished(r.body.cron_id);
      // sitemap unit + /, /about, /paid (sitemap) + /reviews/, /missing, /write (links)
      expect(run.job_count).toBe(7);
      expect(run.failed_job_output.map((j) => j.key.replace(web.origin, '')).sort()).toEqual([
        '/missing',
        '/write',
      ]);
      const pages = await t.call<{
        data: Array<{ url: string; status: number; title: string | null; outbound_links: number }>;
      }>({
        method: 'GET',
        url: `/dms/api/v1/website-pages?perPage=50&filter=${encodeURIComponent(JSON.stringify({ website_id: id }))}`,
        headers: admin,
      });
      expect(pages.status, JSON.stringify(pages.body)).toBe(200);
      const byPath = Object.fromEntries(pages.body.data.map((p) => [p.url.replace(web.origin, ''), p]));
      expect(byPath['/']).toMatchObject({ status: 200, title: 'Casino reviews', outbound_links: 2 });
      expect(byPath['/missing']).toMatchObject({ status: 404, title: null });
      const links = await t.call<{
        data: Array<{ page: string; backlink: string; anchor: string; rel: string[]; hits: number }>;
      }>({
        method: 'GET',
        url: `/dms/api/v1/website-links?filter=${encodeURIComponent(JSON.stringify({ website_id: id, internal: false }))}`,
        headers: admin,
      });
      const offer = links.body.data.find((l) => l.backlink === 'https://partner.example/offer?ref=1');
      expect(offer).toMatchObject({ page: `${web.origin}/`, anchor: 'Best bonus', hits: 2 });
      expect(offer!.rel.sort()).toEqual(['nofollow', 'sponsored']);
      expect(links.body.data.map((l) => l.backlink).sort()).toEqual([
        'https://news.example/story',
        'https://partner.example/offer?ref=1',
        'https://shop.example/',
        'https://ugc.example/',
      ]);

      const bounded = await t.call<{ cron_id: number }>({
        method: 'POST',
        url: '/dms/api/v1/artisan',
        headers: admin,
        payload: { command: 'websites:scan', arguments: { website_id: id, max_pages: 2 } },
      });
      const small = await finished(bounded.body.cron_id);
      expect(small.job_count).toBe(3); // max_pages + the sitemap unit
      const missing = await t.call({
        method: 'POST',
        url: '/dms/api/v1/websites/999999/scan',
        headers: admin,
      });
      expect(missing.status).toBe(404);
    });
  });
}
