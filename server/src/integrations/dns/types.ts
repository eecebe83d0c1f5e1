import { IntegrationError } from '../errors.js';
import { DNS_RECORD_TYPES } from '@sitefleet/shared';

export { DNS_RECORD_TYPES };
export type DnsRecordType = (typeof DNS_RECORD_TYPES)[number];

/** A DNS record in the shape of Sitefleet's DNS record entity (SPEC §3), plus SRV weight and port. */
export interface DnsRecord {
  /** Owner name, lower case, no trailing dot. */
  host: string;
  type: DnsRecordType;
  class: 'IN';
  ttl: number;
  /** A, AAAA. */
  ip: string | null;
  /** CNAME, NS, MX exchange, SRV target. */
  target: string | null;
  mname: string | null;
  rname: string | null;
  serial: number | null;
  refresh: number | null;
  retry: number | null;
  expire: number | null;
  minimum_ttl: number | null;
  /** MX preference, SRV priority. */
  pri: number | null;
  weight: number | null;
  port: number | null;
  /** TXT strings joined; CAA as `0 issue "letsencrypt.org"`. */
  txt: string | null;
}

/** The value fields of a record (everything but host, type and class), in storage order. */
export const DNS_VALUE_FIELDS = [
  'ttl',
  'ip',
  'target',
  'mname',
  'rname',
  'serial',
  'refresh',
  'retry',
  'expire',
  'minimum_ttl',
  'pri',
  'weight',
  'port',
  'txt',
] as const satisfies readonly (keyof DnsRecord)[];

export interface DnsAnswer {
  name: string;
  type: DnsRecordType;
  records: DnsRecord[];
  /** The name does not exist (NXDOMAIN): records is empty by definition, not by failure. */
  nxdomain: boolean;
  /** The server that answered, as "ip:port". */
  server: string;
}

export interface DnsLookup {
  name: string;
  records: DnsRecord[];
  nxdomain: boolean;
}

/** timeout: no server answered; servfail/refused: every server said so; bad_response: unreadable answer. */
export type DnsErrorKind = 'timeout' | 'servfail' | 'refused' | 'bad_response' | 'network';

export class DnsError extends IntegrationError<DnsErrorKind> {
  override readonly name = 'DnsError';
}
