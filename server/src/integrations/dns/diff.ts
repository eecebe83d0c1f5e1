import { DNS_VALUE_FIELDS, type DnsRecord } from './types.js';

export interface DnsRecordDiff {
  added: DnsRecord[];
  removed: DnsRecord[];
  /** Same record (host, type, value identity) with other fields changed: TTL, MX priority, SOA serial... */
  changed: { before: DnsRecord; after: DnsRecord }[];
}

/** What makes a record "the same record" across two lookups; everything else is an attribute of it. */
function identity(r: DnsRecord): string {
  switch (r.type) {
    case 'A':
    case 'AAAA':
      return r.ip ?? '';
    case 'CNAME':
    case 'NS':
    case 'MX':
      return r.target ?? '';
    case 'SRV':
      return `${r.target ?? ''}:${r.port ?? ''}`;
    case 'SOA':
      return ''; // one per zone apex: a new serial is a change, not a new record
    case 'TXT':
    case 'CAA':
      return r.txt ?? '';
  }
}

const keyOf = (r: DnsRecord) => `${r.host}\u0000${r.type}\u0000${identity(r)}`;

function group(records: DnsRecord[]): Map<string, DnsRecord[]> {
  const map = new Map<string, DnsRecord[]>();
  for (const r of records) {
    const list = map.get(keyOf(r));
    if (list) list.push(r);
    else map.set(keyOf(r), [r]);
  }
  return map;
}

/** Compares two lookups of the same zone for the change history. Pure; order of input does not matter. */
export function diffRecords(old: DnsRecord[], next: DnsRecord[]): DnsRecordDiff {
  const before = group(old);
  const after = group(next);
  const diff: DnsRecordDiff = { added: [], removed: [], changed: [] };
  for (const [key, olds] of before) {
    const news = after.get(key) ?? [];
    olds.forEach((o, i) => {
      const n = news[i];
      if (!n) diff.removed.push(o);
      else if (DNS_VALUE_FIELDS.some((f) => o[f] !== n[f])) diff.changed.push({ before: o, after: n });
    });
    diff.added.push(...news.slice(olds.length));
  }
  for (const [key, news] of after) if (!before.has(key)) diff.added.push(...news);
  return diff;
}
