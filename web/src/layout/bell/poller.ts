/** The time source of a poller: the browser's by default, a controlled one in tests. */
export interface Clock {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => number;
  clearTimeout: (handle: number) => void;
}

export const browserClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => window.setTimeout(run, ms),
  clearTimeout: (handle) => window.clearTimeout(handle),
};

export interface PollerOptions {
  poll: () => void;
  intervalMs: number;
  /** No poll falls more than this long after the last activity (SPEC §9: paused after 60 s idle). */
  idleMs: number;
  clock?: Clock;
}

export interface Poller {
  /** Polls at once, then every interval while the user is active. */
  start: () => void;
  stop: () => void;
  /** The user did something: counts from now, and resumes at once when paused. */
  activity: () => void;
  isPaused: () => boolean;
}

/**
 * Polls every `intervalMs` and pauses when the next poll would come more than `idleMs` after the last
 * activity: with 30 s and 60 s, an idle user gets polls at 0, 30 and 60 s, then none until they come
 * back. Due times are counted from the schedule, not from when a late timer fired, so a busy tab does
 * not lose the last poll.
 */
export function createPoller({ poll, intervalMs, idleMs, clock = browserClock }: PollerOptions): Poller {
  let lastActivity = clock.now();
  let due = lastActivity;
  let timer: number | null = null;
  let running = false;
  let paused = false;

  const clear = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
  };
  const tick = () => {
    timer = null;
    poll();
    due += intervalMs;
    if (due - lastActivity > idleMs) {
      paused = true;
      return;
    }
    timer = clock.setTimeout(tick, Math.max(0, due - clock.now()));
  };
  const resume = () => {
    clear();
    paused = false;
    due = clock.now();
    tick();
  };

  return {
    start() {
      running = true;
      lastActivity = clock.now();
      resume();
    },
    stop() {
      running = false;
      clear();
    },
    activity() {
      lastActivity = clock.now();
      if (running && paused) resume();
    },
    isPaused: () => paused,
  };
}
