/**
 * The decisions of a service check, without any I/O (the unit tests' subject): whether a DNS answer names the
 * host a record says, whether a URL's host leads to the hostname that should serve it, and whether an HTTP
 * answer means the service is up.
 */
import { isServiceUp } from '@sitefleet/shared';
import type { HostResolution } from '../../../integrations/dns/resolve.js';

export interface Verdict {
  verified: boolean;
  message: string;
}

/** One DNS question of a check and its answer, as the evidence keeps it. */
export interface DnsStep {
  name: string;
  type: string;
  /** Addresses (A, AAAA) or names (CNAME, MX, NS) answered; MX as "pri name". */
  answers: string[];
  nxdomain: boolean;
  /** The resolver that answered ("ip:port"). */
  server: string;
}

/** What the HTTP request of a check got: the answer, or why there was none. */
export type ProbeResult =
  | { method: 'HEAD' | 'GET'; status: number; final_url: string; redirects: string[]; error: null }
  | { method: 'HEAD' | 'GET'; status: null; final_url: null; redirects: string[]; error: string };

const list = (names: readonly string[]) => names.join(', ');

/** The hostname's resolution: a failure verdict when it has no address, else null. */
export function resolutionVerdict(host: HostResolution): Verdict | null {
  if (host.addresses.length) return null;
  const last = host.cnames.at(-1);
  const via = last ? ` (its CNAME leads to ${last})` : '';
  return {
    verified: false,
    message: host.nxdomain
      ? `${host.name} does not exist in DNS${via}`
      : `${host.name} has no A or AAAA record${via}`,
  };
}

/**
 * A DNS type's record (CDN alias, MX, NS) at `location` must name `hostname`, and `hostname` must resolve:
 * a CNAME must point at it, the MX or NS records must include it.
 */
export function dnsRecordVerdict(
  record: 'CNAME' | 'MX' | 'NS',
  location: string,
  hostname: string,
  found: { names: readonly string[]; nxdomain: boolean },
  host: HostResolution,
): Verdict {
  if (found.nxdomain) return { verified: false, message: `${location} does not exist in DNS` };
  if (!found.names.length) return { verified: false, message: `${location} has no ${record} record` };
  if (!found.names.includes(hostname)) {
    return {
      verified: false,
      message:
        record === 'CNAME'
          ? `${location} is a CNAME of ${found.names[0]!}, not of ${hostname}`
          : `${location}'s ${record} records name ${list(found.names)}, not ${hostname}`,
    };
  }
  const unresolved = resolutionVerdict(host);
  if (unresolved) return unresolved;
  const named = record === 'CNAME' ? `is a CNAME of ${hostname}` : `${record} includes ${hostname}`;
  return { verified: true, message: `${location} ${named}, which resolves to ${list(host.addresses)}` };
}

/**
 * An HTTP type's DNS half: the hostname must resolve, and the URL's host must reach it (the same name, a CNAME
 * chain through it, or one of its addresses). A failure verdict, or null when the URL may be requested.
 */
export function reachVerdict(
  urlHost: string,
  hostname: string,
  host: HostResolution,
  via: HostResolution,
): Verdict | null {
  const unresolved = resolutionVerdict(host);
  if (unresolved) return unresolved;
  if (urlHost === hostname || via.cnames.includes(hostname)) return null;
  if (via.addresses.some((a) => host.addresses.includes(a))) return null;
  const where = via.addresses.length
    ? `resolves to ${list(via.addresses)}`
    : via.nxdomain
      ? 'does not exist in DNS'
      : 'has no address';
  return {
    verified: false,
    message: `${urlHost} ${where}, not to ${hostname} (${list(host.addresses)})`,
  };
}

/** An HTTP type's answer: 2xx, 3xx, 401 and 403 are up (a login wall answers); anything else, or none, is not. */
export function probeVerdict(location: string, probe: ProbeResult): Verdict {
  if (probe.status === null)
    return { verified: false, message: `${location} did not answer: ${probe.error}` };
  const at = probe.final_url !== location ? ` at ${probe.final_url}` : '';
  return isServiceUp(probe.status)
    ? { verified: true, message: `${location} answers ${probe.status}${at}` }
    : { verified: false, message: `${location} answers ${probe.status}${at}` };
}

/** HEAD is not allowed or not implemented there: the probe asks again with GET. */
export const retryWithGet = (status: number): boolean => status === 405 || status === 501;
