import { fetchTarget, isUpStatus } from './http.js';
import type { CheckType } from './types.js';

/** Case-insensitive substring test; the exact-case probe spares lower-casing most pages that match. */
export function containsKeyword(text: string, keyword: string): boolean {
  return text.includes(keyword) || text.toLowerCase().includes(keyword.toLowerCase());
}

/**
 * Up when the page answers 2xx/3xx and its text, read up to ctx.maxBodyBytes (a longer page is cut there,
 * not failed), contains the keyword in any case.
 */
export const keywordCheck: CheckType = {
  type: 'keyword',
  async run(target, ctx) {
    const keyword = target.value ?? '';
    if (keyword.trim() === '') return { up: false, message: 'No keyword set', responseMs: 0 };
    const outcome = await fetchTarget(target, ctx, true);
    if (!('res' in outcome)) return outcome;
    const { res, responseMs } = outcome;
    if (!isUpStatus(res.status))
      return { up: false, message: `HTTP ${res.status}`, responseMs, statusCode: res.status };
    const found = containsKeyword(res.text(), keyword);
    const shown = keyword.length > 60 ? `${keyword.slice(0, 57)}...` : keyword;
    return {
      up: found,
      message: `Keyword "${shown}" ${found ? 'found' : 'not found'}`,
      responseMs,
      statusCode: res.status,
    };
  },
};
