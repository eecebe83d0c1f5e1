import type { Queryable } from '../../db/db.js';
import { diffRecords } from '../../integrations/dns/diff.js';
import { DNS_VALUE_FIELDS, type DnsRecord } from '../../integrations/dns/types.js';
import { replaceDnsRecords, storedDnsRecords, type StoredDnsChange } from './dns-record-repository.js';

function valueOf(r: DnsRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const c of DNS_VALUE_FIELDS) if (r[c] !== null && r[c] !== undefined) out[c] = r[c];
  return out;
}

export type DnsChange = StoredDnsChange;

const MOVABLE = new Set(['A', 'AAAA', 'CNAME']);

/**
 * The change history entries between two answers: the client's diff, with a removed and an added address
 * record of the same host and type paired into one 'changed' entry (a site moving IP). Pure.
 */
export function dnsChanges(before: DnsRecord[], after: DnsRecord[]): DnsChange[] {
  const d = diffRecords(before, after);
  const added = [...d.added];
  const out: DnsChange[] = d.changed.map((c) => ({
    host: c.after.host,
    type: c.after.type,
    change: 'changed' as const,
    before: valueOf(c.before),
    after: valueOf(c.after),
  }));
  for (const r of d.removed) {
    const i = MOVABLE.has(r.type) ? added.findIndex((a) => a.host === r.host && a.type === r.type) : -1;
    const pair = i >= 0 ? added.splice(i, 1)[0]! : null;
    out.push({
      host: r.host,
      type: r.type,
      change: pair ? 'changed' : 'removed',
      before: valueOf(r),
      after: pair ? valueOf(pair) : null,
    });
  }
  for (const a of added)
    out.push({ host: a.host, type: a.type, change: 'added', before: null, after: valueOf(a) });
  return out;
}

/** Replaces a domain's DNS records with a fresh answer and records what changed. */
export async function applyDns(tx: Queryable, domainId: number, records: DnsRecord[]): Promise<string> {
  const stored = await storedDnsRecords(tx, domainId);
  const first = stored.length === 0;
  // An empty answer for a zone that had records is far likelier a resolver problem than a deleted zone:
  // keep what is stored and say so, rather than record every record as removed.
  if (records.length === 0 && !first) {
    throw new Error(`the resolvers returned no records; the ${stored.length} stored records were kept`);
  }
  const changes = first ? [] : dnsChanges(stored, records);
  await replaceDnsRecords(tx, domainId, records, changes);
  const counts = ['added', 'removed', 'changed'].map(
    (k) => `${changes.filter((c) => c.change === k).length} ${k}`,
  );
  return `DNS: ${records.length} records${first ? ' (first look-up)' : `, ${counts.join(', ')}`}`;
}
