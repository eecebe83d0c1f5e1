import { describe, expect, it } from 'vitest';
import { domains } from './actions/imports.js';
import { parseCsv, splitCsvLine } from './csv.js';
import { stripDomainInput, toAsciiDomain, toUnicodeDomain } from './domain-names.js';
import { missingCells, readImportFile } from './imports.js';

describe('CSV files', () => {
  it('reads quoted cells holding separators, quotes and line breaks, with the line each record starts on', () => {
    expect(parseCsv('a,"b, c"\n"say ""hi""","two\nlines"\n\n  ,  \nlast,one\n')).toEqual([
      { line: 1, cells: ['a', 'b, c'] },
      { line: 2, cells: ['say "hi"', 'two\nlines'] },
      { line: 6, cells: ['last', 'one'] },
    ]);
  });

  it('picks the separator: semicolon, tab or comma', () => {
    expect(parseCsv('a;b,c;d\n').map((r) => r.cells)).toEqual([['a', 'b,c', 'd']]);
    expect(parseCsv('a\tb;c\nd\te\n').map((r) => r.cells)).toEqual([
      ['a', 'b;c'],
      ['d', 'e'],
    ]);
  });

  it('splits quoted quotes', () => {
    expect(splitCsvLine('"say ""hi""",b', ',')).toEqual(['say "hi"', 'b']);
  });
});

describe('domain import file (SPEC §5)', () => {
  const spec = domains.import;

  it('reads comma files with a header, notes and quoted fields; a row without a name is Required', () => {
    const file = readImportFile(
      spec,
      'Name,Notes\nexample.com,first\n"quoted.com","has, comma"\n\n,missing name\n',
    );
    expect(file.problem).toBeNull();
    expect(file.rows).toEqual([
      { line: 2, cells: { name: 'example.com', notes: 'first' } },
      { line: 3, cells: { name: 'quoted.com', notes: 'has, comma' } },
      { line: 5, cells: { name: '', notes: 'missing name' } },
    ]);
    expect(file.rows.map((r) => missingCells(spec, r.cells))).toEqual([{}, {}, { name: 'Required' }]);
  });

  it('reads semicolon files without a header, with CRLF and a BOM', () => {
    const file = readImportFile(spec, '\uFEFFa.nl;note one\r\nb.de;"x;y"\r\nc.se\r\n');
    expect(file.layout?.header).toBe(false);
    expect(file.rows.map((r) => [r.cells.name, r.cells.notes ?? ''])).toEqual([
      ['a.nl', 'note one'],
      ['b.de', 'x;y'],
      ['c.se', ''],
    ]);
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
