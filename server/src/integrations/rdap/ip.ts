import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { BootstrapService } from './bootstrap.js';
import { RdapError } from './errors.js';
import { jcardCountry, jcardProperties, jcardText, type JCardProperty } from './jcard.js';
import { findEntity, list, obj, str, type Json } from './parse.js';
import type { IpNetworkInfo } from './types.js';

/* IP addresses and networks for RDAP (RFC 9224 §5 bootstrap by CIDR prefix, RFC 9083 §5.4 "ip network"). */

export interface IpAddress {
  /** The usual text form: a dotted quad, or RFC 5952 IPv6; an IPv4-mapped IPv6 address is its IPv4 one. */
  text: string;
  version: 4 | 6;
  /** The address as a number, for range comparisons. */
  value: bigint;
}

const toBigInt = (bytes: number[]): bigint => bytes.reduce((n, b) => (n << 8n) | BigInt(b), 0n);

/** An IPv4 or IPv6 address (brackets allowed around IPv6); null when the text is not one. */
export function parseIpAddress(raw: string): IpAddress | null {
  const text = raw.trim().replace(/^\[(.*)\]$/, '$1');
  if (!isIP(text)) return null;
  const addr = ipaddr.process(text);
  return {
    text: addr.toString(),
    version: addr.kind() === 'ipv4' ? 4 : 6,
    value: toBigInt(addr.toByteArray()),
  };
}

/** A CIDR prefix of a bootstrap entry, as the range of addresses it covers. */
export interface Prefix<T> {
  version: 4 | 6;
  first: bigint;
  last: bigint;
  bits: number;
  value: T;
}

/** "88.0.0.0/8" or "2a00::/12" as a range (host bits ignored); null when not a CIDR prefix. */
export function parsePrefix<T>(cidr: string, value: T): Prefix<T> | null {
  let range: [ipaddr.IPv4 | ipaddr.IPv6, number];
  try {
    range = ipaddr.parseCIDR(cidr.trim());
  } catch {
    return null;
  }
  const [addr, bits] = range;
  const version = addr.kind() === 'ipv4' ? 4 : 6;
  const size = 1n << BigInt((version === 4 ? 32 : 128) - bits);
  const base = toBigInt(addr.toByteArray());
  const first = base - (base % size);
  return { version, first, last: first + size - 1n, bits, value };
}

/** Every prefix of a bootstrap file with its service's base URLs; entries that are no prefix are skipped. */
export function bootstrapPrefixes(services: readonly BootstrapService[]): Prefix<string[]>[] {
  return services.flatMap((s) =>
    s.labels.map((l) => parsePrefix(l, s.urls)).filter((p): p is Prefix<string[]> => p !== null),
  );
}

/** The value of the longest prefix holding the address (RFC 9224 §5), or null when none does. */
export function matchPrefix<T>(address: IpAddress, prefixes: readonly Prefix<T>[]): T | null {
  let best: Prefix<T> | null = null;
  for (const p of prefixes) {
    if (p.version !== address.version || address.value < p.first || address.value > p.last) continue;
    if (!best || p.bits > best.bits) best = p;
  }
  return best?.value ?? null;
}

const countryOf = (value: string | null): string | null => {
  const v = value?.trim();
  if (!v) return null;
  return /^[A-Za-z]{2}$/.test(v) ? v.toUpperCase() : v;
};

/** The country line of an adr "label" parameter (ARIN puts the whole postal address there). */
function labelCountry(card: JCardProperty[]): string | null {
  for (const prop of card) {
    if (prop.name !== 'adr' || typeof prop.params.label !== 'string') continue;
    const lines = prop.params.label
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    if (lines.length > 1) return lines[lines.length - 1]!;
  }
  return null;
}

/** The first line of the network's "description" remark (APNIC names the holder there). */
function description(net: Json): string | null {
  const remark = list(net.remarks).find((r) => str(r.title)?.toLowerCase() === 'description');
  const lines = Array.isArray(remark?.description) ? remark.description : [];
  return lines.map(str).find((l) => l !== null) ?? null;
}

/**
 * Turns an RFC 9083 "ip network" object into IpNetworkInfo. Throws RdapError('bad_response') for anything
 * else, and for a network that does not hold the address asked about.
 */
export function parseRdapIpNetwork(json: unknown, query: IpAddress, server: string): IpNetworkInfo {
  const net = obj(json);
  if (!net || str(net.objectClassName)?.toLowerCase() !== 'ip network')
    throw new RdapError('bad_response', `${server} did not answer with an RDAP ip network object`);
  const start = parseIpAddress(str(net.startAddress) ?? '');
  const end = parseIpAddress(str(net.endAddress) ?? '');
  if (!start || !end || start.version !== end.version || start.value > end.value)
    throw new RdapError('bad_response', `${server} answered an ip network without a usable address range`);
  if (start.version !== query.version || query.value < start.value || query.value > end.value)
    throw new RdapError(
      'bad_response',
      `${server} answered the network ${start.text} - ${end.text}, which does not hold ${query.text}`,
    );
  const registrant = findEntity(list(net.entities), 'registrant');
  const card = registrant ? jcardProperties(registrant.vcardArray) : [];
  return {
    startAddress: start.text,
    endAddress: end.text,
    ipVersion: start.version,
    handle: str(net.handle),
    name: str(net.name),
    country: countryOf(str(net.country) ?? jcardCountry(card) ?? labelCountry(card)),
    org: jcardText(card, 'fn') ?? jcardText(card, 'org') ?? description(net) ?? str(net.name),
    server,
  };
}
