import { describe, expect, it } from 'vitest';
import { pluginRoute, safeFilename } from './client.js';
import { redact, siteLabel } from './errors.js';
import { mapBounded, normaliseSiteUrl, routeUrl } from './transport.js';

describe('routeUrl', () => {
  it('appends the route and query under /wp-json/, for a site in a subdirectory too', () => {
    expect(routeUrl('https://example.com/wp-json/', 'wp/v2/users/me', { context: 'edit' })).toBe(
      'https://example.com/wp-json/wp/v2/users/me?context=edit',
    );
    expect(routeUrl('http://127.0.0.1:8/site-3/wp-json/', 'wp/v2/posts', { page: 2, per_page: 100 })).toBe(
      'http://127.0.0.1:8/site-3/wp-json/wp/v2/posts?page=2&per_page=100',
    );
  });

  it('puts the route in rest_route when the site has no pretty permalinks', () => {
    const url = new URL(
      routeUrl('https://example.com/blog/?rest_route=/', 'wp/v2/plugins/akismet/akismet', { a: true }),
    );
    expect(url.pathname).toBe('/blog/');
    expect(url.searchParams.get('rest_route')).toBe('/wp/v2/plugins/akismet/akismet');
    expect(url.searchParams.get('a')).toBe('true');
  });
});

describe('normaliseSiteUrl', () => {
  it('keeps the path with one trailing slash and drops query, fragment and credentials', () => {
    expect(normaliseSiteUrl('https://user:pw@Example.com/blog//?x=1#top')).toBe('https://example.com/blog/');
    expect(normaliseSiteUrl('http://example.com')).toBe('http://example.com/');
  });

  it('refuses anything but http and https', () => {
    expect(() => normaliseSiteUrl('ftp://example.com/')).toThrow(/http or https/);
    expect(() => normaliseSiteUrl('not a url')).toThrow(TypeError);
  });
});

describe('siteLabel and redact', () => {
  it('names a site by host, port and path', () => {
    expect(siteLabel('https://example.com/')).toBe('example.com');
    expect(siteLabel('http://127.0.0.1:8089/site-17/')).toBe('127.0.0.1:8089/site-17');
  });

  it('removes the password in every form it travels in', () => {
    const secret = 'abcd EFGH ijkl';
    const text = `a ${secret} b ${encodeURIComponent(secret)} c abcdEFGHijkl`;
    expect(redact(text, [secret])).toBe('a *** b *** c ***');
  });
});

describe('pluginRoute and safeFilename', () => {
  it('turns a plugin file into its REST identifier, each part encoded', () => {
    expect(pluginRoute('akismet/akismet.php')).toBe('akismet/akismet');
    expect(pluginRoute('hello.php')).toBe('hello');
    expect(pluginRoute('my plugin/main#1')).toBe('my%20plugin/main%231');
  });

  it('keeps a file name that fits a quoted header parameter', () => {
    expect(safeFilename('C:\\photos\\Été "best".JPG')).toBe('Ete _best_.JPG');
    expect(safeFilename('../../.htaccess')).toBe('htaccess');
    expect(safeFilename('a\r\nb.png')).toBe('a__b.png');
    expect(safeFilename('"""')).toBe('___');
    expect(safeFilename('...')).toBe('upload');
  });
});

describe('mapBounded', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(peak).toBe(3);
  });

  it('stops at the first failure', async () => {
    await expect(
      mapBounded([1, 2], 2, async (n) => (n === 2 ? Promise.reject(new Error('two')) : n)),
    ).rejects.toThrow('two');
    expect(await mapBounded([], 4, async () => 1)).toEqual([]);
  });
});
