import { WEEKDAYS, type FrequencyUnit, type Weekday } from '@sitefleet/shared';

/**
 * When a schedule's articles are due (SPEC §3 Narrativa schedule, §9): every `every` days counted from
 * its start day; or, weekly, on the chosen weekdays of every `every`-th week counted from the week (Monday
 * to Sunday) its start day is in. An article is due at 00:00 UTC of its day. Pure: the clock is an argument.
 */
export interface Cadence {
  unit: FrequencyUnit;
  /** 1 to 15. */
  every: number;
  /** The weekdays of a weekly schedule. */
  on: readonly Weekday[];
  /** The day the cadence counts from: any moment of it, epoch seconds. */
  start: number;
}

export const DAY_SECONDS = 86_400;
/** Occurrences looked at before giving up (a weekly schedule with no weekday has none). */
const HORIZON_DAYS = 15 * 7 * 2;

/** 00:00 UTC of the day holding `at` (epoch seconds). */
export const dayStart = (at: number): number => Math.floor(at / DAY_SECONDS) * DAY_SECONDS;

/** 0 for Monday … 6 for Sunday, of the UTC day holding `at`. */
export const weekdayIndex = (at: number): number => (new Date(dayStart(at) * 1000).getUTCDay() + 6) % 7;

/** Whether an article is due on the UTC day that starts at `day`. */
export function isDueOn(c: Cadence, day: number): boolean {
  const start = dayStart(c.start);
  if (day < start) return false;
  const days = Math.round((day - start) / DAY_SECONDS);
  if (c.unit === 'days') return days % c.every === 0;
  const weekOfStart = start - weekdayIndex(start) * DAY_SECONDS;
  const weeks = Math.floor((day - weekOfStart) / (7 * DAY_SECONDS));
  return weeks % c.every === 0 && c.on.includes(WEEKDAYS[weekdayIndex(day)]!);
}

/**
 * The first due moment at or after `from` (epoch seconds; a moment inside a day counts from the next
 * day start unless it is one), or null when there is none (a weekly schedule without weekdays).
 */
export function nextDue(c: Cadence, from: number): number | null {
  let day = dayStart(from) === from ? from : dayStart(from) + DAY_SECONDS;
  day = Math.max(day, dayStart(c.start));
  for (let i = 0; i <= HORIZON_DAYS; i += 1, day += DAY_SECONDS) if (isDueOn(c, day)) return day;
  return null;
}

/** The next `count` due moments at or after `from`. */
export function upcoming(c: Cadence, from: number, count: number): number[] {
  const out: number[] = [];
  let at: number | null = from;
  while (out.length < count && at !== null) {
    at = nextDue(c, at);
    if (at !== null) {
      out.push(at);
      at += DAY_SECONDS;
    }
  }
  return out;
}

/**
 * Where a schedule's next article falls after it was saved or after a due date was written: the first due
 * day from today (today's own, if due today and not written yet) that comes after the last written one.
 */
export function nextRunAfter(c: Cadence, now: number, lastRun: number | null): number | null {
  const from = Math.max(dayStart(now), lastRun === null ? 0 : lastRun + DAY_SECONDS);
  return nextDue(c, from);
}
