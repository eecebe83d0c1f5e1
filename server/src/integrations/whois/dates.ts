/** Order of an all-numeric date whose first two parts could both be a day or a month. */
export type DateOrder = 'dmy' | 'mdy' | 'ymd';

/** value: epoch seconds or null; ambiguous: the text was a date, but day and month could not be told apart. */
export interface DateReading {
  value: number | null;
  ambiguous: boolean;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const FULL_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

const TIME = String.raw`(?:[T\s]+(?:at\s+)?(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?`;
const ZONE = String.raw`\s*(\(?(?:UTC|GMT)[+-]\d{1,2}(?::?\d{2})?\)?|[+-]\d{2}(?::?\d{2})?|Z\b|UTC\b|GMT\b|\(JST\)|JST\b)?`;

// 2027-10-13T04:00:00Z, 2027/10/13 01:05:02 (JST), 2027.10.13 10:00:00 +02:00, KISA's "2027. 10. 13."
const YEAR_FIRST = new RegExp(
  String.raw`^(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})(?!\d)\.?${TIME}${ZONE}`,
  'i',
);
// Registro.br and nic.at: 20271013, 20271013 12:00:00.
const COMPACT = new RegExp(String.raw`^(\d{4})(\d{2})(\d{2})(?!\d)${TIME}${ZONE}`, 'i');
// TRABIS: 2027-Oct-13.
const YEAR_MONTH_NAME = /^(\d{4})-([A-Za-z]{3,9})-(\d{1,2})(?!\d)/;
// 13-Oct-2027, 13 October 2027 10:00:00, 01st January 2000 at 00:00:00.000.
const DAY_MONTH_NAME = new RegExp(
  String.raw`^(\d{1,2})(?:st|nd|rd|th)?[-\s.]+([A-Za-z]{3,9})\.?[-\s,]+(\d{4})(?!\d)${TIME}${ZONE}`,
  'i',
);
// Dec 12 2000, December 12, 2000 10:00:00.
const MONTH_NAME_DAY = new RegExp(
  String.raw`^([A-Za-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?!\d)${TIME}${ZONE}`,
  'i',
);
// 11-07-2020, 11/07/2020, 1.1.2000 12:00:00: day-first or month-first, only the registry knows.
const NUMERIC = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{4})(?!\d)${TIME}${ZONE}`, 'i');
const WEEKDAY = /^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+/i;

function offsetMinutes(zone: string | undefined): number {
  if (!zone) return 0;
  if (/jst/i.test(zone)) return 9 * 60;
  const match = /([+-])(\d{1,2})(?::?(\d{2}))?\)?$/.exec(zone);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  return match[1] === '-' ? -minutes : minutes;
}

function monthNumber(name: string): number {
  const lower = name.toLowerCase();
  const index = MONTHS.indexOf(lower.slice(0, 3));
  // "Sept" and "September" are fine; "Mayday" is not a month.
  return index >= 0 && FULL_MONTHS[index]!.startsWith(lower.replace(/^sept$/, 'sep')) ? index + 1 : 0;
}

function utcSeconds(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offset = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) return null; // 31-Feb and friends
  return Math.floor(ms / 1000) - offset * 60;
}

const num = (v: string | undefined) => (v === undefined ? 0 : Number(v));
const found = (value: number | null): DateReading => ({ value, ambiguous: false });

/** Time and zone groups follow the three date groups at `at` in every pattern above. */
function withTime(m: RegExpExecArray, at: number, y: number, mo: number, d: number): number | null {
  return utcSeconds(y, mo, d, num(m[at]), num(m[at + 1]), num(m[at + 2]), offsetMinutes(m[at + 3]));
}

function readNumeric(m: RegExpExecArray, order: DateOrder | undefined): DateReading {
  const [a, b, y] = [num(m[1]), num(m[3]), num(m[4])];
  let dayFirst: boolean;
  if (a === b || (a > 12 && b <= 12)) dayFirst = true;
  else if (b > 12 && a <= 12) dayFirst = false;
  else if (order === 'dmy' || order === 'mdy') dayFirst = order === 'dmy';
  else return { value: null, ambiguous: a <= 12 && b <= 12 };
  // A registry declared for one order that prints a date only the other order can read is not trusted either.
  if (order && order !== 'ymd' && dayFirst !== (order === 'dmy') && a !== b)
    return { value: null, ambiguous: true };
  return found(withTime(m, 5, y, dayFirst ? b : a, dayFirst ? a : b));
}

/**
 * Reads the date spellings WHOIS servers use into epoch seconds (UTC unless the text names a zone). Year-first
 * and month-name dates are read anywhere; an all-numeric day/month pair is read only when one part is over 12
 * or `order` (the registry's declared format) says which comes first. Otherwise the date is not guessed: the
 * reading is null and flagged ambiguous. Vague text ("before Aug-1996") is null without a flag.
 */
export function readWhoisDate(raw: string | null | undefined, order?: DateOrder): DateReading {
  const text = raw?.trim().replace(WEEKDAY, '');
  if (!text || /^before\b/i.test(text)) return found(null);
  let m = YEAR_FIRST.exec(text);
  if (m) return found(withTime(m, 5, num(m[1]), num(m[3]), num(m[4])));
  m = COMPACT.exec(text);
  if (m) return found(withTime(m, 4, num(m[1]), num(m[2]), num(m[3])));
  m = YEAR_MONTH_NAME.exec(text);
  if (m) return found(utcSeconds(num(m[1]), monthNumber(m[2]!), num(m[3])));
  m = DAY_MONTH_NAME.exec(text);
  if (m) return found(withTime(m, 4, num(m[3]), monthNumber(m[2]!), num(m[1])));
  m = MONTH_NAME_DAY.exec(text);
  if (m) return found(withTime(m, 4, num(m[3]), monthNumber(m[1]!), num(m[2])));
  m = NUMERIC.exec(text);
  if (m) return readNumeric(m, order);
  return found(null);
}

/** Epoch seconds of a WHOIS date, or null when it is unreadable, vague or ambiguous. */
export function parseWhoisDate(raw: string | null | undefined, order?: DateOrder): number | null {
  return readWhoisDate(raw, order).value;
}
