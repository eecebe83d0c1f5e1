import { describe, expect, it } from 'vitest';
import { expirationText, expirationThreshold } from './expiration-alerts.js';

const DAY = 86_400;
const NOW = 1_750_000_000;
const HOUR = 3_600;

describe('expirationThreshold', () => {
  it('answers the tightest threshold reached', () => {
    const cases: Array<[number, number | null]> = [
      [400 * DAY, null],
      [40 * DAY, null],
      [31 * DAY, null],
      [30 * DAY + 1, null], // 30 days and a second: 31 days left, rounded up
      [30 * DAY, 30],
      [25 * DAY, 30],
      [15 * DAY, 30],
      [14 * DAY, 14],
      [10 * DAY, 14],
      [8 * DAY, 14],
      [7 * DAY, 7],
      [5 * DAY, 7],
      [2 * DAY, 7],
      [DAY + 1, 7],
      [DAY, 1],
      [12 * HOUR, 1],
      [1, 1],
      [0, 1],
      [-HOUR, 1],
      [-3 * DAY, 1],
      [-400 * DAY, 1],
    ];
    for (const [left, expected] of cases) {
      expect(expirationThreshold(NOW + left, NOW), `${left / DAY} days left`).toBe(expected);
    }
  });

  it('only ever tightens as time passes', () => {
    const expires = NOW + 45 * DAY;
    let last: number | null = null;
    const seen: number[] = [];
    for (let t = NOW; t <= expires + 2 * DAY; t += HOUR) {
      const th = expirationThreshold(expires, t);
      if (last !== null) expect(th).not.toBeNull();
      if (th !== null && last !== null) expect(th).toBeLessThanOrEqual(last);
      if (th !== null && th !== last) seen.push(th);
      last = th;
    }
    expect(seen).toEqual([30, 14, 7, 1]);
  });
});

describe('expirationText', () => {
  it('says how many days are left, or how long ago the domain expired', () => {
    expect(expirationText('a.com', NOW + 25 * DAY, NOW)).toBe('a.com expires in 25 days');
    expect(expirationText('a.com', NOW + 25 * DAY - HOUR, NOW)).toBe('a.com expires in 25 days');
    expect(expirationText('a.com', NOW + DAY, NOW)).toBe('a.com expires in 1 day');
    expect(expirationText('a.com', NOW + 3 * HOUR, NOW)).toBe('a.com expires in 1 day');
    expect(expirationText('a.com', NOW - 3 * HOUR, NOW)).toBe('a.com expired today');
    expect(expirationText('a.com', NOW, NOW)).toBe('a.com expired today');
    expect(expirationText('a.com', NOW - DAY, NOW)).toBe('a.com expired 1 day ago');
    expect(expirationText('a.com', NOW - 3 * DAY, NOW)).toBe('a.com expired 3 days ago');
  });
});
