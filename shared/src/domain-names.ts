/**
 * Domain-name helpers shared by server and console: the console strips the same things from filter input
 * that the server strips from stored names, and Punycode and Unicode forms are kept consistent.
 */
import { decodeLabel } from './punycode.js';

/** Removes scheme, credentials, path, port, a leading www. and a trailing dot; lower-cases. */
export function stripDomainInput(input: string): string {
  let s = input.trim().toLowerCase();
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '');
  s = s.replace(/^\/+/, '');
  s = s.replace(/^[^@/]*@/, '');
  s = s.split(/[/?#]/)[0] ?? '';
  s = s.replace(/:\d+$/, '');
  s = s.replace(/^www\./, '');
  return s.replace(/\.$/, '');
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** The ASCII (Punycode) form of a domain name, or null when it is not a valid name. */
export function toAsciiDomain(input: string): string | null {
  const stripped = stripDomainInput(input);
  if (!stripped || stripped.length > 253) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${stripped}`).hostname;
  } catch {
    return null;
  }
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return null;
  if (/^\d+$/.test(labels[labels.length - 1]!)) return null;
  return ascii;
}

export function toUnicodeDomain(ascii: string): string {
  try {
    return ascii
      .split('.')
      .map((l) => (l.startsWith('xn--') ? decodeLabel(l.slice(4)) : l))
      .join('.');
  } catch {
    return ascii;
  }
}
