import { describe, expect, it } from 'vitest';
import {
  cellValue,
  escapeFormula,
  exportFileName,
  needsReferenceConfirmation,
  NOT_EXPORTED,
  toCsv,
  toTsv,
  type ExportColumn,
} from './exportRules';

const name: ExportColumn = { source: 'name', label: 'Name' };
const roles: ExportColumn = {
  source: 'roles',
  label: 'Roles',
  reference: { resource: 'roles', optionText: 'name' },
};

describe('export rules', () => {
  it('prefixes formula-looking text with a quote (=, +, -, @)', () => {
    for (const payload of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\t=x', '\r=x']) {
      expect(escapeFormula(payload)).toBe(`'${payload}`);
    }
    expect(escapeFormula('plain')).toBe('plain');
    expect(escapeFormula('a=b')).toBe('a=b');
  });

  it('escapes formulas in CSV cells and quotes separators', () => {
    const csv = toCsv([name], [{ name: '=HYPERLINK("http://x")' }, { name: 'a,b' }, { name: 'line\nbreak' }]);
    expect(csv.split('\r\n')).toEqual(['Name', `"'=HYPERLINK(""http://x"")"`, '"a,b"', '"line\nbreak"']);
  });

  it('marks columns the records do not have as NOT EXPORTED', () => {
    expect(cellValue({ source: 'unknown', label: 'X' }, { name: 'a' })).toBe(NOT_EXPORTED);
    expect(cellValue({ source: 'x', label: 'X', exportValue: () => undefined }, {})).toBe(NOT_EXPORTED);
    expect(cellValue(name, { name: null })).toBeNull();
    expect(cellValue({ source: 'tags.languages', label: 'L' }, { tags: null })).toBeNull();
  });

  it('writes only the given (visible) columns, in order, with their labels', () => {
    const csv = toCsv(
      [{ source: 'email', label: 'Email' }, name],
      [{ name: 'Ann', email: 'a@x.io', secret: 's' }],
    );
    expect(csv).toBe('Email,Name\r\na@x.io,Ann');
  });

  it('joins arrays and serialises objects', () => {
    expect(cellValue({ source: 'list', label: 'L' }, { list: ['a', 'b'] })).toBe('a, b');
    expect(cellValue({ source: 'obj', label: 'O' }, { obj: { a: 1 } })).toBe('{"a":1}');
  });

  it('resolves reference ids to names when references are loaded', () => {
    const refs = { roles: { '1': 'ADMIN', '2': 'IT' } };
    expect(cellValue(roles, { roles: [1, 2, 3] }, refs)).toBe('ADMIN, IT, 3');
    expect(cellValue(roles, { roles: [1, 2] })).toBe('1, 2');
  });

  it('asks for confirmation above 100 rows only when a reference column is exported', () => {
    expect(needsReferenceConfirmation([name, roles], 101)).toBe(true);
    expect(needsReferenceConfirmation([name, roles], 100)).toBe(false);
    expect(needsReferenceConfirmation([name], 5000)).toBe(false);
  });

  it('builds tab-separated clipboard text without breaking rows', () => {
    expect(toTsv([name], [{ name: 'a\tb\nc' }, { name: '=1' }])).toBe("Name\na b c\n'=1");
  });

  it('names files after the resource and the day', () => {
    expect(exportFileName('dms/api/v1/tags', 'csv', new Date('2024-05-01T10:00:00Z'))).toBe(
      'tags-2024-05-01.csv',
    );
    expect(exportFileName('dms/api/v1/domains', 'xlsx', new Date('2026-11-25T10:00:00Z'))).toBe(
      'domains-2026-11-25.xlsx',
    );
    // one service's cron runs: the paths of all three end in cron-jobs
    expect(exportFileName('umms/api/v1/cron-jobs', 'csv', new Date('2026-11-25T10:00:00Z'))).toBe(
      'umms-cron-jobs-2026-11-25.csv',
    );
  });

  it("dates the file with the user's day, not UTC's", () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/Los_Angeles';
      // 20:30 on the 25th in California is already the 26th in UTC
      expect(exportFileName('dms/api/v1/domains', 'csv', new Date('2026-11-26T04:30:00Z'))).toBe(
        'domains-2026-11-25.csv',
      );
      process.env.TZ = 'Pacific/Auckland';
      expect(exportFileName('dms/api/v1/domains', 'csv', new Date('2026-11-25T12:30:00Z'))).toBe(
        'domains-2026-11-26.csv',
      );
    } finally {
      process.env.TZ = zone;
    }
  });
});
