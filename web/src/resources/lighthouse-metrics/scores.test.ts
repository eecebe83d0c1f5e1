import { describe, expect, it } from 'vitest';
import { scoreSeries } from './scores';

const DAY = 86_400;
const d1 = 20_000 * DAY;

describe('Lighthouse score series', () => {
  it('splits the runs by device, oldest day first, with the four scores', () => {
    const runs = [
      { day: d1 + DAY, device: 'mobile', performance: 61, accessibility: 90, seo: 92, best_practices: 80 },
      { day: d1, device: 'desktop', performance: 88, accessibility: 91, seo: 95, best_practices: 83 },
      { day: d1, device: 'mobile', performance: 55, accessibility: null, seo: 90, best_practices: 79 },
      { day: d1, device: 'tablet', performance: 1 },
    ];
    const s = scoreSeries(runs);
    expect(s.desktop).toEqual([
      { date: '2024-10-04', performance: 88, accessibility: 91, seo: 95, best_practices: 83 },
    ]);
    expect(s.mobile.map((p) => [p.date, p.performance, p.accessibility])).toEqual([
      ['2024-10-04', 55, null],
      ['2024-10-05', 61, 90],
    ]);
  });

  it('is empty without runs', () => {
    expect(scoreSeries([])).toEqual({ desktop: [], mobile: [] });
  });
});
