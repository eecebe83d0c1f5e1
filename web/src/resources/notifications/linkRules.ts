/** The server's rule for a notification link (shared `format: 'link'`), checked before sending. */
export const LINK_INVALID = 'Must be an http(s) URL or a console link starting with #/';

export function isNotificationLink(value: string): boolean {
  if (value.startsWith('#/')) return !/[\s<>"'`]/.test(value);
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.hostname);
  } catch {
    return false;
  }
}

export const validateLink = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && !isNotificationLink(value.trim())
    ? LINK_INVALID
    : undefined;
