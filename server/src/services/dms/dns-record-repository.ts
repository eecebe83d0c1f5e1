import type { Queryable } from '../../db/db.js';
import { DNS_VALUE_FIELDS, type DnsRecord } from '../../integrations/dns/types.js';

/**
 * A domain's DNS records and their change history, written by the refresh action and the daily refresh.
 * Direct SQL: a fresh answer replaces the whole set and appends history rows in the caller's transaction,
 * with the WHOIS part; neither table is a declared resource with a per-record write.
 */

export const DNS_COLUMNS = ['host', 'type', 'class', ...DNS_VALUE_FIELDS] as const;

export interface StoredDnsChange {
  host: string;
  type: string;
  change: 'added' | 'removed' | 'changed';
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}

export async function storedDnsRecords(tx: Queryable, domainId: number): Promise<DnsRecord[]> {
  const r = await tx.query<DnsRecord>(
    `SELECT ${DNS_COLUMNS.join(', ')} FROM dns_records WHERE domain_id = $1`,
    [domainId],
  );
  return r.rows;
}

/** Replaces the domain's records, appends the changes and stamps the domain's DNS read time. */
export async function replaceDnsRecords(
  tx: Queryable,
  domainId: number,
  records: DnsRecord[],
  changes: StoredDnsChange[],
): Promise<void> {
  await tx.query('DELETE FROM dns_records WHERE domain_id = $1', [domainId]);
  for (const r of records) {
    await tx.query(
      `INSERT INTO dns_records (domain_id, ${DNS_COLUMNS.join(', ')}) VALUES ($1, ${DNS_COLUMNS.map((_, i) => `$${i + 2}`).join(', ')})`,
      [domainId, ...DNS_COLUMNS.map((c) => r[c] ?? null)],
    );
  }
  for (const c of changes) {
    await tx.query(
      'INSERT INTO dns_record_changes (domain_id, host, type, change, before, after) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        domainId,
        c.host,
        c.type,
        c.change,
        c.before ? JSON.stringify(c.before) : null,
        c.after ? JSON.stringify(c.after) : null,
      ],
    );
  }
  await tx.query('UPDATE domains SET dns_refreshed_at = epoch_now() WHERE id = $1', [domainId]);
}
