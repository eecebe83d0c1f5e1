import { describe, expect, it } from 'vitest';
import { dayStart, isDueOn, nextDue, nextRunAfter, upcoming, weekdayIndex, type Cadence } from './cadence.js';

const at = (iso: string) => Date.parse(iso) / 1000;
const days = (list: number[]) => list.map((s) => new Date(s * 1000).toISOString().slice(0, 10));

describe('schedule cadence', () => {
  it('knows the UTC day and weekday of a moment', () => {
    expect(dayStart(at('2026-03-04T17:45:00Z'))).toBe(at('2026-03-04T00:00:00Z'));
    expect(weekdayIndex(at('2026-03-02T00:00:00Z'))).toBe(0); // a Monday
    expect(weekdayIndex(at('2026-03-08T23:59:59Z'))).toBe(6); // a Sunday
  });

  it('repeats every N days from the start day', () => {
    const every3: Cadence = { unit: 'days', every: 3, on: [], start: at('2026-03-04T10:00:00Z') };
    expect(days(upcoming(every3, at('2026-03-01T00:00:00Z'), 4))).toEqual([
      '2026-03-04',
      '2026-03-07',
      '2026-03-10',
      '2026-03-13',
    ]);
    // From a moment inside a due day: the next due day, not that one.
    expect(days(upcoming(every3, at('2026-03-07T08:00:00Z'), 2))).toEqual(['2026-03-10', '2026-03-13']);
    const daily: Cadence = { unit: 'days', every: 1, on: [], start: at('2026-01-31T00:00:00Z') };
    expect(days(upcoming(daily, at('2026-02-27T00:00:00Z'), 3))).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
    ]);
    const every15: Cadence = { unit: 'days', every: 15, on: [], start: at('2026-01-01T00:00:00Z') };
    expect(days(upcoming(every15, at('2026-01-02T00:00:00Z'), 2))).toEqual(['2026-01-16', '2026-01-31']);
  });

  it('repeats on the chosen weekdays of every N-th week, counted from the start week', () => {
    // Starts on Wednesday 2026-03-04: its week (from Monday 2026-03-02) is week 0.
    const biweekly: Cadence = {
      unit: 'weeks',
      every: 2,
      on: ['monday', 'friday'],
      start: at('2026-03-04T00:00:00Z'),
    };
    expect(days(upcoming(biweekly, at('2026-03-01T00:00:00Z'), 5))).toEqual([
      '2026-03-06', // the Friday of week 0 (its Monday is before the start)
      '2026-03-16',
      '2026-03-20',
      '2026-03-30',
      '2026-04-03',
    ]);
    expect(isDueOn(biweekly, at('2026-03-09T00:00:00Z'))).toBe(false); // a Monday of week 1
    const weekly: Cadence = { unit: 'weeks', every: 1, on: ['sunday'], start: at('2026-03-04T00:00:00Z') };
    expect(days(upcoming(weekly, at('2026-03-04T00:00:00Z'), 3))).toEqual([
      '2026-03-08',
      '2026-03-15',
      '2026-03-22',
    ]);
  });

  it('has no due date for a weekly schedule without weekdays', () => {
    expect(nextDue({ unit: 'weeks', every: 1, on: [], start: 0 }, at('2026-03-04T00:00:00Z'))).toBeNull();
  });

  it("puts the next article on today's date until it is written, then the next due date", () => {
    const c: Cadence = { unit: 'days', every: 2, on: [], start: at('2026-03-04T00:00:00Z') };
    const noon = at('2026-03-06T12:00:00Z');
    expect(days([nextRunAfter(c, noon, null)!])).toEqual(['2026-03-06']);
    expect(days([nextRunAfter(c, noon, at('2026-03-06T00:00:00Z'))!])).toEqual(['2026-03-08']);
    // Days missed while nothing ran are skipped: one article for today, not a backlog.
    expect(days([nextRunAfter(c, noon, at('2026-02-20T00:00:00Z'))!])).toEqual(['2026-03-06']);
    // A start in the future waits for it.
    const later: Cadence = { ...c, start: at('2026-04-01T00:00:00Z') };
    expect(days([nextRunAfter(later, noon, null)!])).toEqual(['2026-04-01']);
  });
});
