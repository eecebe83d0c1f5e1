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
