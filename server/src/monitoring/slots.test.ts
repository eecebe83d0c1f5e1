import { describe, expect, it } from 'vitest';
import { slotAtOrAfter } from './scheduler.js';

describe('monitor slots', () => {
  it('answers the first slot at or after a time, one interval apart', () => {
    const row = { id: 42, interval: 20 };
    const t = 1_795_000_000_123;
    const first = slotAtOrAfter(row, t);
    expect(first).toBeGreaterThanOrEqual(t);
    expect(first - t).toBeLessThan(20_000);
    expect(slotAtOrAfter(row, first)).toBe(first);
    expect(slotAtOrAfter(row, first + 1)).toBe(first + 20_000);
  });

  it('spreads 10,000 monitors evenly over their interval', () => {
    const perSecond = new Array<number>(20).fill(0);
    const t = 1_795_000_000_000;
    for (let id = 1; id <= 10_000; id++) {
      const offset = slotAtOrAfter({ id, interval: 20 }, t) - t;
      perSecond[Math.floor(offset / 1000)]!++;
    }
    // 500 a second on average; no second gets a burst or goes empty.
    for (const n of perSecond) {
      expect(n).toBeGreaterThan(400);
      expect(n).toBeLessThan(600);
    }
  });
});
