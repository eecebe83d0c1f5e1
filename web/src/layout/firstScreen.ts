import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

/** The longest the shell's side requests wait for the first screen (a screen without data, a slow server). */
export const FIRST_SCREEN_MAX_WAIT_MS = 3_000;
/** How long the browser may stay busy before the side requests start anyway, once the first screen answered. */
const IDLE_TIMEOUT_MS = 500;

type Schedule = (fn: () => void) => void;

const whenIdle: Schedule = (fn) => {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(fn, { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(fn, 0);
};

/** react-admin keeps the session checks under ['auth', …]; every other query is a screen's data. */
const isScreenData = (key: readonly unknown[]) => key[0] !== 'auth';

export interface FirstScreenGate {
  readonly settled: boolean;
  /** Resolves once a screen query (anything but the session checks) has answered and the page has rendered it. */
  wait(client: QueryClient): Promise<void>;
}

/**
 * The console's first screen goes first: its data request must not queue behind the shell's side requests
 * (notifications, heartbeats, the version check), nor its rendering behind theirs. The gate opens at the
 * first idle moment after a screen query answered, or after `maxWaitMs`, and stays open for the page's life.
 */
export function createFirstScreenGate(
  maxWaitMs = FIRST_SCREEN_MAX_WAIT_MS,
  schedule: Schedule = whenIdle,
): FirstScreenGate {
  let settled = false;
  let pending: Promise<void> | null = null;
  return {
    get settled() {
      return settled;
    },
    wait(client) {
      pending ??= new Promise<void>((resolve) => {
        const cache = client.getQueryCache();
        const open = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          unsubscribe();
          resolve();
        };
        const answered = () =>
          cache.getAll().some((q) => isScreenData(q.queryKey) && q.state.status !== 'pending');
        let scheduled = false;
        const check = () => {
          if (scheduled || !answered()) return;
          scheduled = true;
          schedule(open);
        };
        const timer = setTimeout(open, maxWaitMs);
        const unsubscribe = cache.subscribe(check);
        check();
      });
      return pending;
    },
  };
}

const gate = createFirstScreenGate();

/** False until the first screen has its data on the page (see createFirstScreenGate). */
export function useFirstScreenSettled(): boolean {
  const client = useQueryClient();
  const [settled, setSettled] = useState(gate.settled);
  useEffect(() => {
    if (settled) return;
    let live = true;
    void gate.wait(client).then(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [client, settled]);
  return settled;
}
