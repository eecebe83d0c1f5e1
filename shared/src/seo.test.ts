import { describe, expect, it } from 'vitest';
import {
  addDays,
  changeShare,
  comparisonPeriod,
  dayEpoch,
  daysOf,
  epochDay,
  isDay,
  parseRankWatch,
  RANK_WATCH,
  rankCrossingText,
} from './seo.js';

describe('comparison periods (SPEC §9 offsets, fixed clock)', () => {
  const today = '2026-11-25';

  it('yesterday: yesterday against the day before', () => {
    expect(comparisonPeriod('yesterday', today)).toEqual({
      comparison: 'yesterday',
      start: '2026-11-23',
      end: '2026-11-24',
      window: { start: '2026-11-24', end: '2026-11-24' },
      previous: { start: '2026-11-23', end: '2026-11-23' },
    });
  });

  it('seven-days starts 7 days ago, thirty-days 32 days ago', () => {
    const week = comparisonPeriod('seven-days', today);
    expect(week.start).toBe('2026-11-18');
    expect(week.window).toEqual({ start: '2026-11-19', end: '2026-11-24' });
    expect(week.previous).toEqual({ start: '2026-11-13', end: '2026-11-18' });
    const month = comparisonPeriod('thirty-days', today);
    expect(month.start).toBe('2026-10-24');
    expect(daysOf(month.window)).toHaveLength(31);
    expect(month.previous.end).toBe('2026-10-24');
  });

  it('month-to-date starts on the 1st of the month of the day two days ago', () => {
    expect(comparisonPeriod('month-to-date', today).start).toBe('2026-11-01');
    // On the 2nd, two days ago is in the previous month.
    expect(comparisonPeriod('month-to-date', '2026-12-02').start).toBe('2026-11-01');
    // On the 3rd, it is the 1st: one day's window, like yesterday.
    const third = comparisonPeriod('month-to-date', '2026-12-03');
    expect(third.start).toBe('2026-12-01');
    expect(third.window).toEqual({ start: '2026-12-02', end: '2026-12-02' });
    // Across a year end and a leap day.
    expect(comparisonPeriod('month-to-date', '2027-01-01').start).toBe('2026-12-01');
    expect(comparisonPeriod('seven-days', '2028-03-03').start).toBe('2028-02-25');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('days round-trip through their stored epoch', () => {
    expect(dayEpoch('1970-01-02')).toBe(86_400);
    expect(epochDay(dayEpoch('2026-02-28'))).toBe('2026-02-28');
    expect(isDay('2026-02-29')).toBe(false);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-1-01')).toBe(false);
    expect(() => dayEpoch('yesterday')).toThrow(RangeError);
  });

  it('changes are shares of the previous value, none when it is zero or missing', () => {
    expect(changeShare(110, 100)).toBeCloseTo(0.1);
    expect(changeShare(90, 100)).toBeCloseTo(-0.1);
    expect(changeShare(5, 0)).toBeNull();
    expect(changeShare(null, 3)).toBeNull();
  });

  it('a rank watch maps keyword ids to positions 1 to 100', () => {
    expect(parseRankWatch({ '12': 10, '7': 1 })).toEqual({ watch: { '12': 10, '7': 1 } });
    expect(parseRankWatch({})).toEqual({ problem: 'Pick at least one keyword to watch' });
    expect(parseRankWatch([])).toHaveProperty('problem');
    expect(parseRankWatch({ '12': 0 })).toHaveProperty('problem');
    expect(parseRankWatch({ '12': 101 })).toHaveProperty('problem');
    expect(parseRankWatch({ '12': 2.5 })).toHaveProperty('problem');
    expect(parseRankWatch({ x: 3 })).toEqual({ problem: 'x is not a keyword id' });
    const many = Object.fromEntries(
      Array.from({ length: RANK_WATCH.maxKeywords + 1 }, (_, i) => [String(i + 1), 5]),
    );
    expect(parseRankWatch(many)).toHaveProperty('problem');
  });

  it('says each crossing of a watched position in one line', () => {
    const base = { keyword: 'casino\nbonus', device: 'Mobile', position: 10 } as const;
    expect(rankCrossingText({ ...base, previous_rank: 8, rank: 14, direction: 'dropped' })).toBe(
      '"casino bonus" (Mobile) fell to #14 from #8, watching top 10',
    );
    expect(rankCrossingText({ ...base, previous_rank: 9, rank: null, direction: 'dropped' })).toBe(
      '"casino bonus" (Mobile) fell out of the results (was #9), watching top 10',
    );
    expect(rankCrossingText({ ...base, previous_rank: null, rank: 3, direction: 'recovered' })).toBe(
      '"casino bonus" (Mobile) is back at #3 (was not ranked), watching top 10',
    );
  });
});
