import { describe, expect, it } from 'vitest';
import { parseConversionCsv } from './conversions.js';

describe('conversion reports', () => {
  it('maps the chosen columns, adds up a day split over rows, reads the date format asked for', () => {
    const csv = [
      'Date;Brand;Unique Clicks;Registrations;First Deposits',
      '01/11/2026;Alpha;1,204;31;9',
      '01/11/2026;Beta;300;4;',
      '"02/11/2026";Alpha;99;1;0',
      '',
    ].join('\n');
    const r = parseConversionCsv(
      csv,
      { date: 'date', clicks: 'Unique Clicks', signups: 'registrations', ftd: 'First Deposits' },
      'DD/MM/YYYY',
    );
    expect(r.errors).toEqual([]);
    expect(r.rows).toBe(3);
    expect(r.days).toEqual([
      { date: '2026-11-01', clicks: 1504, signups: 35, ftd: 9 },
      { date: '2026-11-02', clicks: 99, signups: 1, ftd: 0 },
    ]);
  });

  it('names every bad line and imports nothing from a file with one', () => {
    const r = parseConversionCsv('day,clicks\n2026-02-30,5\n2026-03-01,-2\n2026-03-02,7\n', {
      date: 'day',
      clicks: 'clicks',
    });
    expect(r.errors).toEqual([
      { line: 2, message: '"2026-02-30" is not a date (YYYY-MM-DD)' },
      { line: 3, message: 'clicks: "-2" is not a count' },
    ]);
  });

  it('says which mapped column the header lacks, and needs one figure at least', () => {
    expect(parseConversionCsv('date,clicks\n2026-01-01,1', { date: 'date', ftd: 'FTD' }).errors[0]).toEqual({
      line: 1,
      message: 'No column "FTD" in the header',
    });
    expect(parseConversionCsv('date,clicks\n2026-01-01,1', { date: 'date' }).errors[0]!.message).toMatch(
      /at least one/,
    );
    expect(parseConversionCsv('\n\n', { date: 'date', clicks: 'c' }).errors[0]!.message).toBe(
      'The file is empty',
    );
  });
});
