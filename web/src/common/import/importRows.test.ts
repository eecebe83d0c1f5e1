import {
  actions,
  importLayout,
  importTemplate,
  readImportFile,
  type ImportRowResult,
} from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import {
  applyFailure,
  applyResults,
  initialRows,
  messageOf,
  rowsIn,
  STATUS_LABELS,
  summarise,
  summaryText,
} from './importRows';

const links = actions.imports.externalBacklinks.import;
const domains = actions.imports.domains.import;

const result = (index: number, more: Partial<ImportRowResult> = {}): ImportRowResult => ({
  index,
  status: 'created',
  id: null,
  duplicate_of: null,
  message: null,
  fields: {},
  ...more,
});

describe('import column mapping', () => {
  it('maps headers by name, key or alias, without case, spaces or punctuation, and lists the unknown ones', () => {
    const layout = importLayout(links, [
      'BACKLINK URL',
      'target_url',
      'Anchor text',
      'end date',
      'website id',
      'Contact E-Mail',
      'duration',
      '',
    ]);
    expect(layout).toEqual({
      columns: ['backlink', 'url', 'anchor', null, 'website', 'contact_email', 'duration', null],
      header: true,
      unknown: ['end date'],
    });
  });

  it('fills a column once: a second header of the same column is left out', () => {
    expect(importLayout(links, ['Backlink', 'Source URL', 'Target'])?.columns).toEqual([
      'backlink',
      null,
      'url',
    ]);
  });

  it('reads the rows of a file by its header, whatever the columns order', () => {
    const file = readImportFile(
      links,
      'Target URL;Backlink;Price;Currency\nhttps://a.example/;https://blog.example/p/;"1,250.00";EUR\n',
    );
    expect(file.problem).toBeNull();
    expect(file.rows).toEqual([
      {
        line: 2,
        cells: {
          url: 'https://a.example/',
          backlink: 'https://blog.example/p/',
          price: '1,250.00',
          currency: 'EUR',
        },
      },
    ]);
  });

  it('needs a header naming the columns, and every required one', () => {
    expect(readImportFile(links, 'https://blog.example/p/,https://a.example/\n').problem).toBe(
      `The first line must name the columns: ${Object.values(links.columns)
        .map((c) => c.header)
        .join(', ')}`,
    );
    expect(readImportFile(links, 'Backlink,Anchor\nhttps://blog.example/p/,best\n').problem).toBe(
      'The file has no Target URL column (required)',
    );
  });

  it('takes a headerless file in declared order where the declaration allows it (domains: Name, Notes)', () => {
    const file = readImportFile(domains, 'a.com;first\nb.org\n');
    expect(file.layout?.header).toBe(false);
    expect(file.rows.map((r) => r.cells)).toEqual([
      { name: 'a.com', notes: 'first' },
      { name: 'b.org', notes: '' },
    ]);
  });

  it('refuses a file with more rows than the declaration allows', () => {
    const text = `Name\n${Array.from({ length: domains.maxRows + 1 }, (_, i) => `d${i}.com`).join('\n')}`;
    expect(readImportFile(domains, text).problem).toBe(
      `The file has ${domains.maxRows + 1} rows; at most ${domains.maxRows} can be imported at once`,
    );
  });

  it('writes a template whose header maps back to every column', () => {
    const header = importTemplate(links).trim().split(',');
    expect(importLayout(links, header)?.columns).toEqual(Object.keys(links.columns));
  });
});

describe('import row states (SPEC §4)', () => {
  const text =
    'Backlink,Target URL,Website\nhttps://b.example/1/,https://a.example/,\n,https://a.example/,\nhttps://b.example/2/,https://a.example/,x.example\nhttps://b.example/1/,https://a.example/,\n';

  it("marks a row missing a required cell 'Not valid' at once and has the others checked", () => {
    const rows = initialRows(links, readImportFile(links, text));
    expect(rows.map((r) => [r.line, r.status, messageOf(links, r)])).toEqual([
      [2, 'checking', ''],
      [3, 'invalid', 'Backlink: Required'],
      [4, 'checking', ''],
      [5, 'checking', ''],
    ]);
    expect(STATUS_LABELS.invalid).toBe('Not valid');
    expect(rowsIn(rows, ['checking']).positions).toEqual([0, 2, 3]);
  });

  it('shows the dry run: Ready, field errors under their header, a repeated row naming its line', () => {
    const rows = initialRows(links, readImportFile(links, text));
    const sent = rowsIn(rows, ['checking']);
    const checked = applyResults(
      rows,
      sent,
      [
        result(0),
        result(1, {
          status: 'error',
          message: 'Some fields are not valid',
          fields: { website: 'Unknown website: x.example' },
        }),
        result(2, { status: 'exists', duplicate_of: 0, message: 'Repeats an earlier row of the file' }),
      ],
      true,
    );
    expect(checked.map((r) => [STATUS_LABELS[r.status], messageOf(links, r)])).toEqual([
      ['Ready', ''],
      ['Not valid', 'Backlink: Required'],
      ['Not valid', 'Website: Unknown website: x.example'],
      ['Exists', 'Same as line 2'],
    ]);
    expect(rowsIn(checked, ['ready', 'exists']).positions).toEqual([0, 3]);
  });

  it('counts created and already stored rows as Imported, and sums them up', () => {
    const rows = initialRows(links, readImportFile(links, text));
    const checked = applyResults(rows, rowsIn(rows, ['checking']), [result(0), result(1), result(2)], true);
    const sent = rowsIn(checked, ['ready', 'exists']);
    const done = applyResults(
      checked,
      sent,
      [
        result(0, { id: 7 }),
        result(1, { status: 'exists', id: 3, message: 'Already in the ledger' }),
        result(2, { status: 'error', message: 'Conflicts with a record stored meanwhile' }),
      ],
      false,
    );
    expect(done.map((r) => [STATUS_LABELS[r.status], messageOf(links, r), r.created])).toEqual([
      ['Imported', '', true],
      ['Not valid', 'Backlink: Required', false],
      ['Imported', 'Already in the ledger', false],
      ['Error', 'Conflicts with a record stored meanwhile', false],
    ]);
    expect(summaryText(links, summarise(done))).toBe('1 new, 1 already in the ledger, 1 not valid, 1 error');
  });

  it('gives every row of a failed call the failure message', () => {
    const rows = initialRows(domains, readImportFile(domains, 'a.com\nb.com'));
    const failed = applyFailure(rows, rowsIn(rows, ['checking']), 'Generic error!');
    expect(failed.map((r) => [STATUS_LABELS[r.status], messageOf(domains, r)])).toEqual([
      ['Error', 'Generic error!'],
      ['Error', 'Generic error!'],
    ]);
    expect(summaryText(domains, summarise(failed))).toBe(
      '0 new, 0 already in the portfolio, 0 not valid, 2 errors',
    );
  });
});
