/**
 * The dashboard's comparison periods (SPEC §2.3, §9) as pure date arithmetic on UTC calendar days
 * (`YYYY-MM-DD`), shared by the server (which sums and compares) and the console (which labels).
 *
 * Each comparison names a start day (SPEC §9's offsets, counted back from today): yesterday = 2 days ago,
 * seven-days = 7 days ago, thirty-days = 32 days ago, month-to-date = the first day of the month of the day
 * two days ago. The end day is yesterday (today's figures are not in yet).
 * - A figure that is a running total (backlinks, referring domains, domain rating, a keyword's rank) is read
 *   on the end day and compared with its value on the start day.
 * - A figure that accrues per day (sessions, clicks, conversions) is summed over the days after the start
 *   day up to the end day (the window), and compared with the same number of days just before, the start day
 *   being the last of them. 'Yesterday' compares yesterday with the day before.
 */
export const COMPARISONS = ['yesterday', 'month-to-date', 'thirty-days', 'seven-days'] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const COMPARISON_LABELS: Record<Comparison, string> = {
  yesterday: 'Yesterday',
  'month-to-date': 'Month-to-date',
  'thirty-days': '30-Days',
  'seven-days': '7-Days',
};

/** SPEC §9: analytics history is read over 66 days; a site's first import backfills as much. */
export const ANALYTICS_HISTORY_DAYS = 66;

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether text is a real calendar day `YYYY-MM-DD`. */
export function isDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

/** The UTC day of a moment. */
export function dayOf(at: Date | number): string {
  return new Date(typeof at === 'number' ? at : at.getTime()).toISOString().slice(0, 10);
}

/** Seconds since the epoch at the start (00:00 UTC) of a day: how days are stored. */
export function dayEpoch(day: string): number {
  if (!isDay(day)) throw new RangeError(`not a day: ${day}`);
  return Date.parse(`${day}T00:00:00Z`) / 1000;
}

/** The day that starts at an epoch second. */
export function epochDay(seconds: number): string {
  return dayOf(seconds * 1000);
}

export function addDays(day: string, n: number): string {
  return dayOf(dayEpoch(day) * 1000 + n * DAY_MS);
}

/** Days from a to b (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((dayEpoch(b) - dayEpoch(a)) / 86_400);
}

export interface DayRange {
  /** First day, inclusive. */
  start: string;
  /** Last day, inclusive. */
  end: string;
}

export interface ComparisonPeriod {
  comparison: Comparison;
  /** The day running totals are compared with. */
  start: string;
  /** The last day with figures (yesterday). */
  end: string;
  /** The days summed for per-day figures: the day after start through end. */
  window: DayRange;
  /** As many days just before the window (ending on start). */
  previous: DayRange;
}

export function comparisonPeriod(comparison: Comparison, today: string): ComparisonPeriod {
  const end = addDays(today, -1);
  const twoAgo = addDays(today, -2);
  const start =
    comparison === 'yesterday'
      ? twoAgo
      : comparison === 'seven-days'
        ? addDays(today, -7)
        : comparison === 'thirty-days'
          ? addDays(today, -32)
          : `${twoAgo.slice(0, 8)}01`;
  // Month-to-date on the 1st or 2nd of a month starts in the previous month (two days ago was there); on
  // the 3rd its start is the day before yesterday, like 'yesterday'.
  const length = Math.max(1, daysBetween(start, end));
  const window = { start: addDays(end, 1 - length), end };
  const previous = { start: addDays(start, 1 - length), end: start };
  return { comparison, start, end, window, previous };
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const out: string[] = [];
  for (let d = range.start; d <= range.end; d = addDays(d, 1)) out.push(d);
  return out;
}

/** The change from previous to current as a share (0.1 = +10%); null when there is nothing to compare. */
export function changeShare(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** A rank watch's limits: positions 1 to 100 (AccuRanker's depth), and at most this many keywords. */
export const RANK_WATCH = { minRank: 1, maxRank: 100, maxKeywords: 500 } as const;

/** A rank watch: keyword id (decimal) to the position it should hold. */
export type RankWatch = Record<string, number>;

/**
 * A rank watch checked the same way by the server and the console: an object of 1 to RANK_WATCH.maxKeywords
 * keyword ids, each to a whole position from 1 to 100. Answers the watch or the problem in words.
 */
export function parseRankWatch(value: unknown): { watch: RankWatch } | { problem: string } {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    return { problem: 'Pick the keywords to watch, each with a position' };
  const entries = Object.entries(value);
  if (entries.length === 0) return { problem: 'Pick at least one keyword to watch' };
  if (entries.length > RANK_WATCH.maxKeywords)
    return { problem: `At most ${RANK_WATCH.maxKeywords} keywords in one notification` };
  const watch: RankWatch = {};
  for (const [id, position] of entries) {
    if (!/^[1-9]\d{0,15}$/.test(id)) return { problem: `${id} is not a keyword id` };
    if (
      typeof position !== 'number' ||
      !Number.isInteger(position) ||
      position < RANK_WATCH.minRank ||
      position > RANK_WATCH.maxRank
    )
      return {
        problem: `Each position is a whole number from ${RANK_WATCH.minRank} to ${RANK_WATCH.maxRank}`,
      };
    watch[id] = position;
  }
  return { watch };
}

/** A keyword's crossing of its watched position (a rank alert's line). */
export interface RankCrossing {
  keyword: string;
  device: 'Desktop' | 'Mobile';
  position: number;
  previous_rank: number | null;
  rank: number | null;
  direction: 'dropped' | 'recovered';
}

const rankText = (rank: number | null) => (rank === null ? 'not ranked' : `#${rank}`);

/** A crossing in words, one line (the provider's keyword text kept on it): as the e-mail and the console say it. */
export function rankCrossingText(c: RankCrossing): string {
  const moved =
    c.direction === 'dropped'
      ? c.rank === null
        ? `fell out of the results (was ${rankText(c.previous_rank)})`
        : `fell to #${c.rank} from ${rankText(c.previous_rank)}`
      : `is back at ${rankText(c.rank)} (was ${rankText(c.previous_rank)})`;
  return `"${c.keyword.replace(/[\r\n]+/g, ' ')}" (${c.device}) ${moved}, watching top ${c.position}`;
}
