import { domainToASCII, domainToUnicode } from 'node:url';
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
  const trimmed = input.trim().replace(/\.+$/, '');
  const ascii = trimmed ? domainToASCII(trimmed).toLowerCase() : '';
  if (!ascii || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii))
    throw new InvalidDomainError(`"${input.slice(0, 100)}" is not a domain name`);
  const labels = ascii.split('.');
  return { ascii, unicode: domainToUnicode(ascii), labels, tld: labels[labels.length - 1]! };
}
