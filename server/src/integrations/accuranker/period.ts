import { AccurankerError } from './errors.js';
import type { AccurankerKeyword, AccurankerRank, DateRange } from './types.js';

/** The documented cap on `period_from`..`period_to`, counted in days with both ends included. */
export const MAX_PERIOD_DAYS = 100;

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Days since the epoch of a `YYYY-MM-DD` date; throws `invalid` for anything else. */
function dayNumber(date: string, what: string): number {
  const ms = DATE.test(date) ? Date.parse(`${date}T00:00:00Z`) : NaN;
  if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== date)
    throw new AccurankerError(
      'invalid',
      `The ${what} date "${String(date).slice(0, 40)}" is not a YYYY-MM-DD date`,
    );
  return ms / DAY_MS;
}

const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * Splits an inclusive range into consecutive inclusive windows of at most `maxDays` days, oldest first:
 * no day is left out and none is asked twice.
 */
export function periodWindows(range: DateRange, maxDays: number = MAX_PERIOD_DAYS): DateRange[] {
  if (!Number.isSafeInteger(maxDays) || maxDays < 1)
    throw new AccurankerError(
      'invalid',
      `A period window must be a whole number of days, at least 1 (got ${maxDays})`,
    );
  const first = dayNumber(range.from, 'start');
  const last = dayNumber(range.to, 'end');
  if (first > last)
    throw new AccurankerError('invalid', `The period starts (${range.from}) after it ends (${range.to})`);
  const windows: DateRange[] = [];
  for (let start = first; start <= last; start += maxDays)
    windows.push({ from: dayString(start), to: dayString(Math.min(start + maxDays - 1, last)) });
  return windows;
}

/**
 * Merges answers window by window (and page by page, where offset paging can repeat an entry): one entry per
 * keyword id in first-seen order, one rank per day, none outside the asked range, oldest first.
 */
export class KeywordMerger {
  private readonly keywords = new Map<
    number,
    { keyword: AccurankerKeyword; days: Map<string, AccurankerRank> }
  >();

  constructor(private readonly range: DateRange | null) {}

  add(keyword: AccurankerKeyword): void {
    const days = this.keywords.get(keyword.id)?.days ?? new Map<string, AccurankerRank>();
    for (const rank of keyword.ranks) {
      if (this.range && (rank.date < this.range.from || rank.date > this.range.to)) continue;
      const held = days.get(rank.date);
      // Two checks on one day: the later one stands, as it does in AccuRanker's own daily view.
      if (!held || Date.parse(rank.checkedAt) > Date.parse(held.checkedAt)) days.set(rank.date, rank);
    }
    // The later window is the fresher description (volume, engine name).
    this.keywords.set(keyword.id, { keyword, days });
  }

  result(): AccurankerKeyword[] {
    return [...this.keywords.values()].map(({ keyword, days }) => ({
      ...keyword,
      ranks: [...days.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    }));
  }
}
