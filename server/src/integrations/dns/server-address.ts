import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface DnsServer {
  host: string;
  port: number;
  family: 4 | 6;
  label: string;
}

/** Parses "192.0.2.1", "192.0.2.1:5353", "2001:db8::1" or "[2001:db8::1]:5353". */
export function parseDnsServer(spec: string): DnsServer {
  const trimmed = spec.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(trimmed);
  const v4WithPort = /^([\d.]+):(\d+)$/.exec(trimmed);
  const [host, port] = bracketed
    ? [bracketed[1]!, bracketed[2]]
    : v4WithPort
      ? [v4WithPort[1]!, v4WithPort[2]]
      : [trimmed, undefined];
  const family = isIP(host);
  const portNumber = port === undefined ? 53 : Number(port);
  if (family === 0 || !Number.isInteger(portNumber) || portNumber < 1 || portNumber > 65535)
    throw new Error(`DNS server "${spec}" is not an IP address with an optional port`);
  const canonical = ipaddr.parse(host).toString();
  return {
    host: canonical,
    port: portNumber,
    family: family as 4 | 6,
    label: family === 6 ? `[${canonical}]:${portNumber}` : `${canonical}:${portNumber}`,
  };
}

/** Compares a datagram's source with the server it should come from (IPv6 spellings vary). */
export function sameAddress(a: string, b: string): boolean {
  try {
    return ipaddr.process(a).toString() === ipaddr.process(b).toString();
  } catch {
    return false;
  }
}
