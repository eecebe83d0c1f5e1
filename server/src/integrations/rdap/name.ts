import { toAsciiDomain, toUnicodeDomain } from '@sitefleet/shared';
import { InvalidDomainError } from './types.js';

export interface DomainName {
  /** A-label form, lower case, no trailing dot: what registries are queried with. */
  ascii: string;
  unicode: string;
  labels: string[];
  tld: string;
}

/** Normalises a user-typed name ("Bücher.DE.") to the forms registries expect ("xn--bcher-kva.de"). */
export function normaliseDomain(input: string): DomainName {
  const ascii = toAsciiDomain(input.trim().replace(/\.+$/, ''));
  if (!ascii) throw new InvalidDomainError(`"${input.slice(0, 100)}" is not a domain name`);
  const labels = ascii.split('.');
  return { ascii, unicode: toUnicodeDomain(ascii), labels, tld: labels[labels.length - 1]! };
}
