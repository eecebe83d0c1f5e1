/** Shapes of Namecheap's XML API answers as the client hands them on. Dates are ISO `YYYY-MM-DD`. */

/**
 * One person or company as a domain contact. Namecheap wants four (Registrant, Tech, Admin, AuxBilling);
 * the wizard sends the same one four times unless told otherwise.
 */
export interface NamecheapContact {
  firstName: string;
  lastName: string;
  organization?: string;
  address1: string;
  city: string;
  stateProvince: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case: `US`, `DE`. */
  country: string;
  /** Namecheap's format `+NNN.NNNNNNNNNN`: country code, a dot, the number. */
  phone: string;
  email: string;
}

/** `namecheap.domains.check`, one per domain asked. */
export interface NamecheapCheckResult {
  domain: string;
  available: boolean;
  premium: boolean;
  /** What registering a premium name costs for the first year; null for a regular name. */
  premiumRegistrationPrice: number | null;
  premiumRenewalPrice: number | null;
  icannFee: number | null;
  eapFee: number | null;
  /** Namecheap's words when it could not tell (an unsupported name, a registry error). */
  description: string | null;
}

export interface NamecheapCreateInput {
  domain: string;
  /** 1 to 10 (default 1). */
  years?: number;
  registrant: NamecheapContact;
  /** Default: the registrant. */
  tech?: NamecheapContact;
  admin?: NamecheapContact;
  auxBilling?: NamecheapContact;
  /** Custom nameservers from the start; default Namecheap's own DNS. */
  nameservers?: string[];
  /** Free WHOIS privacy, added and switched on (default true). */
  whoisPrivacy?: boolean;
  /** A premium name's registration price as `check` reported it; required to buy a premium name. */
  premiumPrice?: number;
}

/** `namecheap.domains.create`. */
export interface NamecheapCreateResult {
  domain: string;
  registered: boolean;
  /** What the account was charged, in its currency (USD). */
  chargedAmount: number;
  domainId: number | null;
  orderId: number | null;
  transactionId: number | null;
  whoisguardEnabled: boolean;
  /** The registry completes the registration later (some country TLDs). */
  nonRealTime: boolean;
}

/** `namecheap.domains.getInfo` of a domain in the account. */
export interface NamecheapDomainInfo {
  id: number;
  domain: string;
  /** `Ok`, `Locked`, `Expired`. */
  status: string;
  ownerName: string | null;
  isOwner: boolean;
  isPremium: boolean;
  createdDate: string | null;
  expiredDate: string | null;
  whoisguardEnabled: boolean;
  /** `FREE` (Namecheap BasicDNS), `CUSTOM`, ... */
  dnsProvider: string | null;
  usingOurDns: boolean;
  nameservers: string[];
}

/** One row of `namecheap.domains.getList`. */
export interface NamecheapDomainListItem {
  id: number;
  name: string;
  user: string | null;
  createdDate: string | null;
  expiresDate: string | null;
  isExpired: boolean;
  isLocked: boolean;
  autoRenew: boolean;
  /** `ENABLED`, `DISABLED`, `NOTPRESENT`. */
  whoisGuard: string | null;
  isPremium: boolean;
  isOurDns: boolean;
}

export interface NamecheapDomainPage {
  domains: NamecheapDomainListItem[];
  totalItems: number;
  currentPage: number;
  pageSize: number;
}

export const HOST_TYPES = [
  'A',
  'AAAA',
  'ALIAS',
  'CAA',
  'CNAME',
  'MX',
  'MXE',
  'NS',
  'TXT',
  'URL',
  'URL301',
  'FRAME',
] as const;
export type NamecheapHostType = (typeof HOST_TYPES)[number];

/** A host record to write with `setHosts`. */
export interface NamecheapHostInput {
  /** `@` for the domain itself, `www`, `mail`, ... */
  name: string;
  type: NamecheapHostType;
  address: string;
  /** 60 to 60000 seconds (Namecheap's default 1800). */
  ttl?: number;
  /** MX preference (default 10); MX records only. */
  mxPref?: number;
}

/** A host record as `getHosts` reads it. */
export interface NamecheapHost {
  hostId: number | null;
  name: string;
  type: string;
  address: string;
  mxPref: number | null;
  ttl: number | null;
}
