export const NA = 'N/A';

/** SPEC §9 display limits. */
export const LINK_DISPLAY_LIMIT = 30;
export const URL_DISPLAY_LIMIT = 200;

export function isMissing(value: unknown): boolean {
  return (
    value === null ||
    value === undefined ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

/** Cuts text longer than max characters, ending with an ellipsis (the result is max long). */
export function truncate(text: string, max: number): string {
  if (max <= 0) return '';
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}…` : text;
}

/** Keeps the first `words` words, adding an ellipsis when anything was cut. */
export function truncateWords(text: string, words: number): { text: string; truncated: boolean } {
  const parts = text.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= words) return { text: text.trim(), truncated: false };
  return { text: `${parts.slice(0, words).join(' ')}…`, truncated: true };
}

/** SPEC §5: links without a protocol are displayed with http:// prepended. */
export function withProtocol(url: string): string {
  const trimmed = url.trim();
  if (!trimmed) return trimmed;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) || /^(mailto|tel):/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('//')) return `http:${trimmed}`;
  return `http://${trimmed}`;
}

/** Only these schemes may become an href; anything else is shown as text. */
export function isSafeHref(url: string): boolean {
  return /^(https?:\/\/|mailto:|tel:)/i.test(url);
}

/** A plain display string for any value: arrays joined, objects as JSON, missing as N/A. */
export function displayText(value: unknown): string {
  if (isMissing(value)) return NA;
  if (Array.isArray(value)) return value.map((v) => displayText(v)).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
