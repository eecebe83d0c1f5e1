import { describe, expect, it } from 'vitest';
import { COMMENTS_NOTICE, cssUrls, scanPage } from '../src/services/dms/static-site/html.js';
import { redirectFiles, releaseName, siteFolders } from '../src/services/dms/static-site/release.js';
import { findHost, originRewriter, stripVer } from '../src/services/dms/static-site/rewrite.js';
import {
  classify,
  fileFor,
  UnsafePathError,
  urlKey,
  withoutVer,
} from '../src/services/dms/static-site/urls.js';

const ORIGIN = new URL('http://127.0.0.3:8089/');
const PUBLIC = new URL('https://links.example.com/');
const rw = originRewriter(ORIGIN, PUBLIC);
const u = (path: string) => new URL(path, ORIGIN);

describe('static export: URL mapping', () => {
  it.each([
    ['/', 'text/html; charset=UTF-8', 'index.html'],
    ['/hello-world/', 'text/html', 'hello-world/index.html'],
    ['/category/news/', 'text/html', 'category/news/index.html'],
    ['/feed/', 'application/rss+xml; charset=UTF-8', 'feed/index.xml'],
    ['/comments/feed/', 'application/rss+xml', 'comments/feed/index.xml'],
    ['/hello-world/feed/', 'application/rss+xml', 'hello-world/feed/index.xml'],
    ['/feed/atom/', 'application/atom+xml', 'feed/atom/index.xml'],
    ['/wp-sitemap.xml', 'application/xml', 'wp-sitemap.xml'],
    ['/wp-sitemap-posts-post-1.xml', 'application/xml', 'wp-sitemap-posts-post-1.xml'],
    ['/robots.txt', 'text/plain', 'robots.txt'],
    [
      '/wp-content/uploads/2026/01/photo-300x200.jpg',
      'image/jpeg',
      'wp-content/uploads/2026/01/photo-300x200.jpg',
    ],
    ['/about', 'text/html', 'about/index.html'],
    ['/caf%C3%A9/', 'text/html', 'café/index.html'],
    ['/oembed/', 'application/json', 'oembed/index.json'],
  ])('%s (%s) is saved as %s', (path, type, file) => {
    expect(fileFor(u(path).pathname, type)).toBe(file);
  });

  it('refuses paths that could leave the web root or no file system holds', () => {
    expect(() => fileFor('/a/%2e%2e/b/', 'text/html')).toThrow(UnsafePathError);
    expect(() => fileFor('/a//b/', 'text/html')).toThrow(UnsafePathError);
    expect(() => fileFor('/a%5Cb/', 'text/html')).toThrow(UnsafePathError);
    expect(() => fileFor('/a%2F..%2F..%2Fetc/', 'text/html')).toThrow(UnsafePathError);
    expect(() => fileFor('/x/%2e%2e%2f%2e%2e%2fpasswd', 'text/plain')).toThrow(UnsafePathError);
    expect(() => fileFor(`/${'x'.repeat(300)}/`, 'text/html')).toThrow(UnsafePathError);
  });

  it.each([
    ['/wp-admin/', 'admin'],
    ['/wp-admin/admin-ajax.php', 'admin'],
    ['/wp-login.php', 'login'],
    ['/wp-login.php?action=lostpassword', 'login'],
    ['/xmlrpc.php', 'xmlrpc'],
    ['/xmlrpc.php?rsd', 'xmlrpc'],
    ['/wp-json/', 'rest'],
    ['/wp-json/wp/v2/posts/1', 'rest'],
    ['/?rest_route=/wp/v2/posts', 'rest'],
    ['/hello-world/?preview=true', 'preview'],
    ['/?preview_id=5&preview_nonce=abc', 'preview'],
    ['/hello-world/?replytocom=2', 'comment reply'],
    ['/?s=casino', 'search'],
    ['/hello-world/trackback/', 'trackback'],
    ['/wp-comments-post.php', 'comment form'],
  ])('leaves %s out (%s)', (path, reason) => {
    expect(classify(u(path))).toEqual({ kind: 'excluded', reason });
  });

  it('only asks query pages for their redirect (a shortlink), and saves plain paths and ?ver= files', () => {
    expect(classify(u('/?p=12'))).toEqual({ kind: 'probe' });
    expect(classify(u('/?page_id=2'))).toEqual({ kind: 'probe' });
    expect(classify(u('/hello-world/'))).toEqual({ kind: 'fetch' });
    expect(classify(u('/wp-includes/css/dist/block-library/style.min.css?ver=6.1.9'))).toEqual({
      kind: 'fetch',
    });
  });

  it('strips ver from keys and queries, keeping the other parameters as written', () => {
    expect(withoutVer('?ver=6.1.9')).toBe('');
    expect(withoutVer('?ver=1&family=Inter%3A400')).toBe('?family=Inter%3A400');
    expect(withoutVer('?a=1&ver=2&b=3')).toBe('?a=1&b=3');
    expect(withoutVer('?version=2')).toBe('?version=2');
    expect(urlKey(u('/style.css?ver=6.4'))).toBe('/style.css');
    expect(urlKey(new URL('https://links.example.com/?p=12'))).toBe('/?p=12');
  });
});

describe('static export: origin rewriting', () => {
  it.each([
    [
      'plain',
      '<a href="http://127.0.0.3:8089/hello-world/">',
      '<a href="https://links.example.com/hello-world/">',
    ],
    ['https on the origin host', 'https://127.0.0.3:8089/x', 'https://links.example.com/x'],
    ['without the port', 'http://127.0.0.3/x', 'https://links.example.com/x'],
    [
      'JSON-escaped',
      '{"url":"http:\\/\\/127.0.0.3:8089\\/wp-json\\/"}',
      '{"url":"https:\\/\\/links.example.com\\/wp-json\\/"}',
    ],
    [
      'JSON \\u escapes',
      '"http\\u003a\\u002f\\u002f127.0.0.3:8089\\u002fx"',
      '"https\\u003a\\u002f\\u002flinks.example.com\\u002fx"',
    ],
    [
      'protocol-relative',
      "src='//127.0.0.3:8089/wp-includes/js/a.js'",
      "src='//links.example.com/wp-includes/js/a.js'",
    ],
    ['escaped protocol-relative', '"\\/\\/127.0.0.3:8089\\/a"', '"\\/\\/links.example.com\\/a"'],
    [
      'URL-encoded (a share link)',
      'https://twitter.com/intent/tweet?url=http%3A%2F%2F127.0.0.3%3A8089%2Fhello-world%2F',
      'https://twitter.com/intent/tweet?url=https%3A%2F%2Flinks.example.com%2Fhello-world%2F',
    ],
    ['lower-case URL-encoding', 'u=http%3a%2f%2f127.0.0.3%3a8089%2f', 'u=https%3a%2f%2flinks.example.com%2f'],
    [
      'decimal entities',
      'http&#58;&#47;&#47;127.0.0.3:8089&#47;x',
      'https&#58;&#47;&#47;links.example.com&#47;x',
    ],
    ['hex entities', 'http&#x3A;&#x2F;&#x2F;127.0.0.3:8089/', 'https&#x3A;&#x2F;&#x2F;links.example.com/'],
    ['named entities', 'http&colon;&sol;&sol;127.0.0.3:8089/', 'https&colon;&sol;&sol;links.example.com/'],
    [
      'a bare host',
      '{"domain":"127.0.0.3:8089","host":"127.0.0.3"}',
      '{"domain":"links.example.com","host":"links.example.com"}',
    ],
    ['an e-mail address', 'wordpress@127.0.0.3', 'wordpress@links.example.com'],
    [
      'CSS url()',
      "url('http://127.0.0.3:8089/fonts/a.woff2')",
      "url('https://links.example.com/fonts/a.woff2')",
    ],
  ])('%s', (_name, input, output) => {
    expect(rw.rewrite(input)).toBe(output);
    expect(findHost(rw.rewrite(input), ['127.0.0.3'])).toBeNull();
  });

  it('leaves other hosts that merely contain the origin alone', () => {
    const text = 'http://127.0.0.30/ http://127.0.0.3.nip.io/ http://a127.0.0.3/';
    expect(rw.rewrite(text)).toBe(text);
  });

  it('rewrites a named origin with its www form, not other subdomains or longer names', () => {
    const named = originRewriter(new URL('https://wp.example.net/'), new URL('https://example.net/'));
    expect(named.rewrite('https://wp.example.net/a https://www.wp.example.net/b')).toBe(
      'https://example.net/a https://example.net/b',
    );
    expect(named.rewrite('https://cdn.wp.example.net/c https://wp.example.network/d')).toBe(
      'https://cdn.wp.example.net/c https://wp.example.network/d',
    );
  });

  it('keeps a public port', () => {
    const local = originRewriter(ORIGIN, new URL('http://127.0.0.1:4000/'));
    expect(local.rewrite('http://127.0.0.3:8089/x "http:\\/\\/127.0.0.3:8089\\/y"')).toBe(
      'http://127.0.0.1:4000/x "http:\\/\\/127.0.0.1:4000\\/y"',
    );
  });

  it('finds origin URLs in scripts, feeds and share links, decoded', () => {
    const text =
      '"concatemoji":"http:\\/\\/127.0.0.3:8089\\/wp-includes\\/js\\/wp-emoji-release.min.js?ver=6.1.9"' +
      ' <link>http://127.0.0.3:8089/hello-world/</link> <a href="x?u=http%3A%2F%2F127.0.0.3%3A8089%2Fa%2F&amp;t=1">' +
      ' &lt;img src=&quot;http://127.0.0.3:8089/wp-content/uploads/a.png&quot;';
    expect(rw.urls(text)).toEqual([
      'http://127.0.0.3:8089/wp-includes/js/wp-emoji-release.min.js?ver=6.1.9',
      'http://127.0.0.3:8089/hello-world/',
      'http://127.0.0.3:8089/a/',
      'http://127.0.0.3:8089/wp-content/uploads/a.png',
    ]);
  });

  it('finds the host hidden by entities or percent-encoding', () => {
    expect(findHost('see &#49;&#50;&#55;.0.0.3 here', ['127.0.0.3'])).toContain('127.0.0.3');
    expect(findHost('a%31%32%37.0.0.3', ['127.0.0.3'])).toBeNull(); // preceded by a letter: another name
    expect(findHost('x=%31%32%37.0.0.3', ['127.0.0.3'])).toContain('127.0.0.3');
    expect(findHost('https://links.example.com/', ['127.0.0.3'])).toBeNull();
  });

  it('strips ver in every URL form', () => {
    expect(stripVer('<link href="/a.css?ver=6.1.9" />')).toBe('<link href="/a.css" />');
    expect(stripVer('/b.js?ver=1.2&amp;x=1')).toBe('/b.js?x=1');
    expect(stripVer('/c.js?x=1&amp;ver=2"')).toBe('/c.js?x=1"');
    expect(stripVer('"\\/d.js?ver=3\\u0026y=2"')).toBe('"\\/d.js?y=2"');
    expect(stripVer('/e.js?x=1&ver=2&y=3')).toBe('/e.js?x=1&y=3');
    expect(stripVer('cover=1 ?version=2')).toBe('cover=1 ?version=2');
  });
});

describe('static export: pages', () => {
  const excluded = (url: URL) => url.host === ORIGIN.host && classify(url).kind === 'excluded';
  const page = `<!doctype html><html><head>
<link rel="EditURI" type="application/rsd+xml" href="http://127.0.0.3:8089/xmlrpc.php?rsd" />
<link rel="https://api.w.org/" href="http://127.0.0.3:8089/wp-json/" />
<link rel="stylesheet" href="http://127.0.0.3:8089/wp-includes/css/a.css?ver=6.1.9" />
<link rel="shortlink" href="http://127.0.0.3:8089/?p=5" />
<style>.x{background:url("/wp-content/uploads/bg.png")}</style>
<meta property="og:image" content="http://127.0.0.3:8089/wp-content/uploads/og.jpg" />
</head><body>
<img src="/wp-content/uploads/a-300x200.jpg" srcset="/wp-content/uploads/a-300x200.jpg 300w, /wp-content/uploads/a.jpg 1024w" />
<form role="search" method="get" action="http://127.0.0.3:8089/"><input type="search" name="s" /><a href="/help/">?</a></form>
<p>Read <a href="/hello-world/">the post</a> or <a href="http://127.0.0.3:8089/wp-login.php">log in</a>.</p>
<a rel="nofollow" class="comment-reply-link" href="/hello-world/?replytocom=2#respond">Reply to Ann</a>
<div id="respond"><form action="http://127.0.0.3:8089/wp-comments-post.php" method="post" id="commentform"><textarea name="comment"></textarea></form></div>
<div style="background-image:url('/wp-content/uploads/hero.webp')"></div>
</body></html>`;

  it('replaces the comment form with a notice, drops the search form, REST and XML-RPC links, unwraps log-in links', () => {
    const scan = scanPage(page, u('/hello-world/'), { excluded });
    expect(scan.html).toContain(COMMENTS_NOTICE);
    expect(scan.html).not.toContain('commentform');
    expect(scan.html).not.toContain('role="search"');
    expect(scan.html).not.toContain('xmlrpc.php');
    expect(scan.html).not.toContain('wp-json');
    expect(scan.html).not.toContain('Reply to Ann');
    expect(scan.html).toContain('or log in.');
    expect(scan.html).toContain('<a href="/hello-world/">the post</a>');
  });

  it('collects every reference, and keeps only those the edited page still has', () => {
    const scan = scanPage(page, u('/hello-world/'), { excluded });
    const paths = (list: URL[]) => list.map((x) => `${x.pathname}${x.search}`);
    expect(paths(scan.refs)).toEqual(
      expect.arrayContaining([
        '/wp-includes/css/a.css?ver=6.1.9',
        '/?p=5',
        '/wp-content/uploads/bg.png',
        '/wp-content/uploads/og.jpg',
        '/wp-content/uploads/a-300x200.jpg',
        '/wp-content/uploads/a.jpg',
        '/hello-world/',
        '/wp-content/uploads/hero.webp',
        '/help/',
        '/xmlrpc.php?rsd',
      ]),
    );
    const kept = paths(scan.kept);
    expect(kept).toContain('/wp-content/uploads/hero.webp');
    expect(kept).toContain('/?p=5');
    expect(kept).not.toContain('/help/'); // inside the removed search form
    expect(kept).not.toContain('/wp-login.php');
    expect(kept).not.toContain('/xmlrpc.php?rsd');
    expect(kept).not.toContain('/wp-json/');
  });

  it('reads url() and @import of style sheets, not data: URLs', () => {
    expect(
      cssUrls(`@import "print.css"; a{background:url(i.png)} b{src:url('f.woff2?v=4') format("woff2")}
      c{background:url("data:image/png;base64,AA==")}`),
    ).toEqual(['print.css', 'i.png', 'f.woff2?v=4']);
  });
});

describe('static export: releases', () => {
  it('names releases by time and run, and folders by a plain host name only', () => {
    expect(releaseName(42, new Date('2026-03-04T05:06:07.891Z'))).toBe('20260304T050607Z-r42');
    expect(siteFolders('/srv/static', 'Links.Example.com').current).toBe(
      '/srv/static/links.example.com/current',
    );
    expect(() => siteFolders('/srv/static', '../etc')).toThrow();
    expect(() => siteFolders('/srv/static', 'a/b')).toThrow();
  });

  it('writes the redirect map as _redirects, JSON and nginx maps per status', () => {
    const files = redirectFiles('links.example.com', [
      { from: '/?p=5', to: '/hello-world/', status: 301 },
      { from: '/go/casino/', to: 'https://casino.example/?ref=7', status: 302 },
    ]);
    expect(files._redirects).toBe('/?p=5 /hello-world/ 301\n/go/casino/ https://casino.example/?ref=7 302\n');
    expect(JSON.parse(files['redirects.json']!)).toHaveLength(2);
    expect(files['nginx-redirects.conf']).toContain('map $request_uri $sitefleet_links_example_com_302 {');
    expect(files['nginx-redirects.conf']).toContain('"/go/casino/" "https://casino.example/?ref=7";');
    expect(files['nginx-redirects-server.conf']).toContain(
      'if ($sitefleet_links_example_com_301) { return 301 $sitefleet_links_example_com_301; }',
    );
  });
});
