import { MONITOR_LIMITS, normaliseEmail, normalisePhone } from '@sitefleet/shared';

/** Recipients of a monitor's alerts: how a typed item is cleaned, and what is said when it is not valid. */
export interface RecipientKind {
  /** What separates items typed or pasted together. */
  separators: RegExp;
  /** The item as stored, or null when it is not one. */
  normalise: (raw: string) => string | null;
  invalid: (raw: string) => string;
}

// The server's rules (shared), so a form it would refuse is stopped here first.

export const EMAIL_RECIPIENT: RecipientKind = {
  separators: /[\s,;]+/,
  normalise: normaliseEmail,
  invalid: (raw) => `"${raw}" is not an e-mail address`,
};

/** '+49 151 1234-5678' and '(+1) 555 010 9999' are accepted and stored as +4915112345678. */
export const PHONE_RECIPIENT: RecipientKind = {
  // spaces belong to the number: '+49 151 1234 5678'
  separators: /[,;\n\r]+/,
  normalise: normalisePhone,
  invalid: (raw) => `"${raw}" is not an international number: write it as +4915112345678`,
};

/** Typed items added to a list: cleaned when valid, kept as typed otherwise (to be corrected), no duplicates. */
export function addRecipients(
  list: readonly string[],
  typed: readonly string[],
  kind: RecipientKind,
): string[] {
  const out = [...list];
  for (const raw of typed) {
    const item = raw.trim();
    if (!item) continue;
    const value = kind.normalise(item) ?? item;
    if (!out.includes(value)) out.push(value);
  }
  return out;
}

/** A form validator: the first invalid item, or too many of them. */
export function validateRecipients(kind: RecipientKind) {
  return (value: unknown): string | undefined => {
    if (!Array.isArray(value)) return undefined;
    const bad = (value as string[]).find((item) => kind.normalise(item) === null);
    if (bad !== undefined) return kind.invalid(bad);
    if (value.length > MONITOR_LIMITS.alertRecipientsMax)
      return `At most ${MONITOR_LIMITS.alertRecipientsMax} recipients`;
    return undefined;
  };
}
