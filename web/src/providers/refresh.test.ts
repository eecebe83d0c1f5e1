import { describe, expect, it, vi } from 'vitest';
import { createRefreshScheduler, refreshDelayMs } from './refresh';

describe('token refresh scheduling', () => {
  it('refreshes 5 minutes before expiry, immediately when that moment has passed', () => {
    const now = 1_000_000_000;
    expect(refreshDelayMs(now / 1000 + 3600, now)).toBe(3600_000 - 300_000);
    expect(refreshDelayMs(now / 1000 + 200, now)).toBe(0);
  });

  it('re-arms after each successful refresh and stops on failure', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const refresh = vi
        .fn<() => Promise<number>>()
        .mockResolvedValueOnce(2 * 3600)
        .mockRejectedValueOnce(new Error('401'));
      const onFailure = vi.fn();
      const scheduler = createRefreshScheduler({ refresh, onFailure });
      scheduler.schedule(3600);
      expect(scheduler.isScheduled()).toBe(true);

      await vi.advanceTimersByTimeAsync(3600_000 - 300_001);
      expect(refresh).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(refresh).toHaveBeenCalledTimes(1);
      expect(scheduler.isScheduled()).toBe(true);

      await vi.advanceTimersByTimeAsync(3600_000);
      expect(refresh).toHaveBeenCalledTimes(2);
      expect(onFailure).toHaveBeenCalledTimes(1);
      expect(scheduler.isScheduled()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('cancels a pending refresh', () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const refresh = vi.fn(async () => 0);
      const scheduler = createRefreshScheduler({ refresh, onFailure: vi.fn() });
      scheduler.schedule(3600);
      scheduler.cancel();
      vi.advanceTimersByTime(4_000_000);
      expect(refresh).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
