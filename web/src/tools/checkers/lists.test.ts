import { DEFAULT_CHECKER_KEYWORDS, splitList } from '@sitefleet/shared';
import { describe, expect, it } from 'vitest';
import { joinList, listProblem, rejoinDefaults } from './lists';

describe('checker lists', () => {
  it('writes items with the chosen delimiter, and splitList reads them back', () => {
    expect(joinList(['a', 'b'], 'comma')).toBe('a, b');
    expect(joinList(['a', 'b'], 'semicolon')).toBe('a; b');
    expect(joinList(['a', 'b'], 'newline')).toBe('a\nb');
    for (const d of ['comma', 'semicolon', 'newline'] as const)
      expect(splitList(joinList(DEFAULT_CHECKER_KEYWORDS, d), d)).toEqual([...DEFAULT_CHECKER_KEYWORDS]);
  });

  it('rewrites the untouched default keywords when the delimiter changes, and nothing else', () => {
    const defaults = ['paid post', 'sponsored'];
    expect(rejoinDefaults('paid post\nsponsored', defaults, 'newline', 'comma')).toBe('paid post, sponsored');
    expect(rejoinDefaults('paid post\nmine', defaults, 'newline', 'comma')).toBeNull();
    expect(rejoinDefaults('paid post\nsponsored', defaults, 'newline', 'newline')).toBeNull();
  });

  it('needs at least one item and no more than the checker takes', () => {
    expect(listProblem(' \n  \n', 'newline', 3, 'domain')).toBe('Required');
    expect(listProblem('a.com\nb.com\na.com', 'newline', 2, 'domain')).toBeUndefined();
    expect(listProblem('a.com,b.com,c.com', 'comma', 2, 'domain')).toBe(
      'At most 2 domains at a time (this list has 3)',
    );
  });
});
