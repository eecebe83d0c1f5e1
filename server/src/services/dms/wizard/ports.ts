/**
 * What the launch steps need from outside systems, in their words; ./clients.ts builds these from the
 * project's clients (Namecheap, Cloudflare, RunCloud, RDAP/WHOIS, DNS, the guarded HTTP client). A failure
 * is a LaunchError whose message an operator can act on; `unknownOutcome` says a write may have happened
 * although no answer came (the step then looks it up before writing again).
 */
import type { DomainInfo } from '../../../integrations/rdap/types.js';
import type { DnsRecord } from '../../../integrations/dns/types.js';

export class LaunchError extends Error {
  override readonly name = 'LaunchError';
  constructor(
    message: string,
    readonly unknownOutcome = false,
  ) {
    super(message);
  }
}

export interface RegistrarPort {
  /** The registrar's name for messages: 'Namecheap'. */
  readonly label: string;
  check(domain: string): Promise<{ available: boolean; premium: boolean; price: string | null }>;
  /** The domain as the account holds it; null when it is not the account's. */
  owned(domain: string): Promise<{ nameservers: string[] } | null>;
  buy(domain: string, years: number): Promise<{ orderId: string | null; charged: string | null }>;
  setNameservers(domain: string, nameservers: string[]): Promise<void>;
}

export interface DnsZone {
  id: string;
  nameServers: string[];
  status: string;
}

export interface DnsProviderPort {
  readonly label: string;
  /** The zone of the domain in the account, created when missing (found again, never twice). */
  ensureZone(domain: string): Promise<DnsZone>;
  /** A records of the domain and www to this IPv4 (AAAA for IPv6): what was created, changed or kept. */
  pointTo(zoneId: string, domain: string, ip: string): Promise<{ changed: string[]; kept: string[] }>;
}

export interface HostingPort {
  readonly label: string;
  /** A web app of this name on the RunCloud server, or null. */
  findWebapp(runcloudServerId: number, name: string): Promise<{ id: number } | null>;
  /** A web app with WordPress set up in it (its database and admin user included), in one call. */
  createWordPress(
    runcloudServerId: number,
    site: { name: string; domain: string; title: string; adminEmail: string },
  ): Promise<{ id: number }>;
}

/** An HTTP answer of a site: enough to say whether and how it answers. */
export interface SiteAnswer {
  status: number;
  url: string;
  server: string | null;
  title: string | null;
  address: string | null;
}

export interface LaunchPorts {
  registrar: RegistrarPort | null;
  dns: DnsProviderPort | null;
  hosting: HostingPort | null;
  /** Registration data (RDAP, WHOIS fallback); null when the name is not registered. */
  lookupDomain(name: string): Promise<DomainInfo | null>;
  lookupDns(name: string): Promise<DnsRecord[]>;
  /** GET of a site's home page; `address` pins the connection to that IP (the DNS just set), else DNS. */
  fetchSite(url: string, address: string | null): Promise<SiteAnswer>;
}
