/**
 * The linking pages of the backlink-check bench (server/bench/backlinks.ts), generated from a seed and served
 * from 127.0.0.1 by a child process of their own, one HTTP server (so one origin, with its own robots.txt)
 * per host, as remote sites would from their own machines. The bench reads the ledger it seeds from the same
 * generator (ledgerOf), without building the pages. The first host also answers as the RDAP registry of
 * the pages' address (bootstrap files and the ip network), which each check run looks up once.
 *
 * Run as a child process (support/local-pages.ts) with the settings as JSON in argv[2]: it announces
 * `{ ports }` when listening and exits when the bench says close or goes away.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helperInput, isPagesHelper, serveUntilClosed } from './support/local-pages.js';

export interface SitesSettings {
  pages: number;
  hosts: number;
  linksPerPage: number;
  seed: number;
}

/** What the check of a ledger row must find, by how the generator built its page. */
export type Expectation =
  'ok' | 'link_not_found' | 'wrong_rel' | 'wrong_anchor' | 'page_gone' | 'blocked_by_robots';

type PageKind = 'live' | 'gone' | 'private';
type LinkKind = 'ok' | 'missing' | 'wrong_rel' | 'wrong_anchor';

export interface LedgerSpec {
  page: number;
  host: number;
  /** Path of the linking page on its host (the bench adds the origin). */
  path: string;
  /** The bought link's target and what was paid for. */
  url: string;
  anchor: string;
  rel: 'follow' | 'sponsored';
  expected: Expectation;
}

/** Small, fast, deterministic generator (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pageRandom = (s: SitesSettings, page: number, salt: number) =>
  prng((s.seed ^ Math.imul(page + 1, 0x9e3779b1) ^ Math.imul(salt + 1, 0x85ebca6b)) >>> 0);

/** 4% of the pages are gone (404), 2% sit under a path robots.txt disallows, the rest answer. */
function pageKind(s: SitesSettings, page: number): PageKind {
  const r = pageRandom(s, page, 0)();
  return r < 0.04 ? 'gone' : r < 0.06 ? 'private' : 'live';
}

function pagePath(kind: PageKind, page: number): string {
  const slug = `post-${page}-${(page * 7919) % 10007}`;
  if (kind === 'private') return `/private/${slug}`;
  return `/blog/${2015 + (page % 10)}/${String((page % 12) + 1).padStart(2, '0')}/${slug}`;
}

/** On a live page: 80% of the links as bought, 8% absent, 8% with a rel that withholds credit, 4% reworded. */
function linkKind(r: number): LinkKind {
  return r < 0.8 ? 'ok' : r < 0.88 ? 'missing' : r < 0.96 ? 'wrong_rel' : 'wrong_anchor';
}

const EXPECTED: Record<LinkKind, Expectation> = {
  ok: 'ok',
  missing: 'link_not_found',
  wrong_rel: 'wrong_rel',
  wrong_anchor: 'wrong_anchor',
};

const MONEY_SITES = 60;
const WORDS = (
  'garden tools season harvest soil compost seeds water light shade pruning roses tomato basil herbs ' +
  'kitchen recipe bread oven flour butter travel city museum river bridge coast train ticket hotel ' +
  'budget review guide beginner expert choose best cheap quality durable handle blade steel wooden ' +
  'morning evening weekend family children weather spring summer autumn winter market local fresh'
).split(' ');

interface PageLinkPlan {
  spec: LedgerSpec;
  kind: LinkKind;
}

/** The ledger rows of one page, with how each appears on it. */
function linksOf(s: SitesSettings, page: number): PageLinkPlan[] {
  const kind = pageKind(s, page);
  const random = pageRandom(s, page, 1);
  const out: PageLinkPlan[] = [];
  for (let j = 0; j < s.linksPerPage; j++) {
    const site = (page * s.linksPerPage + j) % MONEY_SITES;
    const r = random();
    const link = linkKind(random());
    const words = [0, 1, 2].map(() => WORDS[Math.floor(random() * WORDS.length)]!);
    const rel = r < 0.1 ? 'sponsored' : 'follow';
    const expected: Expectation =
      kind === 'gone' ? 'page_gone' : kind === 'private' ? 'blocked_by_robots' : EXPECTED[link];
    out.push({
      kind: link,
      spec: {
        page,
        host: page % s.hosts,
        path: pagePath(kind, page),
        url: `https://shop-${site}.example.com/${words.join('-')}/${page}-${j}`,
        anchor: `${words.join(' ')} ${page}`,
        rel,
        expected,
      },
    });
  }
  return out;
}

/** Every ledger row the bench seeds: linksPerPage per page, page by page. */
export function ledgerOf(s: SitesSettings): LedgerSpec[] {
  return Array.from({ length: s.pages }, (_, page) => linksOf(s, page).map((l) => l.spec)).flat();
}

const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function sentence(random: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(random() * WORDS.length)]!);
  out[0] = out[0]!.charAt(0).toUpperCase() + out[0]!.slice(1);
  return `${out.join(' ')}.`;
}

function ledgerAnchor(plan: PageLinkPlan): string {
  const { spec, kind } = plan;
  const rel =
    kind === 'wrong_rel'
      ? ' rel="nofollow noopener"'
      : spec.rel === 'sponsored'
        ? ' rel="sponsored noopener"'
        : random01(spec.page) < 0.5
          ? ' rel="noopener"'
          : '';
  const text = kind === 'wrong_anchor' ? `click here ${spec.page}` : spec.anchor;
  return `<a href="${escape(spec.url)}"${rel} target="_blank">${escape(text)}</a>`;
}

const random01 = (n: number) => ((Math.imul(n + 17, 2654435761) >>> 0) % 1000) / 1000;

/**
 * A blog post of 30-80 KB: head with styles and scripts, a navigation of ~40 internal links, the article
 * (paragraphs with internal and external links, images, the page's bought links among them), a sidebar and
 * a footer of links. A bought link whose row expects link_not_found is simply not there.
 */
export function pageHtml(s: SitesSettings, page: number, origin: string): string {
  const random = pageRandom(s, page, 2);
  const path = pagePath(pageKind(s, page), page);
  const target = 30_000 + Math.floor(random() * 50_000);
  const internal = () =>
    `${origin}/blog/${2015 + Math.floor(random() * 10)}/post-${Math.floor(random() * 5000)}`;
  const external = () =>
    `https://ref-${Math.floor(random() * 400)}.example.org/${sentence(random, 2).slice(0, -1).toLowerCase().replace(/ /g, '-')}`;
  const title = sentence(random, 6).slice(0, -1);
  const head =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="description" content="${sentence(random, 20)}">` +
    `<link rel="canonical" href="${origin}${path}"><link rel="stylesheet" href="/assets/site.css">` +
    `<style>${'.post p{margin:0 0 1em;line-height:1.6}.nav a{padding:4px 8px}'.repeat(20)}</style>` +
    `<script>window.dataLayer=window.dataLayer||[];${'function t(){dataLayer.push(arguments)};'.repeat(30)}</script>` +
    `</head><body class="post-template">`;
  const nav = `<header class="nav"><ul>${Array.from(
    { length: 40 },
    () => `<li><a href="${internal()}">${sentence(random, 2).slice(0, -1)}</a></li>`,
  ).join('')}</ul></header>`;
  const sidebar = `<aside><h3>Popular</h3><ul>${Array.from(
    { length: 30 },
    () => `<li><a href="${internal()}">${sentence(random, 4)}</a></li>`,
  ).join('')}</ul><h3>Friends</h3><ul>${Array.from(
    { length: 15 },
    () => `<li><a href="${external()}" rel="nofollow">${sentence(random, 3)}</a></li>`,
  ).join('')}</ul></aside>`;
  const footer = `<footer><ul>${Array.from(
    { length: 30 },
    () => `<li><a href="${internal()}">${sentence(random, 2)}</a></li>`,
  ).join(
    '',
  )}</ul><p>&copy; 2024 ${title}</p></footer><script src="/assets/app.js" defer></script></body></html>`;
  const bought = linksOf(s, page).filter((l) => l.kind !== 'missing');
  const paragraphs: string[] = [];
  let size = head.length + nav.length + sidebar.length + footer.length;
  const room = Math.max(1, Math.floor((target - size) / 900));
  const slots = new Map(bought.map((b, i) => [Math.floor(((i + 0.5) * room) / bought.length), b]));
  for (let p = 0; size < target || slots.size; p++) {
    const parts: string[] = [];
    for (let k = 0; k < 5; k++) {
      parts.push(sentence(random, 8 + Math.floor(random() * 10)));
      const r = random();
      if (r < 0.3) parts.push(`<a href="${internal()}">${sentence(random, 3).slice(0, -1)}</a>`);
      else if (r < 0.4) parts.push(`<a href="${external()}">${sentence(random, 2).slice(0, -1)}</a>`);
      else if (r < 0.45)
        parts.push(`<img src="/img/${Math.floor(random() * 1e6)}.jpg" alt="${sentence(random, 3)}">`);
    }
    const mine = slots.get(p);
    if (mine) {
      parts.splice(2, 0, ledgerAnchor(mine));
      slots.delete(p);
    }
    const html = `<p>${parts.join(' ')}</p>`;
    paragraphs.push(p % 6 === 5 ? `<h2>${sentence(random, 5)}</h2>${html}` : html);
    size += html.length;
  }
  return `${head}${nav}<main><article class="post"><h1>${title}</h1>${paragraphs.join('')}</article>${sidebar}</main>${footer}`;
}

/** The network RDAP answers for the pages' address: what every check records as the host's ip_info. */
export const BENCH_NETWORK = { ip: '127.0.0.1', country: 'NL', org: 'Bench Publisher Hosting B.V.' };

/** The RDAP registry of 127.0.0.0/8 under /rdap/ (RFC 9224 bootstrap files, RFC 9083 ip network). */
function rdapAnswer(path: string, origin: string): string | null {
  const bootstrap = (services: unknown[]) => JSON.stringify({ version: '1.0', services });
  switch (path) {
    case '/rdap/dns.json':
    case '/rdap/ipv6.json':
      return bootstrap([]);
    case '/rdap/ipv4.json':
      return bootstrap([[['127.0.0.0/8'], [`${origin}/rdap/`]]]);
    case `/rdap/ip/${BENCH_NETWORK.ip}`:
      return JSON.stringify({
        objectClassName: 'ip network',
        handle: '127.0.0.0 - 127.255.255.255',
        startAddress: '127.0.0.0',
        endAddress: '127.255.255.255',
        ipVersion: 'v4',
        name: 'BENCH-NET',
        country: BENCH_NETWORK.country,
        entities: [
          {
            objectClassName: 'entity',
            roles: ['registrant'],
            vcardArray: ['vcard', [['fn', {}, 'text', BENCH_NETWORK.org]]],
          },
        ],
      });
    default:
      return null;
  }
}

const ROBOTS = [
  'User-agent: *',
  'Disallow: /private/',
  'Disallow: /wp-admin/',
  'Allow: /wp-admin/admin-ajax.php',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  '',
  'Sitemap: /sitemap.xml',
  '',
].join('\n');

/** One server per host, each page's bytes prepared once, sent uncompressed with a length, keep-alive. */
async function serve(s: SitesSettings): Promise<{ ports: number[]; servers: Server[] }> {
  const servers: Server[] = [];
  const ports: number[] = [];
  const robots = Buffer.from(ROBOTS);
  for (let host = 0; host < s.hosts; host++) {
    const bodies = new Map<string, Buffer>();
    let origin = '';
    const server = createServer((req, res) => {
      if (req.url === '/robots.txt') {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': robots.length }).end(robots);
        return;
      }
      const rdap = host === 0 && req.url?.startsWith('/rdap/') ? rdapAnswer(req.url, origin) : null;
      if (rdap !== null) {
        res.writeHead(200, { 'content-type': 'application/rdap+json' }).end(rdap);
        return;
      }
      const body = req.method === 'GET' ? bodies.get(req.url ?? '') : undefined;
      if (!body) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'content-length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 60_000;
    const port = await new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
    origin = `http://127.0.0.1:${port}`;
    for (let page = host; page < s.pages; page += s.hosts) {
      const kind = pageKind(s, page);
      if (kind === 'gone') continue;
      bodies.set(pagePath(kind, page), Buffer.from(pageHtml(s, page, `http://127.0.0.1:${port}`)));
    }
    servers.push(server);
    ports.push(port);
  }
  return { ports, servers };
}

async function main(): Promise<void> {
  const { ports, servers } = await serve(helperInput<SitesSettings>());
  serveUntilClosed({ ports }, () => {
    for (const server of servers) server.closeAllConnections();
  });
}

// The bench imports this module too (ledgerOf); only the process it spawns serves.
if (isPagesHelper() && process.argv[1]?.endsWith('backlinks-server.ts')) await main();
