import {
  actions,
  STATIC_OPERATION_LABELS,
  STATIC_PHASE_LABELS,
  type StaticOperation,
  type StaticPhase,
  type StaticProgress,
} from '@sitefleet/shared';
import type { Identifier } from 'react-admin';

/** A link site's static status as the static-sites list answers it (the declaration's fields and computed values). */
export interface StaticStatus {
  id: Identifier;
  hostname: string;
  static_state: 'wordpress' | 'static';
  runcloud_alias_id: number | null;
  current_release: string | null;
  releases: number;
  last_publish_at: number | null;
  gate: 'passed' | 'failed' | null;
  gate_result: { reasons?: string[] } | null;
  origin_url: string | null;
  running_run_id: number | null;
  progress: StaticProgress | null;
}

/** The action each operation calls. */
export const STATIC_ACTIONS = {
  convert: actions.staticSite.convertToStatic,
  publish: actions.staticSite.publishStatic,
  rollback: actions.staticSite.rollbackStatic,
} as const;

/**
 * SPEC §4: a site with a RunCloud alias can be rolled back or have static changes published; without one (and on
 * WordPress) it can be converted. A site converted here before its alias exists is static: it publishes and
 * rolls back too.
 */
export function offeredOperations(
  s: Pick<StaticStatus, 'static_state' | 'runcloud_alias_id'>,
): StaticOperation[] {
  const hasAlias = s.runcloud_alias_id !== null && s.runcloud_alias_id !== undefined;
  if (s.static_state === 'static') return ['publish', 'rollback'];
  return hasAlias ? ['publish'] : ['convert'];
}

/** What a menu entry says: a rollback names where it goes when the site has an earlier release. */
export function operationLabel(op: StaticOperation, s: Pick<StaticStatus, 'releases'>): string {
  if (op === 'rollback')
    return s.releases > 1 ? 'Rollback (to the previous release)' : STATIC_OPERATION_LABELS.rollback;
  return STATIC_OPERATION_LABELS[op];
}

/** File sizes in base 1024 (SPEC §9): 1.5 MB, 820 KB. */
export function formatBytes(value: unknown): string | null {
  const n = Number(value);
  if (value === null || value === undefined || !Number.isFinite(n) || n < 0) return null;
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let v = n;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  return `${u === 0 ? v : v.toFixed(v >= 10 ? 0 : 1)} ${units[u]}`;
}

/** The phase in words, and the crawl's counts while it runs. */
export function progressText(p: StaticProgress | null | undefined): string {
  if (!p) return 'Waiting for a worker…';
  const phase = STATIC_PHASE_LABELS[p.phase as StaticPhase] ?? p.phase;
  if (p.phase === 'crawling')
    return `${phase}: ${p.pages} pages, ${p.files} files written, ${p.queued} waiting${p.errors ? `, ${p.errors} errors` : ''}`;
  return p.message && p.phase !== 'done' && p.phase !== 'failed' ? `${phase}: ${p.message}` : phase;
}

/** How far a run is, 0-100, for a determinate bar; null while it cannot be told (indeterminate). */
export function progressPercent(p: StaticProgress | null | undefined, finished: boolean): number | null {
  if (finished) return 100;
  if (!p) return null;
  const order: StaticPhase[] = ['seeding', 'crawling', 'gate', 'publishing', 'switching'];
  const at = order.indexOf(p.phase);
  if (at < 0) return null;
  if (p.phase !== 'crawling') return Math.round(((at + 0.5) / order.length) * 100);
  const total = p.files + p.queued;
  const share = total > 0 ? p.files / total : 0;
  return Math.round(((1 + share) / order.length) * 100);
}
