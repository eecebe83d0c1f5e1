/** What Sitefleet keeps about a domain's registration, whichever protocol it came from. */
export interface DomainInfo {
  /** A-label (punycode) form, lower case. */
  name: string;
  unicodeName: string;
  registrar: {
    name: string;
    ianaId: string | null;
    url: string | null;
    abuseEmail: string | null;
  } | null;
  registrant: {
    name: string | null;
    organization: string | null;
    email: string | null;
    country: string | null;
  } | null;
  /** Lower case, no trailing dot, sorted, unique. */
  nameservers: string[];
  /** Epoch seconds. */
  creationDate: number | null;
  expirationDate: number | null;
  updatedDate: number | null;
  /** RDAP status strings ("client transfer prohibited"); EPP codes from WHOIS are mapped to them. */
  statuses: string[];
  /** The registrant is hidden: redacted fields, "REDACTED FOR PRIVACY", or a privacy/proxy service. */
  whoisProtected: boolean;
  source: 'rdap' | 'whois';
  /**
   * WHOIS dates the answer gave but that could not be read without guessing (11-07-2020 from a registry whose
   * day/month order is not declared): the field is left null and the text kept here. Absent for RDAP.
   */
  uncertain?: UncertainDate[];
  /** Host name of the server that answered (the registry's, when a registrar referral was merged in). */
  server: string;
}

export interface UncertainDate {
  field: 'creationDate' | 'expirationDate' | 'updatedDate';
  raw: string;
}

export type DomainRegistrar = NonNullable<DomainInfo['registrar']>;
export type DomainRegistrant = NonNullable<DomainInfo['registrant']>;

/** The registry says the name is not registered (RDAP 404, WHOIS "No match"). */
export class DomainNotFoundError extends Error {
  override readonly name = 'DomainNotFoundError';
  constructor(
    readonly domain: string,
    readonly source: 'rdap' | 'whois',
    readonly server: string,
  ) {
    super(`${domain} is not registered (according to ${server})`);
  }
}

/** The name cannot be looked up at all (empty, not a valid host name). */
export class InvalidDomainError extends Error {
  override readonly name = 'InvalidDomainError';
}

/** The network an IP address belongs to, from its registry's RDAP "ip network" object (RFC 9083 §5.4). */
export interface IpNetworkInfo {
  /** First and last address of the network as the registry answered it (usual text form). */
  startAddress: string;
  endAddress: string;
  ipVersion: 4 | 6;
  /** The registry's identifier of the network ("NET-104-16-0-0-1", "88.99.0.0 - 88.99.255.255"). */
  handle: string | null;
  /** The network's name ("HETZNER-DC", "CLOUDFLARENET"). */
  name: string | null;
  /** ISO 3166 alpha-2 code, upper case: the network's country, else its registrant's. */
  country: string | null;
  /** Who holds the network: the registrant entity's name, else the network's description or name. */
  org: string | null;
  /** Host name of the server that answered (after any referral to another registry). */
  server: string;
}

/** The registry has no network for the address (RDAP 404). */
export class IpNetworkNotFoundError extends Error {
  override readonly name = 'IpNetworkNotFoundError';
  constructor(
    readonly address: string,
    readonly server: string,
  ) {
    super(`No network holds ${address} (according to ${server})`);
  }
}

/** The text is not an IPv4 or IPv6 address. */
export class InvalidAddressError extends Error {
  override readonly name = 'InvalidAddressError';
}
