import { ADMIN_ROLE, IT_ROLE } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { Rng } from '../../../seed/random.js';
import { NICHE_TAGS, type Niche } from './content-data.js';

export interface Site {
  id: number;
  url: string;
  host: string;
  type: string;
  status: string;
  niche: Niche;
  name: string;
  domainId: number;
  domain: string;
  created: number;
  domainCreated: number;
}

export interface DomainRow {
  id: number;
  name: string;
  source: string;
  refreshedAt: number;
  records: number;
}

export const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
export const label = (s: string) => s.replace(/-/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
/** The host of an https URL this seeder built. */
export const hostOf = (url: string) => url.slice(url.indexOf('//') + 2).split('/')[0]!;

export function shuffled<T>(rng: Rng, items: readonly T[]): T[] {
  return rng.some(items, items.length, items.length);
}

/** The sites, domains and staff the inventory seed wrote, as the jobs seeds need them. */
export async function loadPortfolio(tx: Queryable) {
  const sites = await tx.query<{
    id: number;
    url: string;
    hostname: string;
    type: string;
    status: string;
    friendly_name: string;
    created_at: number;
    domain_id: number;
    domain: string;
    domain_created: number;
    tags: string[];
  }>(
    `SELECT w.id, w.url, w.hostname, w.type, w.status, w.friendly_name, w.created_at, d.id AS domain_id,
       d.name AS domain, d.created_at AS domain_created,
       ARRAY(SELECT t.name FROM tags t WHERE t.id = ANY(w.tags) ORDER BY t.name) AS tags
     FROM websites w JOIN domains d ON d.id = w.domain_id ORDER BY w.id`,
  );
  const domains = await tx.query<{
    id: number;
    name: string;
    whois_source: string | null;
    whois_refreshed_at: number | null;
    records: number;
  }>(
    `SELECT d.id, d.name, d.whois_source, d.whois_refreshed_at,
       (SELECT count(*) FROM dns_records r WHERE r.domain_id = d.id)::int AS records
     FROM domains d ORDER BY d.id`,
  );
  const staff = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u
     WHERE EXISTS (SELECT 1 FROM roles r WHERE r.id = ANY(u.roles) AND r.name IN ($1, $2)) ORDER BY u.id`,
    [IT_ROLE, ADMIN_ROLE],
  );
  return {
    sites: sites.rows.map((r): Site => ({
      id: Number(r.id),
      url: r.url,
      host: r.hostname,
      type: r.type,
      status: r.status,
      niche:
        r.type === 'SERVICE' ? 'local' : (NICHE_TAGS.find(([tag]) => r.tags.includes(tag))?.[1] ?? 'casino'),
      name: r.friendly_name,
      domainId: Number(r.domain_id),
      domain: r.domain,
      created: Number(r.created_at),
      domainCreated: Number(r.domain_created),
    })),
    domains: domains.rows.map((r): DomainRow => ({
      id: Number(r.id),
      name: r.name,
      source: r.whois_source ?? 'rdap',
      refreshedAt: Number(r.whois_refreshed_at ?? 0),
      records: Number(r.records),
    })),
    staff: staff.rows.map((r) => Number(r.id)),
  };
}
