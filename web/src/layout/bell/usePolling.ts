import { useEffect, useRef } from 'react';
import { browserClock, createPoller, type Clock } from './poller';

/** What counts as the user being there (scroll does not bubble: listened to while capturing). */
export const ACTIVITY_EVENTS = [
  'pointerdown',
  'pointermove',
  'keydown',
  'wheel',
  'scroll',
  'touchstart',
] as const;

interface Options {
  intervalMs: number;
  idleMs: number;
  enabled?: boolean;
  clock?: Clock;
}

/**
 * Calls `poll` at once and then every interval while the user is active; pauses after `idleMs` without
 * pointer, key, scroll or touch activity, and resumes at once on the next activity or when the tab
 * becomes visible again.
 */
export function usePolling(
  poll: () => void,
  { intervalMs, idleMs, enabled = true, clock = browserClock }: Options,
) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  }, [poll]);

  useEffect(() => {
    if (!enabled) return;
    const poller = createPoller({ poll: () => latest.current(), intervalMs, idleMs, clock });
    const onActivity = () => poller.activity();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') poller.activity();
    };
    const listen = { capture: true, passive: true };
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, listen);
    document.addEventListener('visibilitychange', onVisibility);
    poller.start();
    return () => {
      poller.stop();
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, listen);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [enabled, intervalMs, idleMs, clock]);
}
