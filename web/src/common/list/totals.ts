import type { TotalKind } from '@sitefleet/shared';

const TOTAL_KINDS: readonly TotalKind[] = ['exact', 'estimate', 'atLeast'];

/** The total kind of a list page's meta; a server that says nothing counted exactly. */
export function totalKindOf(meta: unknown): TotalKind {
  const kind = meta && typeof meta === 'object' && 'totalKind' in meta ? meta.totalKind : undefined;
  return TOTAL_KINDS.find((k) => k === kind) ?? 'exact';
}

/** A list's total as a person reads it: "150,000", "about 150,000" (an estimate) or "10,000+" (a bound). */
export function totalText(total: number, kind: TotalKind): string {
  const n = total.toLocaleString('en-US');
  if (kind === 'estimate') return `about ${n}`;
  if (kind === 'atLeast') return `${n}+`;
  return n;
}

/** The pagination's range label: "26-50 of about 150,000". */
export function rangeLabel(from: number, to: number, total: number, kind: TotalKind): string {
  return `${from.toLocaleString('en-US')}-${to.toLocaleString('en-US')} of ${totalText(total, kind)}`;
}
