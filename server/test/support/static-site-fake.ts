import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A WordPress-shaped link site on 127.0.0.1 for the static export's tests and bench: posts with their shortlinks
 * (`/?p=ID` answers 301), feeds, category archives and their pages, the core sitemaps with their stylesheet,
 * robots.txt, a theme style sheet with fonts and images in url(), uploads with srcset, the emoji loader's
 * JSON-escaped URL, a URL-encoded share link, an entity-encoded link, a protocol-relative image, the REST and
 * XML-RPC discovery links, a log-in link, comment and search forms, comment reply links, an old slug's
 * redirect, affiliate redirects to operators, and bought links. Markup follows what WordPress 6 and a classic
 * theme print.
 */

export interface FakeSiteSettings {
  posts: number;
  categories?: number;
  /** Words of filler per post (default 400: pages of ~8 KB). */
  words?: number;
}

export interface BoughtSpec {
  post: number;
  url: string;
  anchor: string;
  rel: 'follow' | 'nofollow' | 'sponsored';
}

export interface AffiliateSpec {
  permalink: string;
  to: string;
  status: 301 | 302;
}

export interface FakeSite {
  origin: string;
  /** Every page's path a visitor could open (posts, archives and their pages, home pages). */
  pagePaths(): string[];
  bought: BoughtSpec[];
  affiliates: AffiliateSpec[];
  /** Changes a post's title (a change to publish). */
  retitle(post: number, title: string): void;
  /** Takes a bought link out of its post (what the gate must catch). */
  dropBoughtLink(index: number): void;
  /** Paths requested so far. */
  requests: string[];
  close(): Promise<void>;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const WOFF2 = Buffer.from('d09GMgABAAAAAAAA', 'base64');
const WORDS =
  'static link site content grows slowly with careful notes about travel food gardens music history and local news'.split(
    ' ',
  );

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface Answer {
  status: number;
  type?: string;
  body?: Buffer;
  location?: string;
}

class Generator {
  readonly titles: string[];
  readonly bought: BoughtSpec[];
  readonly dropped = new Set<number>();
  readonly affiliates: AffiliateSpec[] = [
    { permalink: '/go/lucky-spin/', to: 'https://track.luckyspin.example/?aff=4411', status: 302 },
    { permalink: '/go/royal-bet/', to: 'https://royalbet.example/welcome?ref=sf', status: 301 },
  ];
  readonly categories: number;
  readonly words: number;
  private readonly cache = new Map<string, Answer>();

  constructor(
    private readonly s: FakeSiteSettings,
    private readonly origin: string,
  ) {
    this.categories = s.categories ?? Math.max(1, Math.min(12, Math.ceil(s.posts / 50)));
    this.words = s.words ?? 400;
    this.titles = Array.from({ length: s.posts }, (_, i) => `Post number ${i + 1}`);
    this.bought = [
      {
        post: 1,
        url: 'https://money.example.org/best-casino/',
        anchor: 'best casino bonus',
        rel: 'sponsored',
      },
      { post: 2, url: 'https://money.example.org/slots/', anchor: 'free slots', rel: 'follow' },
    ].filter((b) => b.post <= s.posts) as BoughtSpec[];
  }

  invalidate(): void {
    this.cache.clear();
  }

  private catOf = (post: number) => ((post - 1) % this.categories) + 1;
  private postsOf = (cat: number) =>
    Array.from({ length: this.s.posts }, (_, i) => i + 1).filter((p) => this.catOf(p) === cat);

  private head(title: string, path: string, extra = ''): string {
    const o = this.origin;
    const json = o.replace(/\//g, '\\/');
    return `<!DOCTYPE html>
<html lang="en-US"><head><meta charset="UTF-8" />
<title>${esc(title)} &#8211; Fake Links</title>
<link rel="alternate" type="application/rss+xml" title="Fake Links &raquo; Feed" href="${o}/feed/" />
<script>window._wpemojiSettings = {"baseUrl":"https:\\/\\/s.w.org\\/images\\/core\\/emoji\\/14.0.0\\/72x72\\/","source":{"concatemoji":"${json}\\/wp-includes\\/js\\/wp-emoji-release.min.js?ver=6.1.9"}};</script>
<link rel='stylesheet' id='fake-style-css' href='${o}/wp-content/themes/fake/style.css?ver=1.2' media='all' />
<script src='${o}/wp-includes/js/jquery/jquery.min.js?ver=3.6.1' id='jquery-core-js'></script>
<link rel="https://api.w.org/" href="${o}/wp-json/" />
<link rel="EditURI" type="application/rsd+xml" title="RSD" href="${o}/xmlrpc.php?rsd" />
<link rel="wlwmanifest" type="application/wlwmanifest+xml" href="${o}/wp-includes/wlwmanifest.xml" />
<link rel="canonical" href="${o}${path}" />
${extra}
<style id='global-styles-inline-css'>body{background-image:url('${o}/wp-content/themes/fake/img/paper.png')}</style>
</head>`;
  }

  private nav(): string {
    const o = this.origin;
    const cats = Array.from(
      { length: this.categories },
      (_, i) => `<li><a href="${o}/category/topic-${i + 1}/">Topic ${i + 1}</a></li>`,
    ).join('');
    return `<header><a href="${o}/">Fake Links</a><ul>${cats}</ul>
<form role="search" method="get" class="search-form" action="${o}/"><label>Search for:<input type="search" class="search-field" value="" name="s" /></label><input type="submit" class="search-submit" value="Search" /></form>
</header>`;
  }

  private footer(): string {
    const o = this.origin;
    return `<footer><ul><li><a href="${o}/wp-login.php">Log in</a></li><li><a href="${o}/feed/">Entries feed</a></li>
<li><a href="${o}/comments/feed/">Comments feed</a></li></ul>
<p>Contact: editor@${new URL(o).host.replace(/:\d+$/, '')} · <a href="//${new URL(o).host}/about/">About</a></p></footer>
<script src='${o}/wp-includes/js/comment-reply.min.js?ver=6.1.9' id='comment-reply-js'></script>
</body></html>`;
  }

  private filler(post: number): string {
    const out: string[] = [];
    for (let p = 0; p < Math.ceil(this.words / 50); p += 1) {
      const words = Array.from({ length: 50 }, (_, w) => WORDS[(post * 7 + p * 13 + w) % WORDS.length]);
      out.push(`<p>${words.join(' ')}.</p>`);
    }
    return out.join('\n');
  }

  private post(n: number): string {
    const o = this.origin;
    const path = `/post-${n}/`;
    const title = this.titles[n - 1]!;
    const neighbours = [n - 2, n - 1, n + 1, n + 2]
      .filter((x) => x >= 1 && x <= this.s.posts)
      .map((x) => `<a href="${o}/post-${x}/">${esc(this.titles[x - 1]!)}</a>`)
      .join(' · ');
    const bought = this.bought
      .map((b, i) => ({ b, i }))
      .filter(({ b, i }) => b.post === n && !this.dropped.has(i))
      .map(
        ({ b }) =>
          `<p>Our partner: <a href="${b.url}"${b.rel === 'follow' ? '' : ` rel="${b.rel}"`}>${b.anchor}</a>.</p>`,
      )
      .join('\n');
    const affiliate =
      n % 5 === 0 ? `<p><a href="${o}/go/lucky-spin/" rel="nofollow">Play at Lucky Spin</a></p>` : '';
    const old = n === 4 ? `<p>Older: <a href="${o}/old-post-3/">an older address</a></p>` : '';
    const share = encodeURIComponent(`${o}${path}`);
    const extra = `<link rel="alternate" type="application/rss+xml" title="Fake Links &raquo; ${esc(title)} Comments Feed" href="${o}${path}feed/" />
<link rel="alternate" type="application/json" href="${o}/wp-json/wp/v2/posts/${n}" />
<link rel='shortlink' href='${o}/?p=${n}' />
<meta property="og:image" content="${o}/wp-content/uploads/2026/01/image-${n}.png" />`;
    return `${this.head(title, path, extra)}<body class="post-template-default single">
${this.nav()}
<main><article><h1 class="entry-title">${esc(title)}</h1>
<div class="entry-content">
<figure><img src="${o}/wp-content/uploads/2026/01/image-${n}-300x200.png" srcset="${o}/wp-content/uploads/2026/01/image-${n}-300x200.png 300w, ${o}/wp-content/uploads/2026/01/image-${n}.png 1024w" alt="Image ${n}" /></figure>
${this.filler(n)}
${bought}
${affiliate}
${old}
<p>Filed under <a href="${o}/category/topic-${this.catOf(n)}/" rel="category tag">Topic ${this.catOf(n)}</a>. Short: <a href="${o}/?p=${n}">link</a>.</p>
<p><a href="http&#58;&#47;&#47;${new URL(o).host}&#47;post-1&#47;">The first post</a> · <img src="//${new URL(o).host}/wp-content/uploads/2026/01/badge.png" alt="" /></p>
<p><a href="https://twitter.com/intent/tweet?url=${share}&amp;text=${encodeURIComponent(title)}">Share</a></p>
</div></article>
<nav>${neighbours}</nav>
<section id="comments"><ol class="comment-list"><li id="comment-${n}"><p>Nice post, thanks.</p>
<a rel='nofollow' class='comment-reply-link' href='${o}${path}?replytocom=${n}#respond' data-commentid="${n}">Reply</a></li></ol>
<div id="respond" class="comment-respond"><h3 id="reply-title" class="comment-reply-title">Leave a Reply</h3>
<form action="${o}/wp-comments-post.php" method="post" id="commentform" class="comment-form"><p><textarea id="comment" name="comment"></textarea></p><input name="submit" type="submit" id="submit" class="submit" value="Post Comment" /><input type='hidden' name='comment_post_ID' value='${n}' id='comment_post_ID' /></form>
</div></section></main>
${this.footer()}`;
  }

  private listing(title: string, path: string, posts: number[], page: number, base: string): string {
    const o = this.origin;
    const per = 10;
    const pages = Math.max(1, Math.ceil(posts.length / per));
    const shown = posts.slice((page - 1) * per, page * per);
    const items = shown
      .map(
        (p) =>
          `<article><h2><a href="${o}/post-${p}/">${esc(this.titles[p - 1]!)}</a></h2><p>${WORDS.slice(0, 12).join(' ')}…</p></article>`,
      )
      .join('\n');
    const older = page < pages ? `<a class="next" href="${o}${base}page/${page + 1}/">Older posts</a>` : '';
    const newer =
      page > 1
        ? `<a class="prev" href="${o}${page === 2 ? base : `${base}page/${page - 1}/`}">Newer posts</a>`
        : '';
    return `${this.head(title, path)}<body class="archive">${this.nav()}<main><h1>${esc(title)}</h1>${items}<nav>${newer} ${older}</nav></main>${this.footer()}`;
  }

  private feed(title: string, path: string, posts: number[]): string {
    const o = this.origin;
    const items = posts
      .map(
        (p) =>
          `<item><title>${esc(this.titles[p - 1]!)}</title><link>${o}/post-${p}/</link><comments>${o}/post-${p}/#respond</comments>` +
          `<guid isPermaLink="false">${o}/?p=${p}</guid><description><![CDATA[<p>Read <a href="${o}/post-${p}/">more</a></p>]]></description></item>`,
      )
      .join('\n');
    return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>
<title>${esc(title)}</title><atom:link href="${o}${path}" rel="self" type="application/rss+xml" /><link>${o}/</link>
${items}</channel></rss>`;
  }

  private sitemap(): { index: string; posts: string[]; categories: string } {
    const o = this.origin;
    const xsl = `<?xml version="1.0" encoding="UTF-8"?><?xml-stylesheet type="text/xsl" href="${o}/wp-sitemap.xsl" ?>`;
    const files = Math.ceil(this.s.posts / 2000);
    const posts = Array.from({ length: files }, (_, f) => {
      const urls = Array.from({ length: Math.min(2000, this.s.posts - f * 2000) }, (_, i) => f * 2000 + i + 1)
        .map((p) => `<url><loc>${o}/post-${p}/</loc></url>`)
        .join('');
      return `${xsl}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${o}/</loc></url>${urls}</urlset>`;
    });
    const categories = `${xsl}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from(
      { length: this.categories },
      (_, i) => `<url><loc>${o}/category/topic-${i + 1}/</loc></url>`,
    ).join('')}</urlset>`;
    const index = `${xsl}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${posts
      .map((_, f) => `<sitemap><loc>${o}/wp-sitemap-posts-post-${f + 1}.xml</loc></sitemap>`)
      .join('')}<sitemap><loc>${o}/wp-sitemap-taxonomies-category-1.xml</loc></sitemap></sitemapindex>`;
    return { index, posts, categories };
  }

  private html = (body: string): Answer => ({
    status: 200,
    type: 'text/html; charset=UTF-8',
    body: Buffer.from(body),
  });
  private xml = (body: string, type = 'application/xml; charset=UTF-8'): Answer => ({
    status: 200,
    type,
    body: Buffer.from(body),
  });

  answer(url: string): Answer {
    const cached = this.cache.get(url);
    if (cached) return cached;
    const found = this.build(url);
    if (found.status === 200) this.cache.set(url, found);
    return found;
  }

  private build(url: string): Answer {
    const u = new URL(url, this.origin);
    const path = u.pathname;
    const o = this.origin;
    const p = u.searchParams.get('p');
    if (path === '/' && p && /^\d+$/.test(p) && Number(p) >= 1 && Number(p) <= this.s.posts)
      return { status: 301, location: `${o}/post-${p}/` };
    if (path === '/' && u.search) return { status: 404 };
    const all = Array.from({ length: this.s.posts }, (_, i) => this.s.posts - i);
    let m: RegExpExecArray | null;
    if (path === '/') return this.html(this.listing('Fake Links', '/', all, 1, '/'));
    if ((m = /^\/page\/(\d+)\/$/.exec(path))) {
      const page = Number(m[1]);
      if (page < 2 || page > Math.ceil(all.length / 10)) return { status: 404 };
      return this.html(this.listing(`Fake Links – page ${page}`, path, all, page, '/'));
    }
    if ((m = /^\/post-(\d+)\/$/.exec(path)) && Number(m[1]) >= 1 && Number(m[1]) <= this.s.posts)
      return this.html(this.post(Number(m[1])));
    if ((m = /^\/post-(\d+)$/.exec(path))) return { status: 301, location: `${o}${path}/` };
    if ((m = /^\/post-(\d+)\/feed\/$/.exec(path)) && Number(m[1]) <= this.s.posts)
      return this.xml(
        this.feed(`Comments on ${this.titles[Number(m[1]) - 1]}`, path, []),
        'application/rss+xml; charset=UTF-8',
      );
    if ((m = /^\/category\/topic-(\d+)\/(?:page\/(\d+)\/)?$/.exec(path)) && Number(m[1]) <= this.categories) {
      const cat = Number(m[1]);
      const page = Number(m[2] ?? 1);
      const posts = this.postsOf(cat).reverse();
      if (page > Math.max(1, Math.ceil(posts.length / 10)) || (m[2] && page < 2)) return { status: 404 };
      return this.html(this.listing(`Topic ${cat}`, path, posts, page, `/category/topic-${cat}/`));
    }
    if (path === '/about/') return this.html(this.listing('About', path, [], 1, '/about/'));
    if (path === '/old-post-3/') return { status: 301, location: `${o}/post-3/` };
    const affiliate = this.affiliates.find((a) => a.permalink === path);
    if (affiliate) return { status: affiliate.status, location: affiliate.to };
    if (path === '/feed/')
      return this.xml(this.feed('Fake Links', path, all.slice(0, 10)), 'application/rss+xml; charset=UTF-8');
    if (path === '/comments/feed/')
      return this.xml(this.feed('Comments', path, []), 'application/rss+xml; charset=UTF-8');
    if (path === '/robots.txt')
      return {
        status: 200,
        type: 'text/plain; charset=utf-8',
        body: Buffer.from(
          `User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: ${o}/wp-sitemap.xml\n`,
        ),
      };
    const sm = this.sitemap();
    if (path === '/wp-sitemap.xml') return this.xml(sm.index);
    if ((m = /^\/wp-sitemap-posts-post-(\d+)\.xml$/.exec(path)) && sm.posts[Number(m[1]) - 1])
      return this.xml(sm.posts[Number(m[1]) - 1]!);
    if (path === '/wp-sitemap-taxonomies-category-1.xml') return this.xml(sm.categories);
    if (path === '/wp-sitemap.xsl')
      return this.xml(
        `<?xml version="1.0"?><xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"><xsl:template match="/"><html><body><a href="${o}/">Home</a></body></html></xsl:template></xsl:stylesheet>`,
        'application/xslt+xml',
      );
    if (path === '/wp-content/themes/fake/style.css')
      return {
        status: 200,
        type: 'text/css',
        body: Buffer.from(
          `@import "print.css";\n@font-face{font-family:Inter;src:url(fonts/inter.woff2) format("woff2"),url('${o}/wp-content/themes/fake/fonts/inter.woff?v=3') format("woff")}\n` +
            `.hero{background:url("/wp-content/themes/fake/img/hero.png")}\n.icon{background:url(data:image/png;base64,AAAA)}\n`,
        ),
      };
    if (path === '/wp-content/themes/fake/print.css')
      return { status: 200, type: 'text/css', body: Buffer.from('@media print{a{color:#000}}') };
    if (/^\/wp-content\/themes\/fake\/fonts\/inter\.woff2?$/.test(path))
      return { status: 200, type: 'font/woff2', body: WOFF2 };
    if (/^\/wp-content\/(?:themes\/fake\/img|uploads\/2026\/01)\/[a-z0-9-]+\.png$/.test(path))
      return { status: 200, type: 'image/png', body: PNG };
    if (/^\/wp-includes\/js\/[a-z./-]+\.js$/.test(path))
      return {
        status: 200,
        type: 'application/javascript',
        body: Buffer.from(
          `/* ${path} */ var wpApiSettings = {"root":"${o.replace(/\//g, '\\/')}\\/wp-json\\/"};`,
        ),
      };
    if (path === '/wp-includes/wlwmanifest.xml') return this.xml('<?xml version="1.0"?><manifest/>');
    if (
      path.startsWith('/wp-admin/') ||
      path === '/wp-login.php' ||
      path === '/xmlrpc.php' ||
      path.startsWith('/wp-json/')
    )
      return this.html('<p>dynamic: must never be crawled</p>');
    return { status: 404, type: 'text/html', body: Buffer.from('<h1>Not found</h1>') };
  }

  pagePaths(): string[] {
    const paths = ['/', '/about/'];
    for (let page = 2; page <= Math.ceil(this.s.posts / 10); page += 1) paths.push(`/page/${page}/`);
    for (let n = 1; n <= this.s.posts; n += 1) paths.push(`/post-${n}/`);
    for (let c = 1; c <= this.categories; c += 1) {
      paths.push(`/category/topic-${c}/`);
      for (let page = 2; page <= Math.ceil(this.postsOf(c).length / 10); page += 1)
        paths.push(`/category/topic-${c}/page/${page}/`);
    }
    return paths;
  }
}

/** Starts the site on 127.0.0.1 (a random port). */
export async function startFakeSite(settings: FakeSiteSettings): Promise<FakeSite> {
  const requests: string[] = [];
  let generator: Generator | null = null;
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '/');
    const a = generator!.answer(req.url ?? '/');
    const headers: Record<string, string | number> = {};
    if (a.type) headers['content-type'] = a.type;
    if (a.location) headers.location = a.location;
    if (a.body) headers['content-length'] = a.body.length;
    res.writeHead(a.status, headers).end(req.method === 'HEAD' ? undefined : a.body);
  });
  server.keepAliveTimeout = 60_000;
  const port = await new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
  const origin = `http://127.0.0.1:${port}`;
  generator = new Generator(settings, origin);
  const g = generator;
  return {
    origin,
    pagePaths: () => g.pagePaths(),
    bought: g.bought,
    affiliates: g.affiliates,
    retitle(post, title) {
      g.titles[post - 1] = title;
      g.invalidate();
    },
    dropBoughtLink(index) {
      g.dropped.add(index);
      g.invalidate();
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
