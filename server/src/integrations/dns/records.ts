import type { Answer, TxtData } from 'dns-packet';
import { DNS_RECORD_TYPES, DNS_VALUE_FIELDS, type DnsRecord, type DnsRecordType } from './types.js';

export const normaliseName = (name: string) => name.trim().toLowerCase().replace(/\.+$/, '');

/** A record of the given owner and type with every value field empty. */
export function emptyRecord(host: string, type: DnsRecordType, ttl: number): DnsRecord {
  const values = Object.fromEntries(DNS_VALUE_FIELDS.map((f) => [f, null])) as Record<
    (typeof DNS_VALUE_FIELDS)[number],
    null
  >;
  return { ...values, host: normaliseName(host), type, class: 'IN', ttl };
}

/** TXT character-strings are concatenated, as SPF and DKIM readers do. */
function txtText(data: TxtData): string {
  const parts = Array.isArray(data) ? data : [data];
  return parts.map((p) => (typeof p === 'string' ? p : p.toString('utf8'))).join('');
}

const isRecordType = (type: string): type is DnsRecordType =>
  (DNS_RECORD_TYPES as readonly string[]).includes(type);

/** Maps one decoded resource record to Sitefleet's shape; null for types Sitefleet does not keep. */
export function toDnsRecord(answer: Answer): DnsRecord | null {
  if (!isRecordType(answer.type)) return null;
  const ttl = 'ttl' in answer && typeof answer.ttl === 'number' ? answer.ttl : 0;
  const base = emptyRecord(answer.name, answer.type, ttl);
  switch (answer.type) {
    case 'A':
    case 'AAAA':
      return { ...base, ttl, ip: answer.data };
    case 'CNAME':
    case 'NS':
      return { ...base, ttl, target: normaliseName(answer.data) };
    case 'MX':
      return { ...base, ttl, pri: answer.data.preference ?? 0, target: normaliseName(answer.data.exchange) };
    case 'SOA': {
      const d = answer.data;
      return {
        ...base,
        ttl,
        mname: normaliseName(d.mname),
        rname: normaliseName(d.rname),
        serial: d.serial ?? null,
        refresh: d.refresh ?? null,
        retry: d.retry ?? null,
        expire: d.expire ?? null,
        minimum_ttl: d.minimum ?? null,
      };
    }
    case 'TXT':
      return { ...base, ttl, txt: txtText(answer.data) };
    case 'SRV': {
      const d = answer.data;
      return {
        ...base,
        ttl,
        pri: d.priority ?? 0,
        weight: d.weight ?? 0,
        port: d.port,
        target: normaliseName(d.target),
      };
    }
    case 'CAA': {
      const d = answer.data;
      return { ...base, ttl, txt: `${d.flags ?? 0} ${d.tag} "${d.value}"` };
    }
  }
}
