import {
  AUTHORS,
  COMMENTERS,
  DISCLOSURES,
  GENERIC_ANCHORS,
  NICHE_CONTENT,
  type Niche,
} from './content-data.js';
import { hostOf, label, slug, type Site } from './portfolio.js';
import { siteContent, type PageKind } from './site-content.js';
import { Rng } from '../../../seed/random.js';
import type { LinkRow } from '../commands/website-scan.js';

export type { LinkRow };

interface DeadPage {
  path: string;
  anchor: string;
  status: number | null;
  error: (url: string) => string;
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
export function scanSite(site: Site, money: Site[], at: { broken301: boolean; loop: boolean }) {
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
    // A directory's category page shows the listings filed under it.
    if (p.kind === 'category')
      for (const l of pages)
        if (l.kind === 'listing' && l.category && p.path === `/category/${l.category}/`)
          links.internal(l.path, l.heading);
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
export function pageHtml(
  title: string,
  heading: string,
  notes: string[],
  links: LinkRow[],
  host: string,
): string {
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
