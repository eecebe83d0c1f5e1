/**
 * Alert recipients, checked the same way by the server and the console: e-mail addresses (one plain
 * address, lower-cased) and phone numbers in E.164 (spaces, dots, dashes and brackets dropped).
 */
export const EMAIL_PATTERN = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const E164_PATTERN = /^\+[1-9]\d{6,14}$/;

export function normaliseEmail(raw: string): string | null {
  const value = raw.trim();
  return EMAIL_PATTERN.test(value) ? value.toLowerCase() : null;
}

/** '+49 151 1234-5678' and '(+1) 555 010 9999' become +4915112345678 and +15550109999. */
export function normalisePhone(raw: string): string | null {
  const compact = raw.replace(/[\s().-]/g, '');
  return E164_PATTERN.test(compact) ? compact : null;
}
