import { describe, expect, it } from 'vitest';
import { decide, type MonitorState } from './state.js';

/** Feeds results ('U' up, 'D' down) one by one; answers every confirmed change and whether it alerted. */
function run(results: string, retries: number, start: MonitorState = { status: 'up', suspect: 0 }) {
  let state = start;
  const changes: string[] = [];
  const alerts: string[] = [];
  const next: string[] = [];
  for (const r of results) {
    const d = decide(state, r === 'U', retries);
    state = d.state;
    next.push(d.next === 'retry' ? 'r' : 'i');
    if (d.change) changes.push(d.change);
    if (d.alert) alerts.push(d.change!);
  }
  return { changes, alerts, state, next: next.join('') };
}

describe('alert rules (truth table)', () => {
  // [start status, retries, results, changes, alerts, final status, next schedule per result]
  const table: Array<[MonitorState['status'], number, string, string[], string[], string, string]> = [
    // Steady states change nothing.
    ['up', 1, 'UUUU', [], [], 'up', 'iiii'],
    ['down', 1, 'DDDD', [], [], 'down', 'iiii'],
    // Retries: one failure with retries 1 is only suspected and re-checked sooner; two confirm.
    ['up', 1, 'D', [], [], 'up', 'r'],
    ['up', 1, 'DD', ['down'], ['down'], 'down', 'ri'],
    ['up', 1, 'DU', [], [], 'up', 'ri'],
    ['up', 3, 'DDD', [], [], 'up', 'rrr'],
    ['up', 3, 'DDDD', ['down'], ['down'], 'down', 'rrri'],
    ['up', 3, 'DDDUDDDD', ['down'], ['down'], 'down', 'rrrirrri'],
    // Retries 0: the first failure is the change.
    ['up', 0, 'D', ['down'], ['down'], 'down', 'i'],
    // Recovery is confirmed by one success, with an alert.
    ['down', 1, 'U', ['up'], ['up'], 'up', 'i'],
    ['down', 3, 'UD', ['up'], ['up'], 'up', 'ir'],
    // Flapping: alternating results with retries never confirm an outage, so nothing alerts...
    ['up', 1, 'DUDUDUDUDU', [], [], 'up', 'ririririri'],
    // ...without retries every flip is a change, with exactly one alert each.
    ['up', 0, 'DUDU', ['down', 'up', 'down', 'up'], ['down', 'up', 'down', 'up'], 'up', 'iiii'],
    // A new monitor: up is recorded silently; down is confirmed like any outage and alerts.
    ['pending', 1, 'U', ['up'], [], 'up', 'i'],
    ['pending', 1, 'D', [], [], 'pending', 'r'],
    ['pending', 1, 'DD', ['down'], ['down'], 'down', 'ri'],
    ['pending', 1, 'DDU', ['down', 'up'], ['down', 'up'], 'up', 'rii'],
  ];
  it.each(table)('%s, retries %i, results %s', (start, retries, results, changes, alerts, final, next) => {
    const r = run(results, retries, { status: start, suspect: 0 });
    expect(r.changes).toEqual(changes);
    expect(r.alerts).toEqual(alerts);
    expect(r.state.status).toBe(final);
    expect(r.next).toBe(next);
  });

  it('alerts once per change however long the outage lasts', () => {
    const r = run(`DD${'D'.repeat(50)}U${'U'.repeat(50)}`, 1);
    expect(r.alerts).toEqual(['down', 'up']);
  });

  it('no alert on restart: the stored state carries on where it was', () => {
    // Before the restart: one failure suspected (suspect 1 stored), status up.
    const before = run('D', 2);
    expect(before.state).toEqual({ status: 'up', suspect: 1 });
    // After it: the same answers as before the stop alert nothing; the stored suspicion still counts.
    const stillDown = run('DD', 2, { status: 'down', suspect: 0 });
    expect(stillDown.alerts).toEqual([]);
    const resumed = run('DD', 2, before.state);
    expect(resumed.alerts).toEqual(['down']);
    const recovered = run('U', 2, before.state);
    expect(recovered.alerts).toEqual([]);
    expect(recovered.state).toEqual({ status: 'up', suspect: 0 });
  });
});
