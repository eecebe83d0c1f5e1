import { describe, expect, it } from 'vitest';
import { dateToSeconds, formatRecordDate, formatTime, secondsToDate, toMillis } from './dates';

describe('dates', () => {
  it('treats 10-digit timestamps as seconds and 13-digit ones as milliseconds', () => {
    expect(toMillis(1704067200)).toBe(1704067200000);
    expect(toMillis('1704067200')).toBe(1704067200000);
    expect(toMillis(1704067200000)).toBe(1704067200000);
    expect(toMillis('2024-01-01T00:00:00Z')).toBe(1704067200000);
    expect(toMillis(null)).toBeNull();
    expect(toMillis('')).toBeNull();
    expect(toMillis('nonsense')).toBeNull();
  });

  it('formats record dates as DD-MM-YYYY, HH:mm:ss', () => {
    expect(formatRecordDate(1704164645)).toBe('02-01-2024, 03:04:05');
    expect(formatRecordDate(undefined)).toBeNull();
  });

  it("uses 'Do, MMM YYYY, HH:mm:ss' as the default time format", () => {
    expect(formatTime(1704164645)).toBe('2nd, Jan 2024, 03:04:05');
    expect(formatTime(1704164645, 'HH:mm')).toBe('03:04');
  });

  it('converts filter dates to and from epoch seconds', () => {
    expect(dateToSeconds('2024-01-01')).toBe(1704067200);
    expect(dateToSeconds('2024-01-01', true)).toBe(1704153599);
    expect(dateToSeconds('2024-02-30')).toBeNull();
    expect(dateToSeconds('01/02/2024')).toBeNull();
    expect(secondsToDate(1704067200)).toBe('2024-01-01');
    expect(secondsToDate('x')).toBeNull();
  });
});
