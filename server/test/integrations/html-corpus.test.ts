import { performance } from 'node:perf_hooks';
import { DEFAULT_CHECKER_KEYWORDS } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { findKeywords } from '../../src/integrations/html/keywords.js';
import { parsePage } from '../../src/integrations/html/page.js';
import { generateCorpus } from '../fixtures/pages/corpus.js';

const corpus = generateCorpus(200, 20250601);
const totalBytes = corpus.reduce((n, p) => n + Buffer.byteLength(p.html), 0);

/** Runs fn over the corpus `rounds` times after a warm-up and prints the rate. */
function measure(label: string, rounds: number, fn: (html: string, url: string) => unknown) {
  for (const p of corpus.slice(0, 20)) fn(p.html, p.url);
  const started = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const p of corpus) fn(p.html, p.url);
  const seconds = (performance.now() - started) / 1000;
  const pages = corpus.length * rounds;
  console.log(
    `${label}: ${Math.round(pages / seconds)} pages/s, ${((totalBytes * rounds) / 1e6 / seconds).toFixed(1)} MB/s ` +
      `(${pages} pages, average ${Math.round(totalBytes / corpus.length / 1024)} KB)`,
  );
}

describe('page corpus', () => {
  it('is deterministic, realistic in size and mixes pages with and without keywords', () => {
    expect(generateCorpus(5, 20250601)).toEqual(corpus.slice(0, 5));
    expect(generateCorpus(5, 7)[0]!.html).not.toBe(corpus[0]!.html);
    expect(new Set(corpus.map((p) => p.path)).size).toBe(corpus.length);
    for (const p of corpus) {
      expect(p.html.length).toBeGreaterThanOrEqual(20 * 1024);
      expect(p.html.length).toBeLessThanOrEqual(120 * 1024);
    }
    const withKeywords = corpus.filter((p) => p.keywords.length).length;
    expect(withKeywords).toBeGreaterThan(80);
    expect(withKeywords).toBeLessThan(160);
    // Every default keyword is somewhere in the corpus.
    expect(new Set(corpus.flatMap((p) => p.keywords))).toEqual(new Set(DEFAULT_CHECKER_KEYWORDS));
  });

  it('findKeywords reports exactly the keywords each of 200 pages shows', () => {
    const wrong: string[] = [];
    for (const p of corpus) {
      const found = findKeywords(p.html, DEFAULT_CHECKER_KEYWORDS).map((m) => m.keyword);
      if (found.join() !== p.keywords.join())
        wrong.push(`${p.path}: expected [${p.keywords.join(', ')}], found [${found.join(', ')}]`);
    }
    expect(wrong).toEqual([]);
    measure('findKeywords', 3, (html) => findKeywords(html, DEFAULT_CHECKER_KEYWORDS));
  });

  it('parsePage finds many internal and some outbound links on every page', () => {
    let sponsoredLinks = 0;
    for (const p of corpus) {
      const page = parsePage(p.html, p.url);
      expect(page.title).toMatch(/ – /);
      expect(page.canonical).toBe(p.url);
      const internal = page.links.filter((l) => l.internal).length;
      expect(internal).toBeGreaterThan(20);
      expect(page.links.length - internal).toBeGreaterThan(0);
      sponsoredLinks += page.links.filter((l) => l.rel.includes('sponsored')).length;
    }
    expect(sponsoredLinks).toBeGreaterThan(0);
    measure('parsePage', 3, (html, url) => parsePage(html, url));
  });
});
