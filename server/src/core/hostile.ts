/** Deepest nesting of objects and arrays accepted anywhere in a request. */
export const MAX_DEPTH = 32;
/**
 * Longest text accepted in a query or path value, and where a body schema declares no maxLength
 * (validation.ts adds it there; declared limits, some longer, win).
 */
export const MAX_STRING = 100_000;
/** Longest list accepted where a schema declares no maxItems. */
export const MAX_ITEMS = 10_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface Hostile {
  /** Where the problem is, as a dotted path from the part's root (`filter.q`, `tags.0`). */
  path: string;
  problem: string;
}

function textProblem(s: string, maxString: number): string | null {
  // PostgreSQL text cannot hold U+0000 and its UTF-8 encoder refuses unpaired surrogates.
  if (s.includes('\u0000')) return 'contains a NUL character';
  if (LONE_SURROGATE.test(s)) return 'contains an unpaired UTF-16 surrogate';
  if (s.length > maxString) return `is longer than ${maxString} characters`;
  return null;
}

/**
 * The first piece of text or structure no handler should ever see: NUL, unpaired surrogates, text past
 * maxString, nesting past MAX_DEPTH, lists past MAX_ITEMS. Keys are checked like values.
 */
export function findHostile(value: unknown, maxString = MAX_STRING, path = '', depth = 0): Hostile | null {
  const at = (key: string) => (path ? `${path}.${key}` : key);
  if (typeof value === 'string') {
    const problem = textProblem(value, maxString);
    return problem ? { path, problem } : null;
  }
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_DEPTH) return { path, problem: `is nested deeper than ${MAX_DEPTH} levels` };
  if (Array.isArray(value)) {
    if (value.length > MAX_ITEMS) return { path, problem: `has more than ${MAX_ITEMS} items` };
    for (let i = 0; i < value.length; i++) {
      const found = findHostile(value[i], maxString, at(String(i)), depth + 1);
      if (found) return found;
    }
    return null;
  }
  const entries = Object.entries(value);
  if (entries.length > MAX_ITEMS) return { path, problem: `has more than ${MAX_ITEMS} keys` };
  for (const [key, v] of entries) {
    const keyProblem = textProblem(key, MAX_STRING);
    if (keyProblem) return { path: at(key.replace(/[^\x20-\x7e]/g, '?')), problem: `name ${keyProblem}` };
    const found = findHostile(v, maxString, at(key), depth + 1);
    if (found) return found;
  }
  return null;
}
