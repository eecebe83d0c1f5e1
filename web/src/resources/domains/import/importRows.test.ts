import { parseDomainCsv } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import {
  applyFailure,
  applyResults,
  importChunks,
  initialRows,
  STATUS_LABELS,
  summarise,
  summaryText,
} from './importRows';

const file = 'Name;Notes\nalpha.com;first\n;no name\nbeta.org;\nalpha.com;again\n';

describe('domain import row states (SPEC §4, §5)', () => {
  it("marks rows without a name 'Not valid' with 'Required' and sends only the others", () => {
    const rows = initialRows(parseDomainCsv(file));
    expect(rows.map((r) => [r.line, r.name, r.status, r.message])).toEqual([
      [2, 'alpha.com', 'ready', null],
      [3, '', 'invalid', 'Required'],
      [4, 'beta.org', 'ready', null],
      [5, 'alpha.com', 'ready', null],
    ]);
    expect(STATUS_LABELS.invalid).toBe('Not valid');
    const [chunk] = importChunks(rows);
    expect(chunk).toEqual({
      positions: [0, 2, 3],
      rows: [
        { name: 'alpha.com', notes: 'first' },
        { name: 'beta.org', notes: null },
        { name: 'alpha.com', notes: 'again' },
      ],
    });
  });

  it('counts a name that was already taken as Imported, a server error as Error with its message', () => {
    const rows = initialRows(parseDomainCsv(file));
    const [chunk] = importChunks(rows);
    const done = applyResults(rows, chunk!, [
      { index: 0, name: 'alpha.com', status: 'imported', message: null, id: 1 },
      { index: 1, name: 'beta.org', status: 'error', message: 'Not a valid domain name', id: null },
      { index: 2, name: 'alpha.com', status: 'exists', message: 'The name has already been taken', id: 1 },
    ]);
    expect(done.map((r) => [r.status, r.message, r.created])).toEqual([
      ['imported', null, true],
      ['invalid', 'Required', false],
      ['error', 'Not a valid domain name', false],
      ['imported', 'The name has already been taken', false],
    ]);
    expect(summarise(done)).toEqual({ created: 1, existing: 1, invalid: 1, errors: 1 });
    expect(summaryText(summarise(done))).toBe('1 new, 1 already in the portfolio, 1 not valid, 1 error');
  });

  it('splits long files into calls of at most 10,000 rows', () => {
    const rows = initialRows(
      Array.from({ length: 10_001 }, (_, i) => ({ line: i + 1, name: `d${i}.com`, notes: '', error: null })),
    );
    const chunks = importChunks(rows);
    expect(chunks.map((c) => c.rows.length)).toEqual([10_000, 1]);
    expect(chunks[1]!.positions).toEqual([10_000]);
  });

  it('gives every row of a failed call the failure message', () => {
    const rows = initialRows(parseDomainCsv('a.com\nb.com'));
    const failed = applyFailure(rows, importChunks(rows)[0]!, 'Generic error!');
    expect(failed.map((r) => [r.status, r.message])).toEqual([
      ['error', 'Generic error!'],
      ['error', 'Generic error!'],
    ]);
  });
});
