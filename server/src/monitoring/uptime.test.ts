import { describe, expect, it } from 'vitest';
import { timeline, uptimeRatio, type StatusChange } from './uptime.js';

const c = (status: 'up' | 'down', at: number): StatusChange => ({ status, at, message: null });

describe('timeline', () => {
  it('gives each change its duration; the last one lasts until now', () => {
    expect(timeline([c('up', 100), c('down', 400), c('up', 460)], 1000)).toEqual([
      { status: 'up', time: 100, duration: 300, message: null },
      { status: 'down', time: 400, duration: 60, message: null },
      { status: 'up', time: 460, duration: 540, message: null },
    ]);
    expect(timeline([], 1000)).toEqual([]);
  });
});

describe('uptimeRatio', () => {
  it('weighs up and down time inside the window, clipping the change before it', () => {
    // Down from 0 to 900, up from 900: window [500, 1500) has 400 s down and 600 s up.
    expect(uptimeRatio([c('down', 0), c('up', 900)], 500, 1500)).toBeCloseTo(0.6, 10);
  });
  it('ignores the part of the window before the first change', () => {
    expect(uptimeRatio([c('up', 800), c('down', 900)], 0, 1000)).toBeCloseTo(0.5, 10);
  });
  it('is null without any known status in the window', () => {
    expect(uptimeRatio([], 0, 1000)).toBeNull();
    expect(uptimeRatio([c('up', 2000)], 0, 1000)).toBeNull();
  });
  it('answers the current status when the only change happened at the end of the window', () => {
    expect(uptimeRatio([c('up', 1000)], 0, 1000)).toBe(1);
    expect(uptimeRatio([c('down', 1000)], 0, 1000)).toBe(0);
  });
  it('is 1 for a monitor up the whole time and 0 for one down', () => {
    expect(uptimeRatio([c('up', 0)], 100, 200)).toBe(1);
    expect(uptimeRatio([c('down', 0)], 100, 200)).toBe(0);
  });
});
