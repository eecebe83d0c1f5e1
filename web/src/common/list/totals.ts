import type { TotalKind } from '@sitefleet/shared';

const TOTAL_KINDS: readonly TotalKind[] = ['exact', 'estimate', 'atLeast'];

/** The total kind of a list page's meta; a server that says nothing counted exactly. */
export function totalKindOf(meta: unknown): TotalKind {
  const kind = meta && typeof meta === 'object' && 'totalKind' in meta ? meta.totalKind : undefined;
  return TOTAL_KINDS.find((k) => k === kind) ?? 'exact';
}

/**
 * 150000 → "150,000", as toLocaleString('en-US') writes a count, without it: the first call sets up the
 * browser's number formatting, tens of milliseconds the first list paid in its first render.
 */
export function groupDigits(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString('en-US');
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+$)/g, ',');
  return n < 0 ? `-${digits}` : digits;
}

/** A list's total as a person reads it: "150,000", "about 150,000" (an estimate) or "10,000+" (a bound). */
export function totalText(total: number, kind: TotalKind): string {
  const n = groupDigits(total);
  if (kind === 'estimate') return `about ${n}`;
  if (kind === 'atLeast') return `${n}+`;
  return n;
}

/** The pagination's range label: "26-50 of about 150,000". */
export function rangeLabel(from: number, to: number, total: number, kind: TotalKind): string {
  return `${groupDigits(from)}-${groupDigits(to)} of ${totalText(total, kind)}`;
}
