import type { StatusChange } from './types';

export const DAY = 86_400;

/** The timeline's windows; the keys are those of the uptime ratios. */
export const WINDOWS = {
  day: { label: '24 h', seconds: DAY },
  week: { label: '7 d', seconds: 7 * DAY },
  month: { label: '30 d', seconds: 30 * DAY },
} as const;
export type WindowKey = keyof typeof WINDOWS;

export const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface Segment {
  /** 'none': no data (before the first change in the list). */
  status: 'up' | 'down' | 'none';
  from: number;
  to: number;
  /** Share of the window, 0..1. */
  share: number;
  /** The last segment of a monitor with data: its state goes on. */
  ongoing: boolean;
  message: string | null;
}

/**
 * The window [start, now] cut into the states it saw, in time order: grey until the first change, then
 * each change until the next one (the last until now). Changes before the window are clipped to it.
 */
export function timelineSegments(changes: readonly StatusChange[], start: number, now: number): Segment[] {
  const length = now - start;
  if (length <= 0) return [];
  const out: Segment[] = [];
  const push = (
    status: Segment['status'],
    from: number,
    to: number,
    ongoing: boolean,
    message: string | null,
  ) => {
    const a = Math.max(start, from);
    const b = Math.min(now, to);
    // The state the monitor is in now shows even when it began this very second.
    if (b > a || (ongoing && b === a && from >= start))
      out.push({ status, from: a, to: b, share: (b - a) / length, ongoing, message });
  };
  push('none', start, changes[0]?.time ?? now, false, null);
  changes.forEach((c, i) => {
    const next = changes[i + 1];
    push(c.status, c.time, next ? next.time : now, !next, c.message);
  });
  return out;
}

export interface ChangeRow extends StatusChange {
  ongoing: boolean;
}

/** The table under the timeline: newest first, the newest one ongoing. */
export function changeRows(changes: readonly StatusChange[]): ChangeRow[] {
  return changes.map((c, i) => ({ ...c, ongoing: i === changes.length - 1 })).reverse();
}

const UNITS: Array<[string, number]> = [
  ['d', DAY],
  ['h', 3600],
  ['min', 60],
  ['s', 1],
];

/** Seconds in the two largest units: '3 d 4 h', '2 h 13 min', '5 min', '45 s'; null when not a duration. */
export function formatDuration(seconds: unknown): string | null {
  if (seconds === null || seconds === undefined || seconds === '') return null;
  const n = Number(seconds);
  if (!Number.isFinite(n) || n < 0) return null;
  let rest = Math.floor(n);
  const i = UNITS.findIndex(([, size]) => rest >= size);
  if (i < 0) return '0 s';
  const [bigUnit, bigSize] = UNITS[i]!;
  const big = Math.floor(rest / bigSize);
  rest -= big * bigSize;
  const small = UNITS[i + 1];
  const smallCount = small ? Math.floor(rest / small[1]) : 0;
  return smallCount ? `${big} ${bigUnit} ${smallCount} ${small![0]}` : `${big} ${bigUnit}`;
}

/** '5 min ago', 'in 2 min', 'just now'; null without a time. */
export function relativeTime(time: unknown, now: number): string | null {
  if (time === null || time === undefined || time === '') return null;
  const t = Number(time);
  if (!Number.isFinite(t)) return null;
  const diff = now - t;
  if (Math.abs(diff) < 5) return 'just now';
  return diff > 0 ? `${formatDuration(diff)} ago` : `in ${formatDuration(-diff)}`;
}

/**
 * A ratio as a percentage with two decimals, '—' when unknown. Below 1 it never reads 100.00%: a
 * monitor that was down at all says so.
 */
export function formatUptime(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return '—';
  const clamped = Math.min(1, Math.max(0, ratio));
  const text = (clamped * 100).toFixed(2);
  return `${clamped < 1 && text === '100.00' ? '99.99' : text}%`;
}
