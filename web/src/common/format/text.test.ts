import { describe, expect, it } from 'vitest';
import { displayText, isSafeHref, truncate, truncateWords, withProtocol } from './text';

describe('text helpers', () => {
  it('truncates to the limit with an ellipsis', () => {
    expect(truncate('abcdef', 10)).toBe('abcdef');
    expect(truncate('abcdefghijk', 5)).toBe('abcd…');
    expect(truncate('abcdefghijk', 5)).toHaveLength(5);
    expect(truncate('abc', 0)).toBe('');
  });

  it('truncates by words', () => {
    const long = Array.from({ length: 30 }, (_, i) => `w${i}`).join(' ');
    const cut = truncateWords(long, 25);
    expect(cut.truncated).toBe(true);
    expect(cut.text.split(' ')).toHaveLength(25);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(truncateWords('a b', 25)).toEqual({ text: 'a b', truncated: false });
  });

  it('prepends http:// to links without a protocol', () => {
    expect(withProtocol('example.com')).toBe('http://example.com');
    expect(withProtocol('https://example.com')).toBe('https://example.com');
    expect(withProtocol('//cdn.example.com/x')).toBe('http://cdn.example.com/x');
    expect(withProtocol('mailto:a@b.c')).toBe('mailto:a@b.c');
  });

  it('never makes a script URL clickable', () => {
    expect(isSafeHref(withProtocol('javascript:alert(1)'))).toBe(true); // becomes http://javascript:… (inert)
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref('data:text/html,x')).toBe(false);
  });

  it("shows 'N/A' for missing values", () => {
    expect(displayText(null)).toBe('N/A');
    expect(displayText(undefined)).toBe('N/A');
    expect(displayText('  ')).toBe('N/A');
    expect(displayText([])).toBe('N/A');
    expect(displayText(0)).toBe('0');
    expect(displayText(false)).toBe('No');
    expect(displayText(['a', 'b'])).toBe('a, b');
  });
});
