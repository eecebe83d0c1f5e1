/**
 * How a keyword is matched: case-insensitively, as whole words. A keyword's edge that is a letter, mark or
 * digit (any script) must not touch another letter, mark or digit, so "paid" does not match in "unpaid" or
 * "paidpost" but does in "paid-post" and "(paid)"; an edge that is punctuation ("#ad") needs no boundary.
 * The spaces inside a phrase match one space of collapsed text; in attribute values also runs of "-", "_",
 * "+" or "%20", so "write for us" is found in href="/write-for-us/".
 */

const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;
const NOT_BEFORE = '(?<![\\p{L}\\p{M}\\p{N}])';
const NOT_AFTER = '(?![\\p{L}\\p{M}\\p{N}])';
const TEXT_SPACE = ' ';
const ATTRIBUTE_SPACE = '(?:[ \\-_+]|%20)+';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export interface KeywordPattern {
  /** As the caller gave it. */
  keyword: string;
  text: RegExp;
  attribute: RegExp;
}

function compile(words: string[], space: string): RegExp {
  const first = words[0]!;
  const last = words[words.length - 1]!;
  const before = WORD_CHAR.test(first[0]!) ? NOT_BEFORE : '';
  const after = WORD_CHAR.test(last[last.length - 1]!) ? NOT_AFTER : '';
  return new RegExp(`${before}${words.map(escape).join(space)}${after}`, 'giu');
}

/** Patterns for the distinct non-blank keywords (compared case-insensitively), first spelling kept. */
export function keywordPatterns(keywords: readonly string[]): KeywordPattern[] {
  const seen = new Set<string>();
  const out: KeywordPattern[] = [];
  for (const keyword of keywords) {
    const words = keyword.normalize('NFC').trim().split(/\s+/).filter(Boolean);
    const key = words.join(' ').toLowerCase();
    if (!words.length || seen.has(key)) continue;
    seen.add(key);
    out.push({ keyword, text: compile(words, TEXT_SPACE), attribute: compile(words, ATTRIBUTE_SPACE) });
  }
  return out;
}
