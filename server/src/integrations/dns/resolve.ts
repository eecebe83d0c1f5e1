import { isIP } from 'node:net';
import type { DnsClient } from './client.js';
import { normaliseName } from './records.js';

/** The most CNAMEs followed from a name to its addresses (resolvers stop at about this many too). */
export const MAX_CNAME_HOPS = 8;

/** What resolving asks of a DNS client (a recording wrapper may stand in for it). */
export type DnsAsker = Pick<DnsClient, 'query' | 'lookup'>;

/** What resolving a host name found: the CNAME chain walked and the addresses at its end. */
export interface HostResolution {
  name: string;
  /** The names after `name`, in the order the CNAMEs led to them. */
  cnames: string[];
  /** A and AAAA addresses of the chain's last name (the literal itself for an IP address). */
  addresses: string[];
  /** A name on the way does not exist. */
  nxdomain: boolean;
}

/**
 * Resolves a host name to its addresses through the configured resolvers, as a stub resolver does: the A and
 * AAAA records of the name, or, when it has none, its CNAME followed (at most MAX_CNAME_HOPS, no loops). The
 * client keeps only the records of the name asked about, so each link of a chain is asked for in turn.
 * DnsErrors (timeouts, SERVFAIL) are thrown.
 */
export async function resolveHost(dns: DnsAsker, host: string): Promise<HostResolution> {
  const name = normaliseName(host.replace(/^\[(.*)\]$/, '$1'));
  if (isIP(name)) return { name, cnames: [], addresses: [name], nxdomain: false };
  const cnames: string[] = [];
  let current = name;
  for (let hop = 0; hop <= MAX_CNAME_HOPS; hop += 1) {
    const [a, aaaa] = await Promise.all([dns.query(current, 'A'), dns.query(current, 'AAAA')]);
    const addresses = [...a.records, ...aaaa.records].map((r) => r.ip).filter((ip): ip is string => !!ip);
    if (addresses.length) return { name, cnames, addresses, nxdomain: false };
    if (a.nxdomain) return { name, cnames, addresses: [], nxdomain: true };
    const target = (await dns.lookup(current, 'CNAME'))[0]?.target;
    if (!target || target === name || cnames.includes(target)) break;
    cnames.push(target);
    current = target;
  }
  return { name, cnames, addresses: [], nxdomain: false };
}
