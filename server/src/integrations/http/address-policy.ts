import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { OutboundError } from './errors.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;
type Cidr = [Addr, number];

/** `private` verdicts may be lifted by configuration; `never` ones cannot (nothing legitimate lives there). */
interface Blocked {
  label: string;
  severity: 'private' | 'never';
}

const PRIVATE = 'private or loopback address';

const cidr = (s: string): Cidr => ipaddr.parseCIDR(s);

// Belt and braces next to ipaddr.js's own range names: every IPv4 block that is not public unicast.
const V4_RANGES: [Cidr, Blocked][] = [
  [cidr('0.0.0.0/8'), { label: 'unspecified address', severity: 'never' }],
  [cidr('10.0.0.0/8'), { label: PRIVATE, severity: 'private' }],
  [cidr('100.64.0.0/10'), { label: 'carrier-grade NAT address', severity: 'private' }],
  [cidr('127.0.0.0/8'), { label: PRIVATE, severity: 'private' }],
  [cidr('169.254.169.254/32'), { label: 'link-local address (cloud metadata service)', severity: 'private' }],
  [cidr('169.254.0.0/16'), { label: 'link-local address', severity: 'private' }],
  [cidr('172.16.0.0/12'), { label: PRIVATE, severity: 'private' }],
  [cidr('192.0.0.0/24'), { label: 'reserved address', severity: 'private' }],
  [cidr('192.0.2.0/24'), { label: 'reserved address', severity: 'private' }],
  [cidr('192.88.99.0/24'), { label: 'reserved address', severity: 'private' }],
  [cidr('192.168.0.0/16'), { label: PRIVATE, severity: 'private' }],
  [cidr('198.18.0.0/15'), { label: 'reserved address', severity: 'private' }],
  [cidr('198.51.100.0/24'), { label: 'reserved address', severity: 'private' }],
  [cidr('203.0.113.0/24'), { label: 'reserved address', severity: 'private' }],
  [cidr('224.0.0.0/4'), { label: 'multicast address', severity: 'never' }],
  [cidr('255.255.255.255/32'), { label: 'broadcast address', severity: 'never' }],
  [cidr('240.0.0.0/4'), { label: 'reserved address', severity: 'private' }],
];

const GLOBAL_UNICAST_V6 = cidr('2000::/3');
const NAT64_WELL_KNOWN = cidr('64:ff9b::/96');

function classifyV4(addr: ipaddr.IPv4): Blocked | null {
  for (const [range, verdict] of V4_RANGES) if (addr.match(range)) return verdict;
  if (addr.range() !== 'unicast') return { label: 'reserved address', severity: 'private' };
  return null;
}

function embeddedV4(parts: number[], high: number): ipaddr.IPv4 {
  const a = parts[high] ?? 0;
  const b = parts[high + 1] ?? 0;
  return new ipaddr.IPv4([a >> 8, a & 0xff, b >> 8, b & 0xff]);
}

function classifyV6(addr: ipaddr.IPv6): Blocked | null {
  const range = addr.range();
  const p = addr.parts;
  // Forms that carry an IPv4 address inside: judge the IPv4 address they lead to.
  if (range === 'ipv4Mapped' || range === 'rfc6145' || addr.match(NAT64_WELL_KNOWN))
    return classifyV4(embeddedV4(p, 6));
  if (range === '6to4') return classifyV4(embeddedV4(p, 1));
  switch (range) {
    case 'unspecified':
      return { label: 'unspecified address', severity: 'never' };
    case 'loopback':
    case 'uniqueLocal':
    case 'rfc6052': // local-use NAT64 prefix 64:ff9b:1::/48
      return { label: PRIVATE, severity: 'private' };
    case 'linkLocal':
      return { label: 'link-local address', severity: 'private' };
    case 'multicast':
      return { label: 'multicast address', severity: 'never' };
    case 'unicast':
      break;
    default:
      return { label: 'reserved address', severity: 'private' };
  }
  // ::a.b.c.d (deprecated IPv4-compatible), site-local fec0::/10 and all unallocated space.
  if (!addr.match(GLOBAL_UNICAST_V6)) return { label: 'reserved address', severity: 'private' };
  return null;
}

/** Classifies a canonical IP address string; null means it is a public unicast address. */
export function classifyAddress(ip: string): Blocked | null {
  if (isIP(ip) === 0) return { label: 'not an IP address', severity: 'never' };
  const addr = ipaddr.parse(ip);
  return addr.kind() === 'ipv4' ? classifyV4(addr as ipaddr.IPv4) : classifyV6(addr as ipaddr.IPv6);
}

export interface AddressPolicyOptions {
  /** Lift the private/loopback/link-local refusals (private deployments, tests). */
  allowPrivate?: boolean;
  /** IPs or CIDRs that are always allowed (checked before anything else). */
  allowHosts?: string[];
}

export interface AddressPolicy {
  /** Throws OutboundError('blocked_address') unless a connection to this resolved IP is allowed. */
  assertAddress(ip: string, hostname?: string): void;
  /** Refuses names reserved for the local machine before any resolution. */
  assertHostname(hostname: string): void;
}

function parseAllowEntry(entry: string): Cidr {
  const trimmed = entry.trim();
  if (ipaddr.isValidCIDR(trimmed)) return ipaddr.parseCIDR(trimmed);
  if (isIP(trimmed)) {
    const addr = ipaddr.parse(trimmed);
    return [addr, addr.kind() === 'ipv4' ? 32 : 128];
  }
  throw new Error(`allowHosts entry "${entry}" is neither an IP address nor a CIDR`);
}

function matchesAny(ip: string, allowed: Cidr[]): boolean {
  const forms: Addr[] = [ipaddr.parse(ip)];
  const processed = ipaddr.process(ip);
  if (processed.kind() !== forms[0]!.kind()) forms.push(processed);
  return forms.some((addr) =>
    allowed.some(([net, bits]) => net.kind() === addr.kind() && addr.match(net, bits)),
  );
}

export function createAddressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const allowed = (options.allowHosts ?? []).map(parseAllowEntry);
  const allowPrivate = options.allowPrivate === true;
  const refuse = (target: string, label: string) =>
    new OutboundError('blocked_address', `Refused to connect to ${target}: ${label}`);
  return {
    assertAddress(ip, hostname) {
      const target = hostname && hostname !== ip ? `${hostname} (${ip})` : ip;
      if (isIP(ip) === 0) throw refuse(target, 'not an IP address');
      if (matchesAny(ip, allowed)) return;
      const verdict = classifyAddress(ip);
      if (!verdict) return;
      if (verdict.severity === 'private' && allowPrivate) return;
      throw refuse(target, verdict.label);
    },
    assertHostname(hostname) {
      const name = hostname.toLowerCase().replace(/\.+$/, '');
      if (allowPrivate) return;
      if (name === 'localhost' || name.endsWith('.localhost')) throw refuse(hostname, PRIVATE);
    },
  };
}
