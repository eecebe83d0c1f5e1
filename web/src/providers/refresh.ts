import { TIMINGS } from '@sitefleet/shared';

/** setTimeout's ceiling (about 24.8 days); longer delays are clamped and re-armed. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds until a token expiring at expSeconds should be refreshed: 5 minutes before expiry. */
export function refreshDelayMs(
  expSeconds: number,
  nowMs: number,
  beforeMs: number = TIMINGS.tokenRefreshBeforeExpiryMs,
): number {
  return Math.max(0, expSeconds * 1000 - beforeMs - nowMs);
}

export interface SchedulerDeps {
  /** Fetches and stores a new token; resolves with its expiry (epoch seconds). */
  refresh: () => Promise<number>;
  /** Called when a refresh fails: the session is over. */
  onFailure: (error: unknown) => void;
  now?: () => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export interface RefreshScheduler {
  schedule: (expSeconds: number) => void;
  cancel: () => void;
  isScheduled: () => boolean;
}

/** Keeps one refresh armed at a time; each successful refresh arms the next one. */
export function createRefreshScheduler(deps: SchedulerDeps): RefreshScheduler {
  const now = deps.now ?? Date.now;
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  let handle: unknown = null;

  const cancel = () => {
    if (handle !== null) clearTimer(handle);
    handle = null;
  };

  const schedule = (expSeconds: number) => {
    cancel();
    const delay = refreshDelayMs(expSeconds, now());
    if (delay > MAX_TIMER_MS) {
      handle = setTimer(() => schedule(expSeconds), MAX_TIMER_MS);
      return;
    }
    handle = setTimer(() => {
      handle = null;
      deps.refresh().then(schedule, (error: unknown) => {
        cancel();
        deps.onFailure(error);
      });
    }, delay);
  };

  return { schedule, cancel, isScheduled: () => handle !== null };
}
