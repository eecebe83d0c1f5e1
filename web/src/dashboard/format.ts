import { changeShare } from '@sitefleet/shared';

const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A count with thousands separators; '-' for no figure. */
export const formatCount = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : integer.format(value);

export const formatDecimal = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : decimal.format(value);

/** A share (0.123) as a percentage ('12.3%'). */
export const formatPercent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '-' : percent.format(value);

/** Seconds as '1m 05s' (or '42s'). */
export const formatDuration = (seconds: number | null | undefined): string => {
  if (seconds === null || seconds === undefined) return '-';
  const whole = Math.round(seconds);
  const m = Math.floor(whole / 60);
  const s = whole % 60;
  return m ? `${m}m ${String(s).padStart(2, '0')}s` : `${s}s`;
};

/** A change share signed ('+12.3%', '-4%', '0%'); null when there is nothing to compare. */
export const formatChange = (change: number | null): string | null =>
  change === null ? null : `${change > 0 ? '+' : ''}${percent.format(change)}`;

/** The change of a running total read on two days. */
export const changeOf = (current: number | null | undefined, previous: number | null | undefined) =>
  changeShare(current ?? null, previous ?? null);

/** The path (and query) of a URL, for short labels; the text itself when it is not a URL. */
export const pathOf = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.pathname}${u.search}` || '/';
  } catch {
    return url;
  }
};
