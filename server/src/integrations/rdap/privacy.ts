// Registrant values that say "hidden" rather than naming anyone: redaction markers and the names of the
// common privacy/proxy services.
const PRIVACY_PATTERN =
  /redacted|privacy|private registration|registration private|proxy|protected|withheld|not disclosed|non-public|gdpr|masked|whoisguard|whois agent|on behalf of|identity protect|statutory masking|not shown/i;

export const isPrivacyValue = (value: string | null | undefined): boolean =>
  value !== null && value !== undefined && PRIVACY_PATTERN.test(value);

/** Keeps a contact value unless it is empty or only a redaction marker. */
export function contactValue(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  if (!trimmed) return null;
  if (/^(\(?redacted\)?.*|not disclosed.*|not shown.*|data protected|withheld|n\/a|none)$/i.test(trimmed))
    return null;
  return trimmed;
}
