import { describe, expect, it } from 'vitest';
import { parseSitemap, sitemapUrlsFromRobots } from '../../src/integrations/html/sitemap.js';

describe('parseSitemap', () => {
  it('reads a urlset, skipping image:loc, relative and repeated URLs', () => {
    const xml = `\ufeff<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="//example.com/sitemap.xsl"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
        xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
  <url>
    <loc>
      https://example.com/
    </loc>
    <lastmod>2025-05-01T10:00:00+00:00</lastmod>
    <image:image><image:loc>https://example.com/wp-content/a.jpg</image:loc></image:image>
  </url>
  <url><loc>https://example.com/shop?cat=1&amp;page=2</loc><changefreq>daily</changefreq></url>
  <url><loc><![CDATA[https://example.com/über-uns/]]></loc></url>
  <url><loc>/relative/path</loc></url>
  <url><loc>https://example.com/</loc></url>
  <!-- <url><loc>https://example.com/commented</loc></url> -->
</urlset>`;
    expect(parseSitemap(xml)).toEqual({
      urls: [
        'https://example.com/',
        'https://example.com/shop?cat=1&page=2',
        'https://example.com/über-uns/',
      ],
      sitemaps: [],
    });
  });

  it('reads a sitemap index, whatever the namespace prefix and tag case', () => {
    const xml = `<?xml version="1.0"?>
<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sm:sitemap><sm:loc>https://example.com/post-sitemap.xml</sm:loc><sm:lastmod>2025-05-01</sm:lastmod></sm:sitemap>
  <SITEMAP><LOC>https://example.com/page-sitemap.xml.gz</LOC></SITEMAP>
</sm:sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({
      urls: [],
      sitemaps: ['https://example.com/post-sitemap.xml', 'https://example.com/page-sitemap.xml.gz'],
    });
  });

  it('returns nothing for HTML, truncated XML or an empty string', () => {
    expect(parseSitemap('<html><body><a href="https://example.com/">x</a></body></html>')).toEqual({
      urls: [],
      sitemaps: [],
    });
    expect(parseSitemap('<urlset><url><loc>https://example.com/a</loc></url><url><loc>https://exa')).toEqual({
      urls: ['https://example.com/a'],
      sitemaps: [],
    });
    expect(parseSitemap('')).toEqual({ urls: [], sitemaps: [] });
  });
});

describe('sitemapUrlsFromRobots', () => {
  it('collects Sitemap lines from any group, in any case, with comments and CRLF', () => {
    const robots = [
      '\ufeff# robots for example.com',
      'User-agent: *',
      'Disallow: /wp-admin/',
      'Sitemap: https://example.com/sitemap_index.xml # main',
      '',
      'User-agent: Googlebot',
      'SITEMAP:https://example.com/news-sitemap.xml',
      '  sitemap :  http://example.com/old.xml',
      'Sitemap: /relative.xml',
      'Sitemap: ftp://example.com/s.xml',
      'Sitemap: https://example.com/sitemap_index.xml',
      '# Sitemap: https://example.com/commented.xml',
      'Disallow: /sitemap: https://example.com/not-a-directive.xml',
    ].join('\r\n');
    expect(sitemapUrlsFromRobots(robots)).toEqual([
      'https://example.com/sitemap_index.xml',
      'https://example.com/news-sitemap.xml',
      'http://example.com/old.xml',
    ]);
  });
});
