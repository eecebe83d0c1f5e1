import type http from 'node:http';
import { startHttpServer, type LocalHttpServer } from '../integrations/local-servers.js';

/* A publisher's site for the link checker tests: one loopback server answering for several host names. */

/** The page a bought link should point at. */
export const TARGET = 'https://www.money.example/offers/';
export const ANCHOR = 'Best casino offers';

interface Page {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
}

const html = (body: string, head = '') =>
  `<!doctype html><html><head><title>Weekly picks</title>${head}</head><body>${body}</body></html>`;

/** An article around the given link markup, long enough not to pass for a captcha gate. */
export const article = (link: string, head = '') =>
  html(
    `<nav><a href="/">Home</a> <a href="https://other.example/">Partner</a></nav>
     <article><h1>Weekly picks</h1>
     <p>${'Our editors compare bonuses, wagering rules and payout times every week. '.repeat(12)}</p>
     <p>For this week's selection see ${link} and come back next Monday.</p>
     <script>document.write('<b>never text</b>')</script></article>`,
    head,
  );

/** A link element with these attributes. */
export const anchorTag = (attrs: string, text = ANCHOR) => `<a ${attrs}>${text}</a>`;
/** The href attribute of a link to TARGET as a page may write it: http, host case, no www, no trailing slash. */
export const TARGET_HREF = 'href="http://MONEY.example/offers"';

const PAGES: Record<string, Page> = {
  '/ok': { body: article(anchorTag(`${TARGET_HREF} rel="noopener"`, ' best   CASINO offers ')) },
  '/missing': { body: article('<a href="https://elsewhere.example/offers">the offers</a>') },
  '/wrong-target': { body: article(anchorTag('href="https://www.money.example/blog/"')) },
  '/wrong-anchor': { body: article(anchorTag(TARGET_HREF, 'click here')) },
  '/nofollow': { body: article(anchorTag(`${TARGET_HREF} rel="nofollow"`)) },
  '/sponsored': { body: article(anchorTag(`${TARGET_HREF} rel="sponsored noopener"`)) },
  '/ugc': { body: article(anchorTag(`${TARGET_HREF} rel="UGC"`)) },
  '/meta-nofollow': {
    body: article(anchorTag(TARGET_HREF), '<meta name="robots" content="index, nofollow">'),
  },
  '/header-nofollow': { headers: { 'x-robots-tag': 'nofollow' }, body: article(anchorTag(TARGET_HREF)) },
  '/header-noindex': {
    headers: { 'x-robots-tag': 'googlebot: noindex' },
    body: article(anchorTag(TARGET_HREF)),
  },
  '/canonical-elsewhere': {
    body: article(anchorTag(TARGET_HREF), '<link rel="canonical" href="/another-article">'),
  },
  '/canonical-self': {
    body: article(
      anchorTag(TARGET_HREF),
      '<link rel="canonical" href="https://WWW.blog.test:PORT/canonical-self/">',
    ),
  },
  '/private/secret': { body: article(anchorTag(TARGET_HREF)) },
  '/private/open-page': { body: article(anchorTag(TARGET_HREF)) },
  '/r1': { status: 301, headers: { location: '/r2' } },
  '/r2': { status: 302, headers: { location: 'http://blog.test:PORT/ok' } },
  '/loop': { status: 302, headers: { location: '/loop' } },
  '/to-private': { status: 301, headers: { location: '/private/secret' } },
  '/gone-404': { status: 404, body: html('<h1>Not found</h1>') },
  '/gone-410': { status: 410, body: html('<h1>Gone</h1>') },
  '/error-500': { status: 500, body: html('<h1>Internal error</h1>') },
  '/cf-challenge': {
    status: 403,
    body:
      '<!DOCTYPE html><html><head><title>Just a moment...</title></head><body>' +
      '<div id="challenge-body-text">Checking if the site connection is secure</div>' +
      '<script>window._cf_chl_opt={cvId:"3",cType:"managed"};</script></body></html>',
  },
  '/cf-mitigated': { status: 503, headers: { 'cf-mitigated': 'challenge' }, body: html('<p>One moment</p>') },
  '/recaptcha': {
    body: html(
      '<form method="post"><p>Please confirm you are not a robot.</p>' +
        '<div class="g-recaptcha" data-sitekey="6Lc-test"></div><button>Continue</button></form>',
      '<script src="https://www.google.com/recaptcha/api.js" async defer></script>',
    ),
  },
  '/article-with-captcha-form': {
    body: article(
      `${anchorTag(TARGET_HREF)}<form><textarea name="comment"></textarea><div class="g-recaptcha"></div></form>`,
      '<script src="https://www.google.com/recaptcha/api.js"></script>',
    ),
  },
  '/article-quoting-a-challenge': {
    body: article(
      `${anchorTag(TARGET_HREF)}: how <code>window._cf_chl_opt</code> and the cf-chl-widget gate crawlers`,
    ),
  },
  '/incapsula-gate': {
    body: '<html><head><title>Weekly picks</title></head><body><iframe src="/_Incapsula_Resource"></iframe>Incapsula incident ID: 1234-5678</body></html>',
  },
  '/rate-limited': { status: 429, headers: { 'retry-after': '120' }, body: 'Too many requests' },
  '/pdf': { headers: { 'content-type': 'application/pdf' }, body: '%PDF-1.4' },
  '/long': { body: article(`${'<p>filler paragraph</p>'.repeat(400)}${anchorTag(TARGET_HREF)}`) },
};

const ROBOTS: Record<string, string> = {
  'blog.test': [
    '# comments and unknown records are skipped',
    'Sitemap: http://blog.test/sitemap.xml',
    'User-agent: *',
    'Disallow: /private/',
    'Allow: /private/open',
    'Crawl-delay: 5',
  ].join('\n'),
  'strict.test': [
    'User-agent: *',
    'Disallow:',
    '',
    'User-agent: OtherBot',
    'User-agent: SitefleetBot',
    'Disallow: /',
  ].join('\n'),
};

export interface PublisherSite {
  server: LocalHttpServer;
  /** `http://<host>:<port><path>`. */
  url(path: string, host?: string): string;
  /** Paths requested so far ("host path"), robots.txt included. */
  requested: string[];
  /** User-Agent headers received. */
  agents: string[];
  /** Replaces the body of /changing. */
  setChanging(body: string): void;
}

/** Starts the site. Host names must resolve to 127.0.0.1 (see `resolveTestHosts`). */
export async function startPublisherSite(): Promise<PublisherSite> {
  const requested: string[] = [];
  const agents: string[] = [];
  let changing = article(anchorTag(TARGET_HREF));
  let port = 0;
  const handler: http.RequestListener = (req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '').toLowerCase();
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(`${host} ${path}`);
    agents.push(req.headers['user-agent'] ?? '');
    if (path === '/slow') return; // never answers; the server's close ends it
    if (path === '/robots.txt') {
      const robots = ROBOTS[host];
      res.writeHead(robots === undefined ? 404 : 200, { 'content-type': 'text/plain' });
      return res.end(robots ?? 'not found');
    }
    const page = path === '/changing' ? { body: changing } : PAGES[path];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end(html('<h1>Not found</h1>'));
    }
    const withPort = (text: string) => text.replace('PORT', String(port));
    const headers = Object.fromEntries(Object.entries(page.headers ?? {}).map(([k, v]) => [k, withPort(v)]));
    res.writeHead(page.status ?? 200, { 'content-type': 'text/html; charset=utf-8', ...headers });
    res.end(withPort(page.body ?? ''));
  };
  const server = await startHttpServer(handler);
  port = server.port;
  return {
    server,
    url: (path, host = 'blog.test') => `http://${host}:${port}${path}`,
    requested,
    agents,
    setChanging: (body) => {
      changing = body;
    },
  };
}

/** A resolver: *.test names are this machine, any other name does not exist. */
export async function resolveTestHosts(hostname: string): Promise<string[]> {
  if (hostname.endsWith('.test')) return ['127.0.0.1'];
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
}
