import type { SeedWriter } from '../../../core/seed.js';
import { DAY, type Rng } from '../../../seed/random.js';
import { NICHE_CONTENT, POST_TITLES } from './content-data.js';
import { slug, type Site } from './portfolio.js';
import { LOCAL_REFERENCES, LOCAL_TOPICS, MEDIA, PAGE_TITLES, SENTENCES } from './wordpress-data.js';
import type { FleetSite } from './wordpress.js';

type Row = Record<string, unknown>;

interface Item {
  title: string;
  type: 'post' | 'page' | 'attachment';
  status: string;
  path: string;
  content: string | null;
  published: number | null;
  modified: number;
}

/** Words as the companion counts them: tags dropped, runs between spaces holding a letter or digit. */
export function wordCount(html: string): number {
  const text = html.replace(/<\/?[a-z][^>]*>/gi, ' ');
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Links to another host than the site's own, as the companion counts them. */
export function outboundLinks(html: string, ownHost: string): number {
  let n = 0;
  for (const m of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/gi)) {
    const href = m[1]!;
    if (!/^https?:\/\//i.test(href)) continue;
    if (new URL(href).hostname.toLowerCase() !== ownHost.toLowerCase()) n++;
  }
  return n;
}

const link = (href: string, text: string) => `<a href="${href}">${text}</a>`;

/** A post body: a heading and a few paragraphs, with links to the niche's references and money pages. */
function body(rng: Rng, f: FleetSite, topic: string, heading: string, money: Site[]): string {
  const niche = NICHE_CONTENT[f.site.niche];
  const brands = niche.brands.length ? niche.brands : [f.site.name];
  const refs = niche.references.length ? niche.references : LOCAL_REFERENCES;
  const fill = (s: string) =>
    s
      .replace('{t}', topic.toLowerCase())
      .replace('{l}', niche.label.toLowerCase())
      .replace('{b}', rng.pick(brands))
      .replace('{y}', String(rng.pick([2024, 2025, 2026])));
  // Each sentence at most once per post.
  const sentences = rng.sample(SENTENCES, SENTENCES.length).map(fill);
  const paragraphs = Array.from({ length: rng.int(3, 5) }, () => sentences.splice(0, rng.int(2, 4)));
  const [refUrl, refText] = rng.pick(refs);
  const p1 = paragraphs[0]!;
  p1.push(`See ${link(refUrl, refText)} for the background.`);
  const p2 = paragraphs[1]!;
  if (f.site.type === 'MONEY' && rng.chance(0.7)) {
    const [path, title] = rng.pick(niche.moneyPages);
    p2.push(`Our ${link(`${f.url}${path.slice(1)}`, title.toLowerCase())} page lists the current offers.`);
  }
  // Network sites point at the portfolio's money sites of their niche.
  const targets = money.filter((m) => m.niche === f.site.niche && m.id !== f.site.id);
  if (f.site.type !== 'MONEY' && targets.length && niche.anchors.length && rng.chance(0.8)) {
    const target = rng.pick(targets);
    const [path] = rng.pick(niche.moneyPages);
    paragraphs[paragraphs.length - 1]!.push(
      `Readers who want to compare can start with ${link(`${target.url}${path}`, rng.pick(niche.anchors))}.`,
    );
  }
  if (rng.chance(0.3)) {
    const [url, text] = rng.pick(refs);
    paragraphs[2]!.push(`${link(url, text)} keeps an up-to-date overview as well.`);
  }
  return [`<h2>${heading}</h2>`, ...paragraphs.map((p) => `<p>${p.join(' ')}</p>`)].join('\n');
}

/** Post titles of the site's niche, distinct, as many as asked. */
function titles(rng: Rng, f: FleetSite, n: number): Array<[string, string, string]> {
  const niche = NICHE_CONTENT[f.site.niche];
  const topics = f.site.niche === 'local' ? LOCAL_TOPICS : niche.topics;
  const pool: Array<[string, string, string]> = [];
  for (const t of topics) {
    for (const tpl of POST_TITLES) pool.push([tpl.replace('{t}', t), t, `${t} at a glance`]);
  }
  for (const b of niche.brands) {
    pool.push(
      [`${b} Review`, rng.pick(topics), 'Our verdict'],
      [`Is ${b} Legit?`, rng.pick(topics), 'Short answer'],
    );
    for (const other of niche.brands) {
      if (other !== b) pool.push([`${b} vs ${other}`, rng.pick(topics), `${b} or ${other}?`]);
    }
  }
  const picked = rng.sample(pool, pool.length);
  const out: Array<[string, string, string]> = [];
  for (let i = 0; out.length < n; i++) {
    const [title, topic, heading] = picked[i % picked.length]!;
    const round = Math.floor(i / picked.length);
    out.push([round ? `${title} (${2024 + round})` : title, topic, heading]);
  }
  return out;
}

function pageTitles(rng: Rng, f: FleetSite): Array<[string, string]> {
  const niche = NICHE_CONTENT[f.site.niche];
  const own = PAGE_TITLES.slice(0, rng.int(3, PAGE_TITLES.length)).map((t): [string, string] => [
    `/${slug(t)}/`,
    t,
  ]);
  const count = { MONEY: [4, 7], DIRECTORY: [2, 3], SERVICE: [3, 5], LINK: [0, 1] }[f.site.type] ?? [0, 1];
  const money = rng.some(niche.moneyPages, count[0]!, count[1]!);
  const all = [...own, ...money];
  return all.filter(([path], i) => all.findIndex(([p]) => p === path) === i);
}

function statusOf(rng: Rng, type: 'post' | 'page'): string {
  const r = rng.next();
  if (type === 'page') return r < 0.94 ? 'publish' : 'draft';
  return r < 0.87 ? 'publish' : r < 0.93 ? 'draft' : r < 0.96 ? 'future' : r < 0.98 ? 'pending' : 'private';
}

/** Posts, pages and media of one site, oldest first. */
function itemsOf(rng: Rng, f: FleetSite, money: Site[], t: number): Item[] {
  const start = Math.max(f.site.created, t - 730 * DAY);
  const span = Math.max(DAY, f.syncedAt - start);
  const when = () => start + rng.int(0, span);
  const items: Item[] = [];
  const add = (type: 'post' | 'page', title: string, path: string, topic: string, heading: string) => {
    const status = statusOf(rng, type);
    const date = status === 'future' ? f.syncedAt + rng.int(1, 21) * DAY : when();
    const edited = rng.chance(0.4) ? date + Math.floor((f.syncedAt - date) * rng.next()) : date;
    items.push({
      title,
      type,
      status,
      path,
      content: body(rng, f, topic, heading, money),
      published: status === 'draft' || status === 'pending' ? null : date,
      modified: status === 'future' ? f.syncedAt - rng.int(0, 5) * DAY : edited,
    });
  };
  const topics = f.site.niche === 'local' ? LOCAL_TOPICS : NICHE_CONTENT[f.site.niche].topics;
  for (const [path, title] of pageTitles(rng, f)) {
    // Legal and contact pages still talk about the site's subject; money pages about themselves.
    add('page', title, path.slice(1), PAGE_TITLES.includes(title) ? rng.pick(topics) : title, title);
  }
  const total = f.big ? rng.int(160, 260) : rng.int(15, 50);
  for (const [title, topic, heading] of titles(rng, f, Math.max(5, total - items.length)))
    add('post', title, `${slug(title)}/`, topic, heading);
  for (const name of rng.some(MEDIA, 2, 5)) {
    const date = when();
    const d = new Date(date * 1000);
    const folder = `${d.getUTCFullYear()}/${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    const ext = rng.pick(['jpg', 'png', 'webp']);
    items.push({
      title: name,
      type: 'attachment',
      status: 'inherit',
      path: `wp-content/uploads/${folder}/${name}.${ext}`,
      content: null,
      published: date,
      modified: date,
    });
  }
  return items.sort((a, b) => (a.published ?? a.modified) - (b.published ?? b.modified));
}

/** The site's sitemaps: WordPress's own, or the SEO plugin's when Yoast SEO or Rank Math runs. */
function sitemapsOf(rng: Rng, f: FleetSite, items: Item[]): Row[] {
  const live = (type: string) => items.filter((i) => i.type === type && i.status === 'publish');
  const last = (xs: Item[]) => (xs.length ? Math.max(...xs.map((i) => i.modified)) : null);
  const plugin = f.seo !== null;
  const names = plugin
    ? ['sitemap_index.xml', 'post-sitemap.xml', 'page-sitemap.xml', 'category-sitemap.xml']
    : [
        'wp-sitemap.xml',
        'wp-sitemap-posts-post-1.xml',
        'wp-sitemap-posts-page-1.xml',
        'wp-sitemap-taxonomies-category-1.xml',
      ];
  const categories = NICHE_CONTENT[f.site.niche].categories.length;
  const counts = [3, live('post').length, live('page').length, categories];
  const modified = [last(live('post')), last(live('post')), last(live('page')), last(live('post'))];
  return names.map((name, i) => {
    const down = f.failure === 'html' && i === 0;
    return {
      website_id: f.site.id,
      url: `${f.url}${name}`,
      kind: down ? null : i === 0 ? 'index' : 'urlset',
      url_count: down ? null : counts[i],
      status: down ? 503 : 200,
      error: down ? 'answered 503' : null,
      last_modified: down ? null : modified[i],
      checked_at: f.syncedAt - rng.int(0, 3600),
      created_at: f.syncedAt - rng.int(5, 200) * DAY,
      updated_at: f.syncedAt,
    };
  });
}

/** Posts, pages and attachments of every connected site with word counts and outbound links, and sitemaps. */
export async function seedPosts(
  records: SeedWriter,
  rng: Rng,
  fleet: FleetSite[],
  money: Site[],
  t: number,
): Promise<void> {
  const posts: Row[] = [];
  const maps: Row[] = [];
  for (const f of fleet) {
    const items = itemsOf(rng, f, money, t);
    let wpId = rng.int(2, 9);
    for (const item of items) {
      const content = item.content;
      const shown = item.status === 'publish' || item.status === 'future' || item.type === 'attachment';
      posts.push({
        website_id: f.site.id,
        wp_id: wpId,
        title: item.title,
        content,
        type: item.type,
        status: item.status,
        link: shown ? `${f.url}${item.path}` : `${f.url}?p=${wpId}`,
        word_count: content === null ? 0 : wordCount(content),
        outbound_links: content === null ? 0 : outboundLinks(content, f.site.host),
        published_at: item.published,
        modified_at: item.modified,
        created_at: f.syncedAt - rng.int(0, 3) * DAY,
        updated_at: f.syncedAt,
      });
      wpId += rng.int(1, 4);
    }
    maps.push(...sitemapsOf(rng, f, items));
  }
  await records.insert('posts', posts);
  await records.insert('sitemaps', maps);
}
