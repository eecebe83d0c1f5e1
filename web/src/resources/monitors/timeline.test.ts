import { describe, expect, it } from 'vitest';
import {
  changeRows,
  DAY,
  formatDuration,
  formatUptime,
  relativeTime,
  timelineSegments,
  WINDOWS,
} from './timeline';
import type { StatusChange } from './types';

const NOW = 1_700_000_000;
const change = (status: 'up' | 'down', time: number, message: string | null = null): StatusChange => ({
  status,
  time,
  duration: 0,
  message,
});
const shape = (segments: ReturnType<typeof timelineSegments>) =>
  segments.map((s) => [s.status, s.from - NOW, s.to - NOW, s.ongoing]);

describe('status timeline segments', () => {
  it('is one grey segment over the whole window without changes', () => {
    const segments = timelineSegments([], NOW - DAY, NOW);
    expect(shape(segments)).toEqual([['none', -DAY, 0, false]]);
    expect(segments[0]!.share).toBe(1);
  });

  it('is grey before the first change, then each state until the next, the last until now', () => {
    const segments = timelineSegments(
      [change('up', NOW - 6 * 3600), change('down', NOW - 3600, 'HTTP 503'), change('up', NOW - 600)],
      NOW - DAY,
      NOW,
    );
    expect(shape(segments)).toEqual([
      ['none', -DAY, -6 * 3600, false],
      ['up', -6 * 3600, -3600, false],
      ['down', -3600, -600, false],
      ['up', -600, 0, true],
    ]);
    expect(segments[2]!.message).toBe('HTTP 503');
    expect(segments.reduce((sum, s) => sum + s.share, 0)).toBeCloseTo(1, 10);
    expect(segments[1]!.share).toBeCloseTo((5 * 3600) / DAY, 10);
  });

  it('clips a change before the window start to the window, with no grey part', () => {
    const segments = timelineSegments(
      [change('down', NOW - 40 * DAY), change('up', NOW - 2 * DAY), change('down', NOW - 3600)],
      NOW - DAY,
      NOW,
    );
    expect(shape(segments)).toEqual([
      ['up', -DAY, -3600, false],
      ['down', -3600, 0, true],
    ]);
  });

  it('fills the window with the ongoing state when the only change is older than the window', () => {
    expect(shape(timelineSegments([change('up', NOW - 90 * DAY)], NOW - WINDOWS.month.seconds, NOW))).toEqual(
      [['up', -30 * DAY, 0, true]],
    );
  });

  it('starts exactly at a change made at the window start and leaves out empty pieces', () => {
    expect(
      shape(
        timelineSegments(
          [change('up', NOW - DAY), change('up', NOW - 60), change('down', NOW - 60)],
          NOW - DAY,
          NOW,
        ),
      ),
    ).toEqual([
      ['up', -DAY, -60, false],
      ['down', -60, 0, true],
    ]);
  });

  it('shows the state the monitor is in now even when it began this second', () => {
    const segments = timelineSegments([change('up', NOW - DAY), change('down', NOW)], NOW - DAY, NOW);
    expect(shape(segments)).toEqual([
      ['up', -DAY, 0, false],
      ['down', 0, 0, true],
    ]);
    expect(segments[1]!.share).toBe(0);
  });

  it('ignores a change after now (another clock) and an empty window', () => {
    expect(shape(timelineSegments([change('up', NOW + 60)], NOW - DAY, NOW))).toEqual([
      ['none', -DAY, 0, false],
    ]);
    expect(timelineSegments([change('up', NOW - 60)], NOW, NOW)).toEqual([]);
  });
});

describe('the changes table', () => {
  it('lists the newest first, only the newest ongoing', () => {
    const rows = changeRows([change('up', 1), change('down', 2), change('up', 3)]);
    expect(rows.map((r) => [r.time, r.ongoing])).toEqual([
      [3, true],
      [2, false],
      [1, false],
    ]);
    expect(changeRows([])).toEqual([]);
  });
});

describe('durations and times', () => {
  it('writes durations in their two largest units', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(45)).toBe('45 s');
    expect(formatDuration(60)).toBe('1 min');
    expect(formatDuration(125)).toBe('2 min 5 s');
    expect(formatDuration(2 * 3600 + 13 * 60 + 59)).toBe('2 h 13 min');
    expect(formatDuration(3600)).toBe('1 h');
    expect(formatDuration(3 * DAY + 4 * 3600 + 59)).toBe('3 d 4 h');
    expect(formatDuration(DAY + 59)).toBe('1 d');
    expect(formatDuration(-1)).toBeNull();
    expect(formatDuration(null)).toBeNull();
    expect(formatDuration('x')).toBeNull();
  });

  it('says how long ago or how soon', () => {
    expect(relativeTime(NOW - 300, NOW)).toBe('5 min ago');
    expect(relativeTime(NOW + 90, NOW)).toBe('in 1 min 30 s');
    expect(relativeTime(NOW - 2, NOW)).toBe('just now');
    expect(relativeTime(null, NOW)).toBeNull();
  });
});

describe('uptime', () => {
  it('is a percentage with two decimals, or a dash without data', () => {
    expect(formatUptime(1)).toBe('100.00%');
    expect(formatUptime(0.98765)).toBe('98.77%');
    expect(formatUptime(0.5)).toBe('50.00%');
    expect(formatUptime(0)).toBe('0.00%');
    expect(formatUptime(null)).toBe('—');
    expect(formatUptime(undefined)).toBe('—');
  });

  it('never rounds an outage up to 100.00%', () => {
    expect(formatUptime(0.99999)).toBe('99.99%');
  });
});
