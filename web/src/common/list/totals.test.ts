import { describe, expect, it } from 'vitest';
import { groupDigits, rangeLabel, totalKindOf, totalText } from './totals';

describe('list totals as read', () => {
  it('says "about" for an estimate and "+" for a lower bound', () => {
    expect(totalText(150_000, 'estimate')).toBe('about 150,000');
    expect(totalText(10_000, 'atLeast')).toBe('10,000+');
    expect(totalText(1234, 'exact')).toBe('1,234');
    expect(rangeLabel(26, 50, 150_000, 'estimate')).toBe('26-50 of about 150,000');
    expect(rangeLabel(1, 25, 10_000, 'atLeast')).toBe('1-25 of 10,000+');
    expect(rangeLabel(1, 7, 7, 'exact')).toBe('1-7 of 7');
  });

  it('groups digits as toLocaleString does for a count', () => {
    for (const n of [0, 7, 999, 1000, 12_345, 150_000, 1_234_567, -4200, 2 ** 53 - 1])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  it('reads the kind from the page meta, exact when the server says nothing', () => {
    expect(totalKindOf({ totalKind: 'estimate' })).toBe('estimate');
    expect(totalKindOf({ totalKind: 'atLeast' })).toBe('atLeast');
    expect(totalKindOf({ totalKind: 'other' })).toBe('exact');
    expect(totalKindOf(undefined)).toBe('exact');
  });
});
