import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/integrations/html/page.js';

describe('parsePage', () => {
  const html = `<!doctype html>
<html><head>
  <TITLE>
    Best  Running Shoes &amp; Socks
  </TITLE>
  <meta name="ROBOTS" content="NoIndex,  Follow">
  <meta name="googlebot" content="noarchive">
  <link rel="alternate canonical" href="/shoes/best/?utm=x#top">
  <base href="https://cdn.example.com/blog/">
</head>
<body>
  <svg><title>Menu icon</title></svg>
  <nav><A HREF="/">Home</A> <a href="about">About <b>us</b></a></nav>
  <a href="https://example.com/contact#form" rel="NoFollow  UGC nofollow">Contact</a>
  <a href="//www.example.com/shop">Shop</a>
  <a href="https://blog.example.com/post">Blog</a>
  <a href="https://partner.test/offer?id=7" rel="sponsored noopener"><img src="b.png" alt="Partner  offer"></a>
  <a href="../up"><img src="i.png" alt=""></a>
  <a href="/icon" aria-label="Search"><svg></svg></a>
  <a href="javascript:void(0)">JS</a> <a href="mailto:a@example.com">Mail</a> <a href="tel:+1">Call</a>
  <a href="data:text/html,hi">Data</a> <a href="">Empty</a> <a href="#top">Top</a> <a>No href</a>
  <a href="ftp://files.example.com/x">FTP</a> <a href="http://[bad">Bad</a>
  <script>document.write('<a href="/from-script">x</a>')</script>
  <a href="/unclosed">Unclosed <p>link
</body></html>`;

  const page = parsePage(html, 'https://www.example.com/articles/shoes');

  it('reads title (not an SVG title), canonical and robots', () => {
    expect(page.title).toBe('Best Running Shoes & Socks');
    // Relative URLs resolve against <base href>, wherever it sits in the head.
    expect(page.canonical).toBe('https://cdn.example.com/shoes/best/?utm=x');
    expect(page.metaRobots).toBe('noindex, follow');
  });

  it('resolves links against <base href>, drops fragments and non-page schemes', () => {
    expect(page.links.map((l) => l.href)).toEqual([
      'https://cdn.example.com/',
      'https://cdn.example.com/blog/about',
      'https://example.com/contact',
      'https://www.example.com/shop',
      'https://blog.example.com/post',
      'https://partner.test/offer?id=7',
      'https://cdn.example.com/up',
      'https://cdn.example.com/icon',
      'https://cdn.example.com/unclosed',
    ]);
  });

  it('gives anchor text, image alt or aria-label, and lower-case distinct rel tokens', () => {
    expect(page.links.map((l) => l.anchor)).toEqual([
      'Home',
      'About us',
      'Contact',
      'Shop',
      'Blog',
      'Partner offer',
      '',
      'Search',
      'Unclosed link',
    ]);
    expect(page.links[2]!.rel).toEqual(['nofollow', 'ugc']);
    expect(page.links[5]!.rel).toEqual(['sponsored', 'noopener']);
    expect(page.links[0]!.rel).toEqual([]);
  });

  it('treats the apex and www as one site, other subdomains and hosts as external', () => {
    const byHref = Object.fromEntries(page.links.map((l) => [l.href, l.internal]));
    expect(byHref['https://example.com/contact']).toBe(true);
    expect(byHref['https://www.example.com/shop']).toBe(true);
    expect(byHref['https://blog.example.com/post']).toBe(false);
    expect(byHref['https://partner.test/offer?id=7']).toBe(false);
    // The base moved relative links to another host, so they are external.
    expect(byHref['https://cdn.example.com/blog/about']).toBe(false);
  });

  it('resolves against the page URL without a base, and copes with an empty document', () => {
    const plain = parsePage(
      '<A href="../b?q=1#x">B</A><a href=" c ">C</a>',
      'http://example.com/a/page.html',
    );
    expect(plain.links).toEqual([
      { href: 'http://example.com/b?q=1', anchor: 'B', rel: [], internal: true },
      { href: 'http://example.com/a/c', anchor: 'C', rel: [], internal: true },
    ]);
    expect(parsePage('', 'https://example.com/')).toEqual({
      title: null,
      canonical: null,
      metaRobots: null,
      links: [],
    });
  });

  it('ignores a base without href and a non-http canonical', () => {
    const p = parsePage(
      '<base target="_blank"><link rel=canonical href="javascript:x"><a href=x>X</a>',
      'https://www.example.com/dir/',
    );
    expect(p.canonical).toBeNull();
    expect(p.links[0]!.href).toBe('https://www.example.com/dir/x');
  });
});

describe('parsePage with the text, keeping some links', () => {
  const html = `<html><head><title>Weekly  picks</title><script>var a = "<p>never</p>";</script></head>
<body><nav><a href="/">Home</a> <a href="https://other.example/">Partner</a></nav>
<article><h1>Weekly picks</h1>
<p>Our editors compare bonuses and payout times.<br>For this week see <a href="https://money.example/offers">best
   <b>casino</b>&nbsp;offers</a> and come back.</p>
<p>Sister <a href="//money.example/blog">blog</a><img alt="x">next</p>
<p><a href="https://money.example/empty"><img src="e.png"></a></p><p>After the empty link.</p>
<noscript><a href="https://money.example/hidden">hidden</a></noscript></article></body></html>`;

  it('lays out the line around a link, and counts the visible words', () => {
    const page = parsePage(html, 'https://blog.example/post', { text: true });
    const text = page.text!;
    const line = (href: string) => {
      const at = text.lineOf(page.links.find((l) => l.href === href)!)!;
      return { line: at.line, link: at.line.slice(at.start, at.end).trim() };
    };
    // The <br> ends the line before; the paragraph ends the one after.
    expect(line('https://money.example/offers')).toEqual({
      line: 'For this week see best casino offers and come back.',
      link: 'best casino offers',
    });
    expect(line('https://money.example/blog')).toEqual({ line: 'Sister blog next', link: 'blog' });
    // An image link without text puts nothing on its line, which so runs on into the next one's text.
    expect(line('https://money.example/empty')).toEqual({ line: 'After the empty link.', link: '' });
    expect(page.links.map((l) => l.href)).not.toContain('https://money.example/hidden');
    // Title, navigation, heading and paragraphs; not the script nor the noscript content.
    expect(text.words()).toBe(2 + 2 + 2 + 7 + 10 + 3 + 4);
    // Counting stops at a bound, and only there.
    expect(text.words(5)).toBe(5);
    expect(text.words(1000)).toBe(30);
  });

  it('counts words as the laid-out text splits them: across inline tags, NBSP and invisible characters', () => {
    const doc =
      '<p>un<b>broken</b> word\u00a0two\u00adthree<br>four<img alt="">five <span> </span> six\u200b</p>';
    const text = parsePage(doc, 'https://blog.example/', { text: true }).text!;
    // "unbroken", "word", "twothree", "four", "five", "six": the soft hyphen and the zero-width space render
    // as nothing, an image separates the words around it.
    expect(text.words()).toBe(6);
  });

  it('passes over the links keepHref refuses, and leaves the text out unless asked', () => {
    const page = parsePage(html, 'https://blog.example/post', {
      keepHref: (href) => href.includes('money.example'),
    });
    expect(page.links.map((l) => [l.href, l.anchor])).toEqual([
      ['https://money.example/offers', 'best casino offers'],
      ['https://money.example/blog', 'blog'],
      ['https://money.example/empty', ''],
    ]);
    expect(page.text).toBeUndefined();
  });
});
