/**
 * IP textareas (SPEC §7.1): text with one address a line (or comma separated) converted to and from
 * lists of IP objects.
 */

const V4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function isIpv6(text: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

export function isIpAddress(text: string): boolean {
  return V4.test(text) || isIpv6(text);
}

export interface IpEntry {
  ip_address: string;
  valid: boolean;
  /** Already listed earlier in the same text. */
  duplicate: boolean;
}

/** Splits on new lines, commas, semicolons and spaces; flags invalid and repeated addresses. */
export function parseIpText(text: string): IpEntry[] {
  const seen = new Set<string>();
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((ip) => {
      const key = ip.toLowerCase();
      const duplicate = seen.has(key);
      seen.add(key);
      return { ip_address: ip, valid: isIpAddress(ip), duplicate };
    });
}

/** The IP objects to create: one per valid, first-seen address, each with the shared fields. */
export function toIpRecords<T extends Record<string, unknown>>(
  entries: readonly IpEntry[],
  shared: T,
): Array<T & { ip_address: string }> {
  return entries.filter((e) => e.valid && !e.duplicate).map((e) => ({ ...shared, ip_address: e.ip_address }));
}

/** IP objects back to the textarea's text, one address a line. */
export function toIpText(records: ReadonlyArray<{ ip_address?: unknown }>): string {
  return records
    .map((r) => (typeof r.ip_address === 'string' ? r.ip_address : ''))
    .filter(Boolean)
    .join('\n');
}
