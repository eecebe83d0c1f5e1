import {
  ADMIN_ROLE,
  DEFAULT_CHECKER_KEYWORDS,
  IT_ROLE,
  type JobService,
  type KeywordPageResult,
} from '@sitefleet/shared';
import type { Queryable } from '../db/db.js';
import { checkKeywords } from '../integrations/html/keywords.js';
import type { CommandDef, JsonObject } from '../jobs/types.js';
import { allCommands } from '../services/commands.js';
import { raiseAlert } from '../services/nms/alerts.js';
import type { SeedContext } from './index.js';
import {
  AUTHORS,
  COMMENTERS,
  DISCLOSURES,
  GENERIC_ANCHORS,
  NICHE_CONTENT,
  NICHE_TAGS,
  POST_TITLES,
  RESOLVERS,
  WHOIS_SERVERS,
  type Niche,
} from './jobs-data.js';
import { DAY, Rng } from './random.js';

const HOUR = 3600;
/** Days back the console's runs (checkers, scans) go. */
const RUN_DAYS = 30;
/** Days back the daily schedules (domains:refresh, cron:prune) ran, every day; lower it for a shorter list. */
const SCHEDULE_DAYS = 30;
/** Weeks of search-index history per domain; the latest RUN_WEEKS of them come from seeded deindex runs. */
const INDEX_WEEKS = 8;
const RUN_WEEKS = 4;
const PROVIDER = 'serpapi';
/** Most domains per deindex run (a checker run pasted by hand). */
const DEINDEX_RUN_MAX = 40;
const SCANNED_SITES: Array<[string, number]> = [
  ['MONEY', 5],
  ['DIRECTORY', 4],
  ['LINK', 6],
];
const RECENT_SCANS = 5;
const ROWS_PER_INSERT = 2000;

type Output = { message: string } & JsonObject;

/** One unit of a seeded run, as a worker would have recorded it. */
interface Unit {
  key: string;
  input: JsonObject;
  output: Output;
  failed: boolean;
  attempts: number;
  /** Seconds one attempt takes. */
  seconds: number;
  finishedAt: number;
}

interface Run {
  id: number;
  def: CommandDef;
  args: JsonObject;
  trigger: 'console' | 'schedule';
  createdBy: number | null;
  start: number;
  units: Unit[];
}

interface Site {
  id: number;
  url: string;
  host: string;
  type: string;
  status: string;
  niche: Niche;
  name: string;
  domainId: number;
  domain: string;
  created: number;
  domainCreated: number;
}

interface DomainRow {
  id: number;
  name: string;
  source: string;
  refreshedAt: number;
  records: number;
}

type PageKind =
  'home' | 'money' | 'review' | 'post' | 'category' | 'listing' | 'static' | 'write' | 'advertise';

interface SitePage {
  path: string;
  heading: string;
  title: string;
  kind: PageKind;
  /** The site a directory listing is about. */
  listed?: { name: string; host: string };
}

interface LinkRow {
  backlink: string;
  target_host: string;
  anchor: string | null;
  rel: string[];
  internal: boolean;
  hits: number;
}

/** A page as the scanner recorded it. */
interface ScannedPage {
  site: Site;
  url: string;
  page: SitePage | null;
  status: number | null;
  error: string | null;
  links: LinkRow[];
  /** Paragraphs the keyword checker may find footprints in. */
  notes: string[];
  unit: Unit;
  run: Run | null;
}

interface DeadPage {
  path: string;
  anchor: string;
  status: number | null;
  error: (url: string) => string;
}

interface Check {
  indexed: boolean;
  count: number;
  samples: string[];
}

interface HistoryRow {
  domain_id: number;
  website_id: number;
  checked_at: number;
  indexed: boolean;
  result_count: number;
  sample_urls: string[];
  query: string;
  run: Run | null;
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
const label = (s: string) => s.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
/** The host of an https URL this seeder built. */
const hostOf = (url: string) => url.slice(url.indexOf('//') + 2).split('/')[0]!;

function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  return rng.some(items, items.length, items.length);
}

/** Times relative to now, in UTC like the schedules. */
class Clock {
  readonly midnight: number;
  constructor(readonly now: number) {
    this.midnight = Math.floor(now / DAY) * DAY;
  }
  at(daysAgo: number, hour: number, minute: number, second: number): number {
    return this.midnight - daysAgo * DAY + hour * HOUR + minute * 60 + second;
  }
  /** daysAgo, or the weekday before it when it falls on a weekend. */
  workday(daysAgo: number): number {
    let d = daysAgo;
    while ([0, 6].includes(new Date((this.midnight - d * DAY) * 1000).getUTCDay())) d++;
    return d;
  }
  /** A time during office hours on a weekday about daysAgo days ago. */
  office(rng: Rng, daysAgo: number, from = 8, to = 16): number {
    return this.at(this.workday(daysAgo), rng.int(from, to), rng.int(0, 59), rng.int(0, 59));
  }
}

function unit(
  key: string,
  output: Output,
  o: Partial<Omit<Unit, 'key' | 'output' | 'finishedAt'>> = {},
): Unit {
  return {
    key,
    output,
    input: o.input ?? {},
    failed: o.failed ?? false,
    attempts: o.attempts ?? 1,
    seconds: o.seconds ?? 1,
    finishedAt: 0,
  };
}

/**
 * Finishing times as the engine records them: each worker takes a batch of queued units in plan order and
 * records it at once when its slowest unit is done; a unit that threw comes back after the retry delay.
 * Answers when the last unit was recorded.
 */
function simulate(def: CommandDef, units: Unit[], from: number): number {
  const batchSize = def.batchSize ?? 20;
  const retry = { limit: 2, delay: 5, backoff: true, ...def.retry };
  const free = Array.from({ length: def.concurrency ?? 2 }, () => from);
  let queue = units.map((u) => ({ u, at: from, attempt: 1 }));
  let last = from;
  while (queue.length) {
    const worker = free.indexOf(Math.min(...free));
    const begin = Math.max(free[worker]!, Math.min(...queue.map((q) => q.at)));
    const batch = queue.filter((q) => q.at <= begin).slice(0, batchSize);
    queue = queue.filter((q) => !batch.includes(q));
    const end = begin + Math.max(...batch.map((q) => q.u.seconds)) + 0.2;
    for (const q of batch) {
      if (q.attempt < q.u.attempts) {
        const delay = retry.delay * (retry.backoff ? 2 ** (q.attempt - 1) : 1);
        queue.push({ u: q.u, at: end + delay, attempt: q.attempt + 1 });
      } else q.u.finishedAt = Math.round(end);
    }
    free[worker] = end;
    last = Math.max(last, end);
  }
  return Math.round(last);
}

class Runs {
  readonly list: Run[] = [];
  private readonly commands: CommandDef[];
  constructor(
    ctx: SeedContext,
    private readonly rng: Rng,
  ) {
    this.commands = allCommands(ctx.config);
  }
  def(service: JobService, name: string): CommandDef {
    const def = this.commands.find((c) => c.service === service && c.name === name);
    if (!def) throw new Error(`Demo seed: no command ${service}/${name}`);
    return def;
  }
  /** A finished run; phases run one after the other (a scan's pages come after its sitemap). */
  add(
    def: CommandDef,
    start: number,
    args: JsonObject,
    phases: Unit[][],
    by: { trigger: 'console' | 'schedule'; user?: number },
  ): Run {
    // A worker picks the first jobs up within a second of the run's start.
    let at = start + this.rng.next() * 0.8;
    for (const units of phases) at = simulate(def, units, at);
    const run: Run = {
      id: 0,
      def,
      args,
      trigger: by.trigger,
      createdBy: by.user ?? null,
      start,
      units: phases.flat(),
    };
    this.list.push(run);
    return run;
  }
  /** Attempts a unit that keeps throwing gets before it is recorded as failed. */
  attempts(def: CommandDef): number {
    return (def.retry?.limit ?? 2) + 1;
  }
}

async function loadPortfolio(tx: Queryable) {
  const sites = await tx.query<{
    id: number;
    url: string;
    hostname: string;
    type: string;
    status: string;
    friendly_name: string;
    created_at: number;
    domain_id: number;
    domain: string;
    domain_created: number;
    tags: string[];
  }>(
    `SELECT w.id, w.url, w.hostname, w.type, w.status, w.friendly_name, w.created_at, d.id AS domain_id,
       d.name AS domain, d.created_at AS domain_created,
       ARRAY(SELECT t.name FROM tags t WHERE t.id = ANY(w.tags) ORDER BY t.name) AS tags
     FROM websites w JOIN domains d ON d.id = w.domain_id ORDER BY w.id`,
  );
  const domains = await tx.query<{
    id: number;
    name: string;
    whois_source: string | null;
    whois_refreshed_at: number | null;
    records: number;
  }>(
    `SELECT d.id, d.name, d.whois_source, d.whois_refreshed_at,
       (SELECT count(*) FROM dns_records r WHERE r.domain_id = d.id)::int AS records
     FROM domains d ORDER BY d.id`,
  );
  const staff = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u
     WHERE EXISTS (SELECT 1 FROM roles r WHERE r.id = ANY(u.roles) AND r.name IN ($1, $2)) ORDER BY u.id`,
    [IT_ROLE, ADMIN_ROLE],
  );
  return {
    sites: sites.rows.map((r): Site => ({
      id: Number(r.id),
      url: r.url,
      host: r.hostname,
      type: r.type,
      status: r.status,
      niche:
        r.type === 'SERVICE' ? 'local' : (NICHE_TAGS.find(([tag]) => r.tags.includes(tag))?.[1] ?? 'casino'),
      name: r.friendly_name,
      domainId: Number(r.domain_id),
      domain: r.domain,
      created: Number(r.created_at),
      domainCreated: Number(r.domain_created),
    })),
    domains: domains.rows.map((r): DomainRow => ({
      id: Number(r.id),
      name: r.name,
      source: r.whois_source ?? 'rdap',
      refreshedAt: Number(r.whois_refreshed_at ?? 0),
      records: Number(r.records),
    })),
    staff: staff.rows.map((r) => Number(r.id)),
  };
}

/** The pages a site has, the same on every call (its own generator, seeded by its id). */
function siteContent(site: Site, money: Site[]): SitePage[] {
  const rng = new Rng(48271 * site.id + 11);
  const n = NICHE_CONTENT[site.niche];
  const pages: SitePage[] = [];
  const sep = site.type === 'LINK' ? '–' : '|';
  const add = (path: string, heading: string, kind: PageKind, listed?: SitePage['listed']) => {
    if (pages.some((p) => p.path === path)) return;
    const title = kind === 'home' ? heading : `${heading} ${sep} ${site.name}`;
    pages.push({ path, heading, title, kind, ...(listed ? { listed } : {}) });
  };
  const posts = shuffled(
    rng,
    n.topics.flatMap((t) => POST_TITLES.map((x) => x.replace('{t}', t))),
  );
  switch (site.type) {
    case 'MONEY': {
      const target = rng.int(20, 45);
      add('/', `${site.name} – ${n.tagline}`, 'home');
      for (const [path, title] of n.moneyPages) add(path, title, 'money');
      for (const b of n.brands) add(`/reviews/${slug(b)}-review/`, `${b} Review`, 'review');
      add('/about-us/', 'About Us', 'static');
      add('/contact/', 'Contact', 'static');
      add('/privacy-policy/', 'Privacy Policy', 'static');
      if (site.niche === 'casino' || site.niche === 'betting')
        add('/responsible-gambling/', 'Responsible Gambling', 'static');
      else add('/editorial-policy/', 'Editorial Policy', 'static');
      for (const title of posts) if (pages.length < target) add(`/guides/${slug(title)}/`, title, 'post');
      break;
    }
    case 'DIRECTORY': {
      const target = rng.int(15, 40);
      add('/', `${site.name} – ${n.label} Sites Directory`, 'home');
      for (const c of n.categories) add(`/category/${c}/`, `${label(c)} Directory`, 'category');
      add('/top-rated/', 'Top Rated', 'category');
      add('/new-listings/', 'New Listings', 'category');
      add('/submit-listing/', 'Submit a Listing', 'static');
      add('/advertise/', 'Advertise With Us', 'advertise');
      add('/about/', 'About', 'static');
      const listed = shuffled(rng, [
        ...money.filter((m) => m.niche === site.niche).map((m) => ({ name: m.name, host: m.host })),
        ...n.brands.map((b) => ({ name: b, host: `www.${slug(b).replace(/-/g, '')}.com` })),
      ]);
      for (const l of listed)
        if (pages.length < target) add(`/listing/${slug(l.name)}/`, l.name, 'listing', l);
      for (let p = 2; p <= 4; p++)
        for (const c of n.categories)
          if (pages.length < target)
            add(`/category/${c}/page/${p}/`, `${label(c)} Directory – Page ${p}`, 'category');
      break;
    }
    case 'LINK': {
      const target = rng.int(10, 30);
      add('/', `${site.name} – ${n.label} Blog`, 'home');
      for (const c of rng.some(n.categories, 3, 4)) add(`/category/${c}/`, label(c), 'category');
      add('/about/', 'About', 'static');
      add('/contact/', 'Contact', 'static');
      if (rng.chance(0.45)) add('/write-for-us/', 'Write for Us', 'write');
      for (const title of posts) if (pages.length < target) add(`/blog/${slug(title)}/`, title, 'post');
      break;
    }
    case 'SERVICE': {
      add('/', `${site.name} – ${n.tagline}`, 'home');
      for (const [path, title] of n.moneyPages) add(path, title, 'money');
      break;
    }
    default: {
      add('/', `${site.name} – ${n.label} News`, 'home');
      for (const title of posts.slice(0, 20)) add(`/blog/${slug(title)}/`, title, 'post');
    }
  }
  return pages;
}

/** Aggregates links as the scanner does: one row per target, hits counting repeats. */
class PageLinks {
  private readonly rows = new Map<string, LinkRow>();
  constructor(private readonly site: Site) {}
  internal(path: string, anchor: string, rel: string[] = []): void {
    this.add(`https://${this.site.host}${path}`, anchor, rel, true);
  }
  outbound(url: string, anchor: string, rel: string[]): void {
    this.add(url, anchor, rel, false);
  }
  private add(url: string, anchor: string, rel: string[], internal: boolean): void {
    const row = this.rows.get(url);
    if (row) {
      row.hits++;
      return;
    }
    this.rows.set(url, { backlink: url, target_host: hostOf(url), anchor, rel, internal, hits: 1 });
  }
  list(): LinkRow[] {
    return [...this.rows.values()];
  }
}

/** Where the network links to a money site: one of its money pages, or its home page. */
function moneyLink(rng: Rng, m: Site, niche: Niche): { url: string; anchor: string } {
  const n = NICHE_CONTENT[m.niche];
  const path = rng.chance(0.3) ? '/' : rng.pick(n.moneyPages)[0];
  const roll = rng.next();
  const anchors = NICHE_CONTENT[niche].anchors.length ? NICHE_CONTENT[niche].anchors : n.anchors;
  const anchor =
    roll < 0.45 ? rng.pick(anchors) : roll < 0.7 ? m.name : roll < 0.8 ? m.domain : rng.pick(GENERIC_ANCHORS);
  return { url: `https://${m.host}${path}`, anchor };
}

const FOLLOW: string[] = [];

/**
 * What a scan of the site found: its pages with their links (the link network: link and directory sites
 * point at the portfolio's money sites), a few pages that no longer answer, and the footprints on them.
 */
function scanSite(site: Site, money: Site[], at: { broken301: boolean; loop: boolean }) {
  const rng = new Rng(69621 * site.id + 7);
  const pages = siteContent(site, money);
  const n = NICHE_CONTENT[site.niche];
  const targets = money.filter((m) => m.niche === site.niche && m.id !== site.id);
  const pool = targets.length ? targets : money.filter((m) => m.id !== site.id);
  const handle = site.domain.split('.')[0]!.replace(/-/g, '');
  const path = (kind: PageKind) => pages.filter((p) => p.kind === kind).map((p) => p.path);
  // Pages that no longer answer, found through the links still pointing at them.
  const dead: DeadPage[] = [];
  const gone = (p: string, anchor: string) => {
    if (!dead.some((d) => d.path === p))
      dead.push({ path: p, anchor, status: 404, error: (url) => `${url} answered 404` });
  };
  for (let i = rng.int(0, 2); i > 0; i--) {
    if (site.type === 'MONEY') {
      const [p, a] = rng.pick([
        ['/promotions/', 'Promotions'],
        ['/newsletter/', 'Newsletter'],
        ['/guides/archive/', 'Guide archive'],
      ]);
      gone(p!, a!);
    } else if (site.type === 'DIRECTORY') {
      const brand = rng.pick(n.brands);
      gone(`/listing/${slug(brand)}-${rng.int(2, 9)}/`, brand);
    } else {
      const topic = rng.pick(n.topics);
      gone(`/blog/${slug(topic)}-${rng.pick(['update', 'old', 'draft'])}/`, topic);
    }
  }
  if (at.broken301)
    dead.push({ path: '/go/', anchor: 'Claim offer', status: 301, error: (url) => `${url} answered 301` });
  if (at.loop)
    dead.push({
      path: '/account/',
      anchor: 'My account',
      status: null,
      error: () => 'Stopped after 5 redirects',
    });

  const nav: Array<[string, string]> =
    site.type === 'MONEY'
      ? [
          ['/', 'Home'],
          ...n.moneyPages.slice(0, 3).map(([p, t]): [string, string] => [p, t]),
          ['/about-us/', 'About Us'],
        ]
      : site.type === 'DIRECTORY'
        ? [
            ['/', 'Home'],
            ...path('category')
              .slice(0, 3)
              .map((p): [string, string] => [p, label(p.split('/')[2]!)]),
            ['/submit-listing/', 'Submit a Listing'],
          ]
        : [
            ['/', 'Home'],
            ...path('category').map((p): [string, string] => [p, label(p.split('/')[2]!)]),
            ['/about/', 'About'],
          ];
  const footer: Array<[string, string]> = [
    ...pages.filter((p) => p.kind === 'static').slice(0, 2),
    ...pages.filter((p) => p.kind === 'write' || p.kind === 'advertise'),
  ].map((p) => [p.path, p.heading]);
  const sidebar = site.type === 'LINK' && rng.chance(0.3) ? rng.pick(pool) : null;
  const bodyPool = pages.filter((p) => p.kind !== 'home' && p.kind !== 'static');
  const linkDead = new Map(dead.map((d) => [d.path, 0]));

  const scanned = pages.map((p) => {
    const links = new PageLinks(site);
    const notes: string[] = [];
    for (const [to, a] of nav) links.internal(to, a);
    const body =
      p.kind === 'home'
        ? rng.int(4, 7)
        : p.kind === 'category'
          ? rng.int(3, 7)
          : p.kind === 'static'
            ? rng.int(0, 1)
            : rng.int(1, 3);
    for (const other of rng.some(bodyPool, body, body))
      if (other.path !== p.path) links.internal(other.path, other.heading);
    if (p.kind === 'post' || p.kind === 'listing' || p.kind === 'category') {
      for (const d of dead)
        if (linkDead.get(d.path)! < 2 && rng.chance(0.08)) {
          linkDead.set(d.path, linkDead.get(d.path)! + 1);
          links.internal(d.path, d.anchor);
        }
    }
    if (site.type === 'MONEY') {
      for (const [url, a] of n.footer) links.outbound(url, a, FOLLOW);
      links.outbound(`https://x.com/${handle}`, 'X', ['noopener']);
      if (p.kind === 'review') {
        const brand = p.heading.replace(/ Review$/, '');
        links.outbound(`https://www.${slug(brand).replace(/-/g, '')}.com/`, `Visit ${brand}`, [
          'nofollow',
          'sponsored',
        ]);
      }
      if (p.kind === 'post' && n.references.length && rng.chance(0.3)) {
        const [url, a] = rng.pick(n.references);
        links.outbound(url, a, rng.chance(0.5) ? FOLLOW : ['nofollow']);
      }
    } else if (site.type === 'LINK') {
      if (sidebar) links.outbound(`https://${sidebar.host}/`, sidebar.name, FOLLOW);
      if (p.kind === 'post') {
        const count = rng.chance(0.85) ? (rng.chance(0.18) ? 2 : 1) : 0;
        for (const m of rng.some(pool, count, count)) {
          const l = moneyLink(rng, m, site.niche);
          const roll = rng.next();
          const rel = roll < 0.75 ? FOLLOW : roll < 0.9 ? ['sponsored'] : ['nofollow'];
          links.outbound(l.url, l.anchor, rel);
          if (rng.chance(0.15)) links.outbound(l.url, l.anchor, rel);
          if (rel[0] === 'sponsored' && rng.chance(0.6)) notes.push(DISCLOSURES.sponsored);
        }
        if (n.references.length && rng.chance(0.4)) {
          const [url, a] = rng.pick(n.references);
          links.outbound(url, a, rng.chance(0.6) ? FOLLOW : ['nofollow']);
        }
        if (rng.chance(0.15)) {
          const [url, name] = rng.pick(COMMENTERS);
          links.outbound(url, name, ['nofollow', 'ugc']);
        }
        if (rng.chance(0.2)) notes.push(DISCLOSURES.guest.replace('{a}', rng.pick(AUTHORS)));
        if (rng.chance(0.05)) notes.push(DISCLOSURES.paid);
      }
      if (p.kind === 'write') notes.push(DISCLOSURES.write);
    } else if (site.type === 'DIRECTORY') {
      if (p.kind === 'listing' && p.listed) {
        const ours = money.some((m) => m.host === p.listed!.host);
        const roll = rng.next();
        const rel = ours
          ? roll < 0.5
            ? ['sponsored']
            : roll < 0.85
              ? FOLLOW
              : ['nofollow']
          : roll < 0.6
            ? ['nofollow']
            : ['nofollow', 'sponsored'];
        links.outbound(`https://${p.listed.host}/`, rng.chance(0.5) ? 'Visit website' : p.listed.name, rel);
        if (rel.includes('sponsored') && rng.chance(0.4)) notes.push(DISCLOSURES.partner);
        if (rng.chance(0.06)) notes.push(DISCLOSURES.advertorial);
      }
      if (p.kind === 'home' || p.kind === 'category') {
        const featured = rng.int(p.kind === 'home' ? 2 : 1, p.kind === 'home' ? 4 : 3);
        for (const m of rng.some(pool, featured, featured)) {
          const l = moneyLink(rng, m, site.niche);
          links.outbound(l.url, rng.chance(0.6) ? m.name : l.anchor, ['sponsored']);
        }
      }
      if (p.kind === 'advertise') notes.push(DISCLOSURES.advertise);
    }
    for (const [to, a] of footer) links.internal(to, a);
    return { page: p, links: links.list(), notes };
  });
  return { pages: scanned, dead };
}

/** The page as HTML: what the keyword checker reads (title, footprints, each link in its own list item). */
function pageHtml(title: string, heading: string, notes: string[], links: LinkRow[], host: string): string {
  const esc = (s: string) =>
    s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const items = (internal: boolean) =>
    links
      .filter((l) => l.internal === internal)
      .flatMap((l) => {
        const href = internal ? l.backlink.slice(`https://${host}`.length) : l.backlink;
        const rel = l.rel.length ? ` rel="${l.rel.join(' ')}"` : '';
        return Array.from(
          { length: l.hits },
          () => `<li><a href="${esc(href)}"${rel}>${esc(l.anchor ?? '')}</a></li>`,
        );
      })
      .join('');
  return (
    `<!doctype html><html><head><title>${esc(title)}</title></head><body><nav><ul>${items(true)}</ul></nav>` +
    `<main><h1>${esc(heading)}</h1>${notes.map((p) => `<p>${esc(p)}</p>`).join('')}<ul>${items(false)}</ul></main>` +
    '</body></html>'
  );
}

/** Seeds pages, links and the websites:scan runs of the scanned sites (the older scans' runs are pruned). */
function seedScans(rng: Rng, clock: Clock, runs: Runs, sites: Site[], staff: number[]) {
  const money = sites.filter((s) => s.type === 'MONEY');
  const def = runs.def('dms', 'websites:scan');
  const chosen: Site[] = [];
  for (const [type, count] of SCANNED_SITES) {
    const live = sites.filter((s) => s.type === type && s.status === 'LIVE');
    chosen.push(...rng.some(live, Math.min(count, live.length), Math.min(count, live.length)));
  }
  // Sites younger than the older scans were scanned recently whatever the draw.
  const recent = new Set(chosen.filter((s) => s.created > clock.now - 120 * DAY));
  for (const s of shuffled(rng, chosen)) if (recent.size < RECENT_SCANS) recent.add(s);
  let scans = 0;
  const out: ScannedPage[] = [];
  // One money site has a redirect without a target, one directory a redirect loop.
  const odd301 = chosen.find((s) => s.type === 'MONEY');
  const oddLoop = chosen.find((s) => s.type === 'DIRECTORY');
  for (const site of chosen) {
    const scan = scanSite(site, money, { broken301: site === odd301, loop: site === oddLoop });
    const origin = `https://${site.host}`;
    const pageUnits: ScannedPage[] = scan.pages.map(({ page, links, notes }) => {
      const url = `${origin}${page.path}`;
      const internal = links.filter((l) => l.internal).length;
      return {
        site,
        url,
        page,
        status: 200,
        error: null,
        links,
        notes,
        run: null,
        unit: unit(
          url,
          {
            message: `200 ${page.title}: ${internal} internal, ${links.length - internal} outbound links`,
            url,
            status: 200,
          },
          { seconds: 0.3 + rng.next() * 1.6, attempts: rng.chance(0.03) ? 2 : 1 },
        ),
      };
    });
    for (const d of scan.dead) {
      const url = `${origin}${d.path}`;
      pageUnits.push({
        site,
        url,
        page: null,
        status: d.status,
        error: d.error(url),
        links: [],
        notes: [],
        run: null,
        unit: unit(url, { message: d.error(url), url }, { failed: true, seconds: 0.2 + rng.next() }),
      });
    }
    const listed = pageUnits.filter((p) => p.status === 200).length;
    const sitemaps =
      site.type === 'MONEY'
        ? ['sitemap_index.xml', 'page-sitemap.xml', 'post-sitemap.xml']
        : site.type === 'DIRECTORY'
          ? ['sitemap.xml', 'sitemap-listings.xml']
          : ['sitemap.xml'];
    const sitemap = unit(
      'sitemap',
      {
        message: `Sitemap: ${listed} pages listed in ${sitemaps.length} sitemap${sitemaps.length > 1 ? 's' : ''}`,
        sitemaps: sitemaps.map((s) => `${origin}/${s}`),
      },
      { seconds: 1.5 + rng.next() * 2 },
    );
    const args = { website_id: site.id, max_pages: 200, url: site.url };
    if (recent.has(site)) {
      const start = clock.office(rng, 2 + Math.round((scans++ * (RUN_DAYS - 5)) / recent.size), 9, 17);
      const run = runs.add(
        def,
        start,
        args,
        [[sitemap, pageUnits[0]!.unit], pageUnits.slice(1).map((p) => p.unit)],
        {
          trigger: 'console',
          user: rng.pick(staff),
        },
      );
      for (const p of pageUnits) p.run = run;
    } else {
      // An older scan, its run long pruned: only the pages remain.
      const age = Math.floor((clock.now - site.created) / DAY);
      const start = clock.office(rng, rng.int(95, Math.max(96, Math.min(200, age - 5))));
      const listedAt = simulate(def, [sitemap, pageUnits[0]!.unit], start + 1);
      simulate(
        def,
        pageUnits.slice(1).map((p) => p.unit),
        listedAt,
      );
    }
    out.push(...pageUnits);
  }
  return out;
}

/** Search-index results of a site over the weeks (index 0 = this week), a deindexed one falling to nothing. */
function indexChecks(rng: Rng, site: Site, paths: string[], deindexedAt: number | null): Check[] {
  const base =
    site.type === 'MONEY'
      ? rng.int(400, 4800)
      : site.type === 'DIRECTORY'
        ? rng.int(150, 2600)
        : site.type === 'LINK'
          ? rng.int(25, 420)
          : site.type === 'SERVICE'
            ? rng.int(12, 90)
            : rng.int(2000, 30000);
  const scale = site.status === 'LIVE' ? 1 : site.status === 'DELETED' ? 0.3 : 0.15;
  const sudden = rng.chance(0.5);
  return Array.from({ length: INDEX_WEEKS }, (_, week): Check => {
    if (deindexedAt !== null && week <= deindexedAt) return { indexed: false, count: 0, samples: [] };
    const fading = deindexedAt !== null && !sudden ? Math.min(1, 0.3 * (week - deindexedAt)) : 1;
    const count = Math.max(
      1,
      Math.round(base * scale * fading * (1 + 0.015 * (4 - week)) * (0.88 + rng.next() * 0.24)),
    );
    const urls = [`https://${site.host}/`, ...rng.some(paths, 4, 4).map((p) => `https://${site.host}${p}`)];
    return { indexed: true, count, samples: urls.slice(0, Math.min(5, count)) };
  });
}

const deindexOutput = (domain: string, c: Check): Output => ({
  message: `${domain}: ${c.indexed ? `indexed (${c.count.toLocaleString('en')} results)` : 'NOT indexed'}`,
  domain,
  indexed: c.indexed,
  result_count: c.count,
  sample_urls: c.samples,
  query: `site:${domain}`,
});

const SERP_FAILURES = [
  'SerpApi failed (HTTP 503)',
  'SerpApi request failed: serpapi.com did not answer within 25000 ms',
  'SerpApi is rate limiting this account, or it is out of searches (HTTP 429)',
];

/**
 * Weekly backlinks:deindex-check runs (money-side and network-side domains apart, at most 40 per run), an
 * ad-hoc re-check of the deindexed ones, and the indexed history they wrote; older weeks' history only.
 */
function seedIndexChecks(
  rng: Rng,
  clock: Clock,
  runs: Runs,
  sites: Site[],
  staff: number[],
  scanned: ScannedPage[],
) {
  const def = runs.def('dms', 'backlinks:deindex-check');
  const network = sites.filter((s) => s.type === 'LINK' || s.type === 'DIRECTORY');
  const candidates = network.filter((s) => s.status === 'LIVE');
  const count = Math.min(rng.int(3, 5), candidates.length);
  const turnWeeks = [1, 3, 0, 2, 1];
  const deindexed = new Map(rng.some(candidates, count, count).map((s, i) => [s.id, turnWeeks[i]!]));
  const money = sites.filter((s) => s.type === 'MONEY');
  const checks = new Map(
    sites.map((s) => {
      const own = scanned
        .filter(
          (p) =>
            p.site.id === s.id &&
            p.status === 200 &&
            p.page !== null &&
            p.page.kind !== 'home' &&
            p.page.kind !== 'static',
        )
        .map((p) => p.page!.path);
      const paths = own.length
        ? own
        : siteContent(s, money)
            .filter((p) => p.kind !== 'home' && p.kind !== 'static')
            .map((p) => p.path);
      return [s.id, indexChecks(rng, s, paths, deindexed.get(s.id) ?? null)];
    }),
  );
  const history: HistoryRow[] = [];
  const record = (s: Site, c: Check, at: number, run: Run | null) => {
    if (at <= s.domainCreated) return;
    history.push({
      domain_id: s.domainId,
      website_id: s.id,
      checked_at: at,
      indexed: c.indexed,
      result_count: c.count,
      sample_urls: c.samples,
      query: `site:${s.domain}`,
      run,
    });
  };
  const groups = [sites.filter((s) => !network.includes(s)), network];
  const turns: Array<{ site: Site; run: Run; at: number }> = [];
  let recheck: { day: number; after: number } | null = null;
  for (let week = 0; week < INDEX_WEEKS; week++) {
    const day = clock.workday(2 + 7 * week);
    for (const [g, group] of groups.entries()) {
      for (let part = 0; part * DEINDEX_RUN_MAX < group.length; part++) {
        const batch = group.slice(part * DEINDEX_RUN_MAX, (part + 1) * DEINDEX_RUN_MAX);
        const start = clock.at(day, g === 0 ? 9 : 14, rng.int(0, 40) + part * 10, rng.int(0, 59));
        if (week >= RUN_WEEKS) {
          // Before the seeded runs: the history stays, the runs were pruned.
          batch.forEach((s, i) => record(s, checks.get(s.id)![week]!, start + 4 + i * rng.int(2, 5), null));
          continue;
        }
        const failing = new Set(
          rng.chance(0.35)
            ? rng
                .some(
                  batch.filter((s) => deindexed.get(s.id) !== week),
                  1,
                  2,
                )
                .map((s) => s.id)
            : [],
        );
        const units = batch.map((s) => {
          const c = checks.get(s.id)![week]!;
          if (failing.has(s.id))
            return unit(
              s.domain,
              { message: rng.pick(SERP_FAILURES) },
              { failed: true, attempts: runs.attempts(def), seconds: 3 + rng.next() * 20 },
            );
          return unit(s.domain, deindexOutput(s.domain, c), {
            seconds: c.indexed ? 2 + rng.next() * 3 : 5 + rng.next() * 5,
          });
        });
        const run = runs.add(def, start, { domains: batch.map((s) => s.domain) }, [units], {
          trigger: 'console',
          user: rng.pick(staff),
        });
        for (const [i, s] of batch.entries()) {
          const u = units[i]!;
          if (u.failed) continue;
          record(s, checks.get(s.id)![week]!, u.finishedAt, run);
          if (deindexed.get(s.id) === week) turns.push({ site: s, run, at: u.finishedAt });
        }
        if (g === 1 && week === 1) recheck = { day, after: Math.max(...units.map((u) => u.finishedAt)) };
      }
    }
  }
  if (recheck) {
    // Someone re-checked the deindexed domains (and a few money sites) the afternoon the alert came in.
    const stillOut = network.filter((s) => (deindexed.get(s.id) ?? -1) >= 1);
    const picked = [...stillOut, ...rng.some(money, 3, 3)];
    const start = Math.max(recheck.after + 600, clock.at(recheck.day, 16, rng.int(0, 50), rng.int(0, 59)));
    const jitter = (c: Check): Check =>
      c.indexed ? { ...c, count: Math.max(1, Math.round(c.count * (0.95 + rng.next() * 0.1))) } : c;
    const results = picked.map((s) => jitter(checks.get(s.id)![1]!));
    const units = picked.map((s, i) =>
      unit(s.domain, deindexOutput(s.domain, results[i]!), { seconds: 2 + rng.next() * 6 }),
    );
    const run = runs.add(def, start, { domains: picked.map((s) => s.domain) }, [units], {
      trigger: 'console',
      user: rng.pick(staff),
    });
    picked.forEach((s, i) => record(s, results[i]!, units[i]!.finishedAt, run));
  }
  return { history, turns };
}

/** backlinks:keyword-check runs over pages of the link and directory sites, as the checker reports them. */
function seedKeywordChecks(rng: Rng, clock: Clock, runs: Runs, staff: number[], scanned: ScannedPage[]) {
  const def = runs.def('dms', 'backlinks:keyword-check');
  const where = { text: 'text', link: 'link text', attribute: 'attributes' } as const;
  const network = [...new Set(scanned.filter((p) => p.site.type !== 'MONEY').map((p) => p.site))];
  const writers = network.filter((s) => scanned.some((p) => p.site === s && p.page?.kind === 'write'));
  const lists: string[][] = [
    [...DEFAULT_CHECKER_KEYWORDS],
    [...DEFAULT_CHECKER_KEYWORDS],
    ['sponsored', 'guest post', 'write for us', 'partner content'],
    [...DEFAULT_CHECKER_KEYWORDS],
  ];
  for (const [i, keywords] of lists.entries()) {
    // The first sweep is over a blog that asks for guest posts, its "Write for us" page included.
    const sitesOf = i === 0 && writers.length ? [rng.pick(writers)] : rng.some(network, 1, 2);
    const own = scanned.filter((p) => sitesOf.includes(p.site));
    const ok = own.filter((p) => p.status === 200 && p.page?.kind !== 'static');
    const size = Math.min(ok.length, rng.int(6, 16));
    const sample = rng.some(ok, size, size);
    const pages = [
      ...sample,
      ...own.filter((p) => p.page?.kind === 'write' && !sample.includes(p)),
      ...(rng.chance(0.5)
        ? rng.some(
            own.filter((p) => p.status === 404),
            1,
            1,
          )
        : []),
    ];
    const flaky = rng.chance(0.25) ? rng.pick(ok) : null;
    const units = pages.map((p) => {
      if (p.status !== 200)
        return unit(
          p.url,
          { message: p.error ?? `${p.url} answered ${p.status}`, url: p.url },
          { failed: true, seconds: 0.4 },
        );
      if (p === flaky)
        return unit(
          p.url,
          { message: `${p.url} answered 503` },
          { failed: true, attempts: runs.attempts(def), seconds: 0.6 },
        );
      const report = checkKeywords(
        pageHtml(p.page!.title, p.page!.heading, p.notes, p.links, p.site.host),
        keywords,
      );
      const result: KeywordPageResult = {
        message: report.found.length
          ? `${report.found.length} of ${keywords.length} keywords found: ${report.found
              .map((f) => `${f.keyword} (${f.where.map((w) => where[w]).join(', ')})`)
              .join('; ')}`
          : 'No keywords found',
        url: p.url,
        final_url: p.url,
        status: 200,
        found: report.found,
        missing: report.missing,
      };
      return unit(p.url, result as unknown as Output, { seconds: 0.3 + rng.next() * 1.5 });
    });
    const start = clock.office(rng, 4 + i * 7 + rng.int(0, 2));
    runs.add(def, start, { keywords, pages: pages.map((p) => p.url) }, [units], {
      trigger: 'console',
      user: rng.pick(staff),
    });
  }
}

/** Daily domains:refresh runs: the domains read longest ago first; a few lookups time out. */
function seedRefreshes(rng: Rng, clock: Clock, runs: Runs, domains: DomainRow[]) {
  const def = runs.def('dms', 'domains:refresh');
  const last = new Map(domains.map((d) => [d.id, d.refreshedAt - SCHEDULE_DAYS * DAY]));
  const read = new Map<number, { whois: number | null; dns: number | null }>();
  const whoisServer = (name: string) => WHOIS_SERVERS[name.split('.').at(-1)!] ?? 'whois.nic.io';
  const dnsFailure = (name: string) =>
    rng.chance(0.5)
      ? `DNS: ${rng.pick(RESOLVERS)} failed to resolve ${name} ${rng.pick(['A', 'MX', 'TXT', 'CAA'])}`
      : `DNS: No UDP answer from ${rng.pick(RESOLVERS)} within 2000 ms`;
  const whoisFailure = (name: string) =>
    rng.chance(0.7)
      ? `WHOIS: ${whoisServer(name)} did not answer within 10000 ms`
      : `WHOIS: ${whoisServer(name)} is rate limiting WHOIS queries`;
  for (let day = SCHEDULE_DAYS - 1; day >= 0; day--) {
    const start = clock.at(day, 3, 30, rng.int(1, 40));
    if (start + 900 > clock.now) continue;
    const due = [...domains]
      .sort((a, b) => last.get(a.id)! - last.get(b.id)! || a.id - b.id)
      .slice(0, rng.chance(0.15) ? rng.int(40, 60) : rng.int(20, 35));
    const failing = new Set(rng.chance(0.25) ? rng.some(due, 1, 2).map((d) => d.id) : []);
    const units = due.map((d) => {
      const records = d.records || 2 + (d.id % 4);
      const reg = `registration data read (${d.source.toUpperCase()})`;
      if (failing.has(d.id))
        return unit(
          d.name,
          { message: `${whoisFailure(d.name)}; ${dnsFailure(d.name)}` },
          {
            input: { id: d.id },
            failed: true,
            attempts: runs.attempts(def),
            seconds: 10 + rng.next() * 2,
          },
        );
      const roll = rng.next();
      const parts =
        roll < 0.04
          ? [reg, dnsFailure(d.name)]
          : roll < 0.07
            ? [`${records} DNS records read`, whoisFailure(d.name)]
            : [reg, `${records} DNS records read`];
      return unit(
        d.name,
        { message: `${d.name}: ${parts.join('; ')}` },
        { input: { id: d.id }, seconds: 0.8 + rng.next() * 3 },
      );
    });
    runs.add(def, start, { older_than_days: 7, limit: 500 }, [units], { trigger: 'schedule' });
    for (const [i, d] of due.entries()) {
      const u = units[i]!;
      if (u.failed) continue;
      const whois = !u.output.message.includes('; WHOIS:') ? u.finishedAt : null;
      const dns = !u.output.message.includes('; DNS:') ? u.finishedAt : null;
      last.set(d.id, u.finishedAt);
      const prev = read.get(d.id);
      read.set(d.id, { whois: whois ?? prev?.whois ?? null, dns: dns ?? prev?.dns ?? null });
    }
  }
  return read;
}

/**
 * cron:prune every day in each service, monitors:prune every day, and the hourly sign-in throttle purge of the
 * last two days.
 */
function seedMaintenance(rng: Rng, clock: Clock, runs: Runs) {
  const pruned: Record<JobService, [number, number]> = { dms: [2, 4], umms: [24, 26], analytics: [0, 1] };
  for (const service of Object.keys(pruned) as JobService[]) {
    const def = runs.def(service, 'cron:prune');
    for (let day = SCHEDULE_DAYS - 1; day >= 0; day--) {
      const start = clock.at(day, 4, 15, rng.int(1, 40));
      if (start + 60 > clock.now) continue;
      const [min, max] = pruned[service];
      const u = unit(
        'prune',
        { message: `Deleted ${rng.int(min, max)} runs older than 90 days` },
        { seconds: 0.1 + rng.next() * 0.5 },
      );
      runs.add(def, start, { days: 90 }, [[u]], { trigger: 'schedule' });
    }
  }
  // The monitors' history here is weeks old: nothing is past the year and more that monitors:prune keeps.
  const monitorsPrune = runs.def('umms', 'monitors:prune');
  for (let day = SCHEDULE_DAYS - 1; day >= 0; day--) {
    const start = clock.at(day, 4, 25, rng.int(1, 40));
    if (start + 60 > clock.now) continue;
    const u = unit(
      'prune',
      { message: 'Deleted 0 status changes older than 400 days, with their alerts' },
      { seconds: 0.05 + rng.next() * 0.2 },
    );
    runs.add(monitorsPrune, start, { days: 400 }, [[u]], { trigger: 'schedule' });
  }
  const purge = runs.def('umms', 'auth:purge-sign-in-attempts');
  const hour = Math.floor(clock.now / HOUR) * HOUR;
  for (let h = 48; h >= 0; h--) {
    const start = hour - h * HOUR + 5 * 60 + rng.int(1, 30);
    if (start + 60 > clock.now) continue;
    const purged = rng.chance(0.08) ? rng.int(12, 40) : rng.int(0, 3);
    const u = unit(
      'purge',
      { message: `Deleted ${purged} expired sign-in attempt records` },
      { seconds: 0.1 },
    );
    runs.add(purge, start, {}, [[u]], { trigger: 'schedule' });
  }
}

/** Inserts rows through jsonb_to_recordset, a chunk at a time. */
async function insertRows(tx: Queryable, sql: string, rows: object[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await tx.query(sql, [JSON.stringify(rows.slice(i, i + ROWS_PER_INSERT))]);
  }
}

/** The runs and their units, counters as the engine leaves a finished run; ids in order of start. */
async function insertRuns(tx: Queryable, runs: Run[]): Promise<void> {
  runs.sort((a, b) => a.start - b.start);
  const ids = await tx.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence('cron_runs', 'id')) AS id FROM generate_series(1, $1::int)`,
    [runs.length],
  );
  const sorted = ids.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  runs.forEach((r, i) => (r.id = sorted[i]!));
  await insertRows(
    tx,
    `INSERT INTO cron_runs (id, service, command, description, arguments, trigger, created_by, status, start_time,
       end_time, total_time, job_count, done_jobs, remaining_jobs, success_count, failed_count, output, created_at, updated_at)
     SELECT r.id, r.service, r.command, r.description, r.arguments, r.trigger, r.created_by, r.status, r.start_time,
       r.end_time, r.end_time - r.start_time, r.job_count, r.job_count, 0, r.job_count - r.failed_count, r.failed_count,
       r.output, r.start_time, r.end_time
     FROM jsonb_to_recordset($1::jsonb) AS r(id bigint, service text, command text, description text, arguments jsonb,
       trigger text, created_by bigint, status text, start_time bigint, end_time bigint, job_count integer,
       failed_count integer, output jsonb)`,
    runs.map((r) => {
      const failed = r.units.filter((u) => u.failed).length;
      const counts = { success: r.units.length - failed, failed };
      return {
        id: r.id,
        service: r.def.service,
        command: r.def.name,
        description: r.def.description,
        arguments: r.args,
        trigger: r.trigger,
        created_by: r.createdBy,
        status: failed ? 'failed' : 'completed',
        start_time: r.start,
        end_time: Math.max(r.start, ...r.units.map((u) => u.finishedAt)),
        job_count: r.units.length,
        failed_count: failed,
        output: {
          message:
            r.def.summarize?.(counts, r.args) ?? `${counts.success} succeeded, ${counts.failed} failed`,
        },
      };
    }),
  );
  await insertRows(
    tx,
    `INSERT INTO cron_run_jobs (run_id, key, input, state, output, attempts, finished_at, created_at)
     SELECT j.run_id, j.key, j.input, j.state, j.output, j.attempts, j.finished_at, j.created_at
     FROM jsonb_to_recordset($1::jsonb) AS j(run_id bigint, key text, input jsonb, state text, output jsonb,
       attempts integer, finished_at bigint, created_at bigint)`,
    runs.flatMap((r) =>
      r.units.map((u) => ({
        run_id: r.id,
        key: u.key,
        input: u.input,
        state: u.failed ? 'failed' : 'done',
        output: u.output,
        attempts: u.attempts,
        finished_at: u.finishedAt,
        created_at: r.start,
      })),
    ),
  );
}

/**
 * Demo jobs data (first run): finished runs of every service's commands with their units, the weekly
 * search-index history of the portfolio's domains (a few network domains turned deindexed and raised an
 * alert), and the pages and links of fifteen scanned websites: the link network. Dated relative to now.
 */
export async function seedJobs(tx: Queryable, ctx: SeedContext): Promise<void> {
  const rng = new Rng(20261205);
  const clock = new Clock(Number((await tx.query<{ t: number }>('SELECT epoch_now() AS t')).rows[0]!.t));
  const { sites, domains, staff } = await loadPortfolio(tx);
  const runs = new Runs(ctx, rng);

  const scanned = seedScans(rng, clock, runs, sites, staff);
  const { history, turns } = seedIndexChecks(rng, clock, runs, sites, staff, scanned);
  seedKeywordChecks(rng, clock, runs, staff, scanned);
  const refreshed = seedRefreshes(rng, clock, runs, domains);
  seedMaintenance(rng, clock, runs);
  await insertRuns(tx, runs.list);

  await insertRows(
    tx,
    `INSERT INTO indexed_history (domain_id, website_id, checked_at, indexed, result_count, provider, query, sample_urls,
       cron_run_id, created_at, updated_at)
     SELECT h.domain_id, h.website_id, h.checked_at, h.indexed, h.result_count, '${PROVIDER}', h.query, h.sample_urls,
       h.cron_run_id, h.checked_at, h.checked_at
     FROM jsonb_to_recordset($1::jsonb) AS h(domain_id bigint, website_id bigint, checked_at bigint, indexed boolean,
       result_count integer, query text, sample_urls text[], cron_run_id bigint)`,
    history.map(({ run, ...h }) => ({ ...h, cron_run_id: run?.id ?? null })),
  );
  await insertRows(
    tx,
    `INSERT INTO website_pages (website_id, url, status, title, internal_links, outbound_links, error, scanned_at,
       cron_run_id, created_at, updated_at)
     SELECT p.website_id, p.url, p.status, p.title, p.internal_links, p.outbound_links, p.error, p.scanned_at,
       p.cron_run_id, p.scanned_at, p.scanned_at
     FROM jsonb_to_recordset($1::jsonb) AS p(website_id bigint, url text, status integer, title text,
       internal_links integer, outbound_links integer, error text, scanned_at bigint, cron_run_id bigint)`,
    scanned.map((p) => {
      const internal = p.links.filter((l) => l.internal).length;
      return {
        website_id: p.site.id,
        url: p.url,
        status: p.status,
        title: p.page?.title ?? null,
        internal_links: internal,
        outbound_links: p.links.length - internal,
        error: p.error,
        scanned_at: p.unit.finishedAt,
        cron_run_id: p.run?.id ?? null,
      };
    }),
  );
  await insertRows(
    tx,
    `INSERT INTO website_links (website_id, page, backlink, target_host, anchor, rel, internal, hits, scanned_at,
       created_at, updated_at)
     SELECT l.website_id, l.page, l.backlink, l.target_host, l.anchor, l.rel, l.internal, l.hits, l.scanned_at,
       l.scanned_at, l.scanned_at
     FROM jsonb_to_recordset($1::jsonb) AS l(website_id bigint, page text, backlink text, target_host text,
       anchor text, rel text[], internal boolean, hits integer, scanned_at bigint)`,
    scanned.flatMap((p) =>
      p.links.map((l) => ({ ...l, website_id: p.site.id, page: p.url, scanned_at: p.unit.finishedAt })),
    ),
  );

  // Domains that turned deindexed: flagged, and alerted once, as the deindex check does.
  for (const { site, run, at } of turns) {
    await tx.query(
      'UPDATE domains SET deindexed = true, updated_at = $2, version = version + 1 WHERE id = $1',
      [site.domainId, at],
    );
    const query = `site:${site.domain}`;
    const id = await raiseAlert(tx, {
      websiteId: site.id,
      title: `${site.domain} is no longer indexed`,
      message: `<p>A <code>${query}</code> search on ${PROVIDER} found no pages of <strong>${site.domain}</strong>. The domain is marked deindexed.</p>`,
      importance: 'high',
      link: `#/dms/api/v1/domains/${site.domainId}/show`,
      data: { domain: site.domain, cron_run_id: run.id, provider: PROVIDER },
      key: `domain:${site.domainId}:deindexed`,
    });
    if (id !== null)
      await tx.query('UPDATE notifications SET created_at = $2, updated_at = $2 WHERE id = $1', [id, at]);
  }
  // What the refresh runs read is what the domains show as last read.
  await tx.query(
    `UPDATE domains d SET whois_refreshed_at = GREATEST(d.whois_refreshed_at, v.whois),
       dns_refreshed_at = GREATEST(d.dns_refreshed_at, v.dns), updated_at = GREATEST(d.updated_at, v.whois, v.dns)
     FROM jsonb_to_recordset($1::jsonb) AS v(id bigint, whois bigint, dns bigint) WHERE d.id = v.id`,
    [JSON.stringify([...refreshed].map(([id, r]) => ({ id, ...r })))],
  );
}
