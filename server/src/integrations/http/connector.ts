import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { OutboundError } from './errors.js';

/** Resolves a host name to every address it has (both families). Injectable for tests. */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Resolves a host and vets every address it returns; a name that resolves to any refused address is
 * refused as a whole. Returns the one address to connect to (IPv4 first, as most hosts here lack IPv6).
 */
export async function resolveChecked(hostname: string, policy: AddressPolicy, resolver: Resolver) {
  if (isIP(hostname)) {
    policy.assertAddress(hostname);
    return hostname;
  }
  policy.assertHostname(hostname);
  let addresses: string[];
  try {
    addresses = await resolver(hostname);
  } catch (err) {
    throw new OutboundError('network', `Could not resolve ${hostname}`, { cause: err });
  }
  if (addresses.length === 0) throw new OutboundError('network', `Could not resolve ${hostname}`);
  for (const address of addresses) policy.assertAddress(address, hostname);
  return addresses.find((a) => isIP(a) === 4) ?? addresses[0]!;
}

/**
 * An undici connector that resolves and checks the host itself at connect time, then dials the vetted IP
 * (keeping the name for TLS SNI and certificate checks). Every new connection goes through here, so a DNS
 * answer that changes between a pre-check and the connection (rebinding) is caught.
 */
export function createGuardedConnector(
  policy: AddressPolicy,
  resolver: Resolver,
  connectTimeoutMs: number,
  /** Told the host name and the address of every connection made (after the checks passed). */
  onConnected?: (hostname: string, address: string) => void,
): buildConnector.connector {
  const dial = buildConnector({ timeout: connectTimeoutMs });
  return (options, callback) => {
    resolveChecked(options.hostname, policy, resolver).then(
      (ip) => {
        const servername = options.servername ?? (isIP(options.hostname) ? undefined : options.hostname);
        dial({ ...options, hostname: ip, ...(servername ? { servername } : {}) }, (err, socket) => {
          if (err || !socket) return callback(err ?? new Error('connection failed'), null);
          const remote = socket.remoteAddress;
          try {
            if (remote) policy.assertAddress(remote, options.hostname);
          } catch (refused) {
            socket.destroy();
            return callback(refused as Error, null);
          }
          onConnected?.(options.hostname, remote ?? ip);
          callback(null, socket);
        });
      },
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), null),
    );
  };
}
