import type { MonitorChange } from '@sitefleet/shared';

/** A confirmed up/down change of a monitor (epoch seconds). */
export interface StatusChange {
  status: 'up' | 'down';
  at: number;
  message: string | null;
}

/** SPEC §3 up_down_changes: each change with the time it happened and how long the state lasted. */
export type TimelineItem = MonitorChange;

/** Changes in time order with their durations; the last one lasts until now. */
export function timeline(changes: readonly StatusChange[], now: number): TimelineItem[] {
  return changes.map((c, i) => ({
    status: c.status,
    time: c.at,
    duration: Math.max(0, (changes[i + 1]?.at ?? now) - c.at),
    message: c.message,
  }));
}

/**
 * The share of [from, to) the monitor was up, over the part of the window it had a known status (time
 * before the first change counts for nothing). `changes` in time order, starting with the last change
 * before `from` if there is one. Null when no part of the window has a known status.
 */
export function uptimeRatio(changes: readonly StatusChange[], from: number, to: number): number | null {
  let up = 0;
  let known = 0;
  for (let i = 0; i < changes.length; i++) {
    const start = Math.max(from, changes[i]!.at);
    const end = Math.min(to, changes[i + 1]?.at ?? to);
    if (end <= start) continue;
    known += end - start;
    if (changes[i]!.status === 'up') up += end - start;
  }
  if (known > 0) return up / known;
  // Only an instant known (a first check just now): the status at `to` is the answer.
  let current: StatusChange | undefined;
  for (const c of changes) if (c.at <= to) current = c;
  return current && current.at >= from ? (current.status === 'up' ? 1 : 0) : null;
}
