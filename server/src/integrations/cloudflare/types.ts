/** Shapes of Cloudflare's API v4 answers as the client hands them on. IDs are 32 hex digits. */

/** `GET /user/tokens/verify` (or the account-owned token's twin). */
export interface CloudflareTokenStatus {
  id: string;
  /** `active`, `disabled` or `expired`. */
  status: string;
  expiresOn: string | null;
  notBefore: string | null;
}

/**
 * A zone. `status` is `pending` until the domain's registrar delegates to `nameServers`, then `active`
 * (also `initializing` or `moved`).
 */
export interface CloudflareZone {
  id: string;
  name: string;
  status: string;
  active: boolean;
  paused: boolean;
  /** `full` (Cloudflare answers DNS) or `partial` (CNAME setup). */
  type: string | null;
  /** The two name servers Cloudflare assigned, which the registrar must be set to. */
  nameServers: string[];
  /** The name servers the domain had when the zone was added; null when Cloudflare did not say. */
  originalNameServers: string[] | null;
  accountId: string | null;
  activatedOn: string | null;
  createdOn: string | null;
}

/** ensureZone's answer: the zone, and whether this call created it. */
export interface EnsuredZone extends CloudflareZone {
  created: boolean;
}

/** The record types the client writes; listings hand on whatever type Cloudflare has. */
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'TXT', 'MX', 'NS'] as const;
export type CloudflareRecordType = (typeof RECORD_TYPES)[number];

export interface CloudflareDnsRecord {
  id: string;
  type: string;
  /** The full name, in lower case: `example.com`, `www.example.com`. */
  name: string;
  content: string;
  /** Seconds; 1 means automatic (always so for proxied records). */
  ttl: number;
  proxied: boolean;
  proxiable: boolean;
  /** MX only. */
  priority: number | null;
  comment: string | null;
  createdOn: string | null;
  modifiedOn: string | null;
}

/** A record as a caller wants it; `name` may be relative (`@`, `www`) or full. */
export interface DesiredDnsRecord {
  type: CloudflareRecordType;
  name: string;
  content: string;
  /** Default 1 (automatic); otherwise 60–86400. */
  ttl?: number;
  /** Default false: DNS only. */
  proxied?: boolean;
  /** Required by Cloudflare for MX. */
  priority?: number;
  /** Left as it is when undefined. */
  comment?: string;
}

/** What upsertRecords did, record by record (deleted ones as they were). */
export interface UpsertResult {
  created: CloudflareDnsRecord[];
  updated: CloudflareDnsRecord[];
  unchanged: CloudflareDnsRecord[];
  deleted: CloudflareDnsRecord[];
}

/** One entry of an answer's `errors` (Cloudflare's code and words). */
export interface CloudflareApiMessage {
  code: number;
  message: string;
}

/** `result_info` of a listing. */
export interface CloudflareResultInfo {
  page: number;
  perPage: number;
  count: number;
  totalCount: number | null;
  totalPages: number | null;
}
