const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

// Year-first: 2027-10-13, 2027-10-13T04:00:00Z, 2027/10/13 01:05:02 (JST), 2027.10.13 10:00:00 +02:00.
const YEAR_FIRST =
  /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\.?(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|UTC|GMT|[+-]\d{2}:?\d{2}|\(JST\)|JST)?/i;
// Day-first with a month name: 13-Oct-2027, 13 October 2027 10:00:00.
const DAY_MONTH_YEAR =
  /^(\d{1,2})[-\s.]([A-Za-z]{3})[a-z]*\.?[-\s,]+(\d{4})(?:[T\s]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/;
// Day-first numeric with dots, as several European registries print it: 13.10.2027.
const DOTTED_DAY_FIRST = /^(\d{1,2})\.(\d{1,2})\.(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?)?/;

function offsetMinutes(zone: string | undefined): number {
  if (!zone || /^(z|utc|gmt)$/i.test(zone)) return 0;
  if (/jst/i.test(zone)) return 9 * 60;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === '-' ? -minutes : minutes;
}

function utcSeconds(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, offset = 0): number | null {
  if (mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || s > 60) return null;
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) return null; // 31-Feb and friends
  return Math.floor(ms / 1000) - offset * 60;
}

const num = (v: string | undefined) => (v === undefined ? 0 : Number(v));

/**
 * Parses the date spellings WHOIS servers use into epoch seconds (UTC unless the text names a zone);
 * null for anything vague ("before Aug-1996") or unreadable.
 */
export function parseWhoisDate(raw: string | null | undefined): number | null {
  const text = raw?.trim();
  if (!text || /^before\b/i.test(text)) return null;
  let m = YEAR_FIRST.exec(text);
  if (m) {
    const [, y, mo, d, h, mi, s, zone] = m;
    return utcSeconds(num(y), num(mo), num(d), num(h), num(mi), num(s), offsetMinutes(zone));
  }
  m = DAY_MONTH_YEAR.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    return month ? utcSeconds(num(m[3]), month, num(m[1]), num(m[4]), num(m[5]), num(m[6])) : null;
  }
  m = DOTTED_DAY_FIRST.exec(text);
  if (m) return utcSeconds(num(m[3]), num(m[2]), num(m[1]), num(m[4]), num(m[5]), num(m[6]));
  // Last resort for prose dates ("Tue Dec 12 2000"); pinned to UTC so the host's zone does not leak in.
  const hasZone = /(utc|gmt|z|[+-]\d{2}:?\d{2})$/i.test(text);
  const ms = Date.parse(hasZone ? text : `${text} UTC`);
  return Number.isNaN(ms) ? null : Math.floor(ms / 1000);
}
