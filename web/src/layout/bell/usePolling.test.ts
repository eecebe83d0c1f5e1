import { act, renderHook } from '@testing-library/react';
import { TIMINGS } from '@sitefleet/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPoller, type Clock } from './poller';
import { usePolling } from './usePolling';

const S = 1000;
const timing = { intervalMs: TIMINGS.notificationPollMs, idleMs: TIMINGS.notificationIdleMs };

/** A clock over vitest's fake timers, reporting when each poll happened (seconds since the start). */
function controlledClock(): Clock & { since: () => number } {
  const start = Date.now();
  return {
    now: () => Date.now(),
    setTimeout: (run, ms) => setTimeout(run, ms) as unknown as number,
    clearTimeout: (handle) => clearTimeout(handle),
    since: () => Math.round((Date.now() - start) / S),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('poller (SPEC §9: every 30 s, paused after 60 s idle)', () => {
  it('polls at 0, 30 and 60 s, then nothing while the user stays idle', () => {
    const clock = controlledClock();
    const at: number[] = [];
    const poller = createPoller({ ...timing, clock, poll: () => at.push(clock.since()) });
    poller.start();
    vi.advanceTimersByTime(600 * S);
    expect(at).toEqual([0, 30, 60]);
    expect(poller.isPaused()).toBe(true);
  });

  it('resumes at once on activity, then polls every 30 s again', () => {
    const clock = controlledClock();
    const at: number[] = [];
    const poller = createPoller({ ...timing, clock, poll: () => at.push(clock.since()) });
    poller.start();
    vi.advanceTimersByTime(200 * S);
    poller.activity();
    expect(at).toEqual([0, 30, 60, 200]);
    vi.advanceTimersByTime(30 * S);
    expect(at).toEqual([0, 30, 60, 200, 230]);
    poller.stop();
  });

  it('keeps polling while the user is active and pauses 60 s after the last activity', () => {
    const clock = controlledClock();
    const at: number[] = [];
    const poller = createPoller({ ...timing, clock, poll: () => at.push(clock.since()) });
    poller.start();
    vi.advanceTimersByTime(50 * S);
    poller.activity(); // at 50 s: polls at 60, 90 (40 s idle) and 120 is 70 s idle: skipped
    vi.advanceTimersByTime(300 * S);
    expect(at).toEqual([0, 30, 60, 90]);
  });

  it('stops for good when stopped', () => {
    const clock = controlledClock();
    const poll = vi.fn();
    const poller = createPoller({ ...timing, clock, poll });
    poller.start();
    poller.stop();
    poller.activity();
    vi.advanceTimersByTime(120 * S);
    expect(poll).toHaveBeenCalledTimes(1);
  });
});

describe('usePolling', () => {
  it('counts pointer, key, scroll and touch as activity, and a tab becoming visible again', () => {
    const clock = controlledClock();
    const poll = vi.fn();
    const { unmount } = renderHook(() => usePolling(poll, { ...timing, clock }));
    expect(poll).toHaveBeenCalledTimes(1);
    act(() => void vi.advanceTimersByTime(300 * S));
    expect(poll).toHaveBeenCalledTimes(3);

    act(() => void window.dispatchEvent(new Event('keydown')));
    expect(poll).toHaveBeenCalledTimes(4);
    act(() => void vi.advanceTimersByTime(300 * S));
    expect(poll).toHaveBeenCalledTimes(6);

    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(poll).toHaveBeenCalledTimes(7);
    act(() => void vi.advanceTimersByTime(300 * S));

    act(() => void document.body.dispatchEvent(new Event('scroll')));
    expect(poll).toHaveBeenCalledTimes(10);

    unmount();
    act(() => void window.dispatchEvent(new Event('pointerdown')));
    act(() => void vi.advanceTimersByTime(300 * S));
    expect(poll).toHaveBeenCalledTimes(10);
  });

  it('does not poll while disabled', () => {
    const poll = vi.fn();
    renderHook(() => usePolling(poll, { ...timing, enabled: false }));
    act(() => void vi.advanceTimersByTime(60 * S));
    expect(poll).not.toHaveBeenCalled();
  });
});
