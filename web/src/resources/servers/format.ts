/** How the hosting panel writes RunCloud's and OpCache's figures. */

const number = (n: number, digits = 1) =>
  n.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: 0 });

/** Bytes as MB or GB (OpCache's memory). */
export function formatBytes(bytes: number | null | undefined): string | null {
  if (bytes === null || bytes === undefined) return null;
  const mb = bytes / 1024 / 1024;
  return mb >= 1024 ? `${number(mb / 1024, 2)} GB` : `${number(mb, 1)} MB`;
}

/** Megabytes as MB or GB (RunCloud's health sample). */
export function formatMb(mb: number | null | undefined): string | null {
  if (mb === null || mb === undefined) return null;
  return mb >= 1024 ? `${number(mb / 1024, 2)} GB` : `${number(mb, 1)} MB`;
}

/** Gigabytes (RunCloud's hardware info). */
export const formatGb = (gb: number | null | undefined): string | null =>
  gb === null || gb === undefined ? null : `${number(gb, 2)} GB`;

export const formatPercent = (p: number | null | undefined, digits = 2): string | null =>
  p === null || p === undefined ? null : `${number(p, digits)}%`;

export const formatCount = (n: number | null | undefined): string | null =>
  n === null || n === undefined ? null : n.toLocaleString('en');

/** "used of total" with the share used, when both are known. */
export function usedOf(
  used: number | null | undefined,
  total: number | null | undefined,
  unit: (n: number) => string | null,
) {
  if (used === null || used === undefined || !total) return null;
  return `${unit(used)} of ${unit(total)} (${Math.round((used / total) * 100)}%)`;
}

/** OpCache restarts as "oom / hash / manual". */
export function restartsText(r: {
  oom_restarts: number | null;
  hash_restarts: number | null;
  manual_restarts: number | null;
}): string | null {
  if (r.oom_restarts === null && r.hash_restarts === null && r.manual_restarts === null) return null;
  return `${r.oom_restarts ?? 0} / ${r.hash_restarts ?? 0} / ${r.manual_restarts ?? 0}`;
}

/** A hit rate's colour: below 90% misses cost, below 75% the cache is too small or cleared too often. */
export function hitRateColor(rate: number | null | undefined): 'success' | 'warning' | 'error' | 'default' {
  if (rate === null || rate === undefined) return 'default';
  return rate >= 90 ? 'success' : rate >= 75 ? 'warning' : 'error';
}
