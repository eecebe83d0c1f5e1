import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';

dayjs.extend(advancedFormat);

/** SPEC §9 display formats. */
export const DEFAULT_TIME_FORMAT = 'Do, MMM YYYY, HH:mm:ss';
export const RECORD_DATE_FORMAT = 'DD-MM-YYYY, HH:mm:ss';
export const FILTER_DATE_FORMAT = 'YYYY-MM-DD';

/**
 * A timestamp as milliseconds. Numbers (or numeric strings) of up to 10 digits are epoch seconds
 * (SPEC §2.7), longer ones milliseconds; other strings are parsed as dates. Unknown → null.
 */
export function toMillis(value: unknown): number | null {
  if (value === null || value === undefined || value === '' || typeof value === 'boolean') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.getTime();
  const numeric =
    typeof value === 'number' ? value : /^\d+(\.\d+)?$/.test(String(value)) ? Number(value) : NaN;
  if (Number.isFinite(numeric)) {
    const digits = String(Math.trunc(Math.abs(numeric))).length;
    return digits <= 10 ? numeric * 1000 : numeric;
  }
  const parsed = Date.parse(String(value));
  return Number.isNaN(parsed) ? null : parsed;
}

/** 'Do, MMM YYYY, HH:mm:ss' in local time, or null when the value is not a date. */
export function formatTime(value: unknown, format: string = DEFAULT_TIME_FORMAT): string | null {
  const ms = toMillis(value);
  return ms === null ? null : dayjs(ms).format(format);
}

/** Record date cards and exports: 'DD-MM-YYYY, HH:mm:ss'. */
export function formatRecordDate(value: unknown): string | null {
  return formatTime(value, RECORD_DATE_FORMAT);
}

/** 'YYYY-MM-DD' → epoch seconds at 00:00 UTC (or 23:59:59 with endOfDay); invalid → null. */
export function dateToSeconds(date: string, endOfDay = false): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date.trim());
  if (!match) return null;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const ms = Date.UTC(y, m - 1, d);
  const check = new Date(ms);
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  return ms / 1000 + (endOfDay ? 86_399 : 0);
}

/** Epoch seconds (or any value toMillis accepts) → 'YYYY-MM-DD' in UTC, the filter display form. */
export function secondsToDate(value: unknown): string | null {
  const ms = toMillis(value);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}
