import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normaliseDomain } from '../../src/integrations/rdap/name.js';
import { DomainNotFoundError } from '../../src/integrations/rdap/types.js';
import { WhoisError } from '../../src/integrations/whois/errors.js';
import { parseWhois } from '../../src/integrations/whois/parse.js';
import { fixture } from './fixtures.js';

/** One hand-written answer per TLD (server/test/fixtures/whois/corpus) and what it must read as. */
interface Expected {
  tld: string;
  domain: string;
  server: string;
  registrar: string | null;
  created: string | null;
  updated: string | null;
  expires: string | null;
  nameservers: string[];
  statuses: string[];
}

const corpus = JSON.parse(fixture('whois/corpus/expected.json')) as Expected[];
const seconds = (iso: string | null) => (iso === null ? null : Date.parse(iso) / 1000);
const notFound = readdirSync(new URL('../fixtures/whois/corpus/not-found/', import.meta.url)).sort();

describe('WHOIS corpus: one registry layout per TLD', () => {
  it('covers at least 60 TLDs, each with its own answer file', () => {
    const tlds = new Set(corpus.map((e) => e.tld));
    expect(tlds.size).toBe(corpus.length);
    expect(tlds.size).toBeGreaterThanOrEqual(60);
  });

  it.each(corpus)('reads .$tld ($domain from $server)', (e) => {
    const info = parseWhois(fixture(`whois/corpus/${e.tld}.txt`), normaliseDomain(e.domain), e.server);
    expect({
      registrar: info.registrar?.name ?? null,
      created: info.creationDate,
      updated: info.updatedDate,
      expires: info.expirationDate,
      nameservers: info.nameservers,
      statuses: info.statuses,
      uncertain: info.uncertain,
    }).toEqual({
      registrar: e.registrar,
      created: seconds(e.created),
      updated: seconds(e.updated),
      expires: seconds(e.expires),
      nameservers: e.nameservers,
      statuses: e.statuses,
      uncertain: [],
    });
  });
});

describe('WHOIS corpus: "not registered" in each registry\'s words', () => {
  it('has a sample for at least 30 registries', () => expect(notFound.length).toBeGreaterThanOrEqual(30));

  it.each(notFound)('treats not-found/%s as not registered', (file) => {
    const name = `nope-sample.${file.replace(/\.txt$/, '')}`;
    const answer = fixture(`whois/corpus/not-found/${file}`);
    expect(() => parseWhois(answer, normaliseDomain(name), 'whois.test')).toThrow(DomainNotFoundError);
  });
});

/** Mulberry32: a seeded generator, so a failing mutation can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(text: string, next: () => number): string {
  const lines = text.split('\n');
  const pick = () => Math.floor(next() * lines.length);
  const junk = [
    '',
    ':',
    '\t',
    '   ',
    '[',
    ']',
    '.....:',
    '**',
    '%',
    '(',
    'Name servers:',
    '11-07-2020',
    'x'.repeat(500),
  ];
  for (let i = 0; i < 5; i++) {
    const n = pick();
    const what = Math.floor(next() * 4);
    if (what === 0) lines.splice(n, 1);
    else if (what === 1) lines.splice(n, 0, lines[pick()] ?? '');
    else if (what === 2) lines[n] = `${junk[Math.floor(next() * junk.length)]}${lines[n] ?? ''}`;
    else lines[n] = (lines[n] ?? '').slice(0, Math.floor(next() * 40));
  }
  return lines.join('\n');
}

describe('WHOIS parser robustness', () => {
  it('never crashes on mutated corpus answers and stays fast', () => {
    const next = random(13);
    const started = performance.now();
    let parsed = 0;
    for (const e of corpus) {
      const text = fixture(`whois/corpus/${e.tld}.txt`);
      for (let i = 0; i < 40; i++) {
        try {
          const info = parseWhois(mutate(text, next), normaliseDomain(e.domain), e.server);
          expect(Array.isArray(info.nameservers) && Array.isArray(info.statuses)).toBe(true);
          parsed += 1;
        } catch (err) {
          if (!(err instanceof DomainNotFoundError || err instanceof WhoisError)) throw err;
        }
      }
    }
    expect(parsed).toBeGreaterThan(corpus.length * 30);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it.each([
    ['colons', ':'.repeat(65_536)],
    ['dots before a colon', `${'a'.repeat(40)}${'.'.repeat(65_000)}: 1`],
    ['tabs', `Name${'\t'.repeat(65_000)}`],
    [
      'deep indentation',
      Array.from({ length: 4_000 }, (_, i) => `${' '.repeat(i % 200)}Name servers:`).join('\n'),
    ],
    ['one long date-like line', `Expiry Date: ${'1-'.repeat(30_000)}2020`],
  ])('reads 64 KB of %s in linear time', (_name, text) => {
    const started = performance.now();
    try {
      parseWhois(text, normaliseDomain('slow.xx'), 'whois.test');
    } catch (err) {
      if (!(err instanceof DomainNotFoundError || err instanceof WhoisError)) throw err;
    }
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
