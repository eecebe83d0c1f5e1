import type { MonitorStatus } from '@sitefleet/shared';

/** What the scheduler keeps of a monitor between checks (persisted as status and suspect_count). */
export interface MonitorState {
  status: MonitorStatus;
  /** Consecutive results that disagree with status, not yet confirmed. */
  suspect: number;
}

export interface Decision {
  state: MonitorState;
  /** The confirmed new status, when this result confirms a change. */
  change: 'up' | 'down' | null;
  /** Whether the change is announced (e-mail, SMS, website alert). */
  alert: boolean;
  /** Check again after the monitor's interval, or sooner to confirm a suspected change. */
  next: 'interval' | 'retry';
}

/**
 * The alert rules, one result at a time:
 * - a result that agrees with the status clears any suspicion;
 * - a down result needs `retries` more down results in a row before the monitor is declared down
 *   (so one dropped request is not an outage), and is re-checked sooner meanwhile;
 * - an up result confirms recovery at once (an up answer is evidence, a failure may be noise);
 * - the first result of a new monitor sets its status: up silently, down (after retries) with an alert;
 * - an alert goes out for every confirmed change to down and for every recovery from down, once.
 * Restarting loads status and suspect as they were, so a restart alone never alerts.
 */
export function decide(state: MonitorState, up: boolean, retries: number): Decision {
  const observed: 'up' | 'down' = up ? 'up' : 'down';
  if (state.status === observed) {
    return { state: { status: observed, suspect: 0 }, change: null, alert: false, next: 'interval' };
  }
  if (observed === 'up') {
    return {
      state: { status: 'up', suspect: 0 },
      change: 'up',
      alert: state.status === 'down',
      next: 'interval',
    };
  }
  const suspect = state.suspect + 1;
  if (suspect > Math.max(0, retries)) {
    return { state: { status: 'down', suspect: 0 }, change: 'down', alert: true, next: 'interval' };
  }
  return { state: { status: state.status, suspect }, change: null, alert: false, next: 'retry' };
}
