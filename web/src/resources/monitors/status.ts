import type { ChipColor } from '../../common/fields/ChoiceChip';

export interface Indicator {
  label: 'Up' | 'Down' | 'Not added yet';
  color: ChipColor;
}

/** SPEC §4 monitoring indicator: up green, down red, anything else (pending, unknown) 'Not added yet'. */
export function monitorIndicator(status: unknown): Indicator {
  if (status === 'up') return { label: 'Up', color: 'success' };
  if (status === 'down') return { label: 'Down', color: 'error' };
  return { label: 'Not added yet', color: 'default' };
}

const RANK: Record<string, number> = { down: 2, up: 1 };
const rank = (status: unknown) => RANK[String(status)] ?? 0;

interface MonitorLike {
  id: unknown;
  status?: unknown;
  website_id?: unknown;
}

/** The monitor that speaks for a site with several: down before up before anything else. */
export function worstMonitor<M extends MonitorLike>(monitors: readonly M[]): M | undefined {
  return monitors.reduce<M | undefined>(
    (worst, m) => (!worst || rank(m.status) > rank(worst.status) ? m : worst),
    undefined,
  );
}

export interface SiteMonitors<M> {
  /** The worst of the site's monitors. */
  shown: M;
  count: number;
}

/** Monitors grouped by website id (the same monitor listed twice counts once), each site with its worst. */
export function monitorsBySite<M extends MonitorLike>(monitors: readonly M[]): Map<string, SiteMonitors<M>> {
  const unique = new Map(monitors.map((m) => [String(m.id), m]));
  const groups = new Map<string, M[]>();
  for (const m of unique.values()) {
    if (m.website_id === null || m.website_id === undefined) continue;
    const key = String(m.website_id);
    groups.set(key, [...(groups.get(key) ?? []), m]);
  }
  return new Map(
    [...groups].map(([site, list]) => [site, { shown: worstMonitor(list)!, count: list.length }]),
  );
}
