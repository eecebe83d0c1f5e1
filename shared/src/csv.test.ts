import { describe, expect, it } from 'vitest';
import { parseDomainCsv, splitCsvLine } from './csv.js';
import { stripDomainInput, toAsciiDomain, toUnicodeDomain } from './domain-names.js';

describe('domain import CSV', () => {
  it('reads comma files with a header, notes and quoted fields', () => {
    const rows = parseDomainCsv(
      'Name,Notes\nexample.com,first\n"quoted.com","has, comma"\n\n,missing name\n',
    );
    expect(rows).toEqual([
      { line: 2, name: 'example.com', notes: 'first', error: null },
      { line: 3, name: 'quoted.com', notes: 'has, comma', error: null },
      { line: 5, name: '', notes: 'missing name', error: 'Required' },
    ]);
  });

  it('reads semicolon files without a header, with CRLF and a BOM', () => {
    const rows = parseDomainCsv('\uFEFFa.nl;note one\r\nb.de;"x;y"\r\nc.se\r\n');
    expect(rows.map((r) => [r.name, r.notes])).toEqual([
      ['a.nl', 'note one'],
      ['b.de', 'x;y'],
      ['c.se', ''],
    ]);
  });

  it('splits quoted quotes', () => {
    expect(splitCsvLine('"say ""hi""",b', ',')).toEqual(['say "hi"', 'b']);
  });
});

describe('domain names', () => {
  it('strips scheme, credentials, port, path and www from input', () => {
    expect(stripDomainInput(' HTTPS://user@www.Example.com:8443/a?b#c ')).toBe('example.com');
    expect(stripDomainInput('//www.example.org/')).toBe('example.org');
  });

  it('keeps Punycode and Unicode forms consistent', () => {
    expect(toAsciiDomain('bücher.de')).toBe('xn--bcher-kva.de');
    expect(toUnicodeDomain('xn--bcher-kva.de')).toBe('bücher.de');
    expect(toUnicodeDomain(toAsciiDomain('日本語.jp')!)).toBe('日本語.jp');
    expect(toAsciiDomain('xn--bcher-kva.de')).toBe('xn--bcher-kva.de');
  });

  it('refuses what is not a domain name', () => {
    for (const bad of ['example', '-bad.com', 'a_b.com', '1.2.3.4', 'a..com', 'x'.repeat(64) + '.com', '']) {
      expect(toAsciiDomain(bad), bad).toBeNull();
    }
  });
});
