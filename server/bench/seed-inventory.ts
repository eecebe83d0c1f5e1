import { WEBSITE_STATUSES, WEBSITE_TYPES, MARKETS } from '@sitefleet/shared';
import type { Db } from '../src/db/db.js';

const BATCH = 25_000;

// prettier-ignore
const WORDS = ['casino', 'betting', 'loans', 'crypto', 'plumber', 'slots', 'odds', 'credit', 'wallet', 'movers', 'bonus', 'savings'];
const TLDS = ['com', 'net', 'org', 'nl', 'de', 'co.uk', 'se', 'info'];

/** Deterministic picks from two md5-derived numbers per row, as the users seed does. */
const HASH = `CROSS JOIN LATERAL (
  SELECT ('x' || substr(d.md5, 1, 8))::bit(32)::bigint AS a, ('x' || substr(d.md5, 9, 8))::bit(32)::bigint AS b
  FROM (SELECT md5(g.i::text) AS md5) d
) h`;

const INSERT_WEBSITES = `
INSERT INTO websites (url, hostname, friendly_name, type, status, target_market, created_at, updated_at)
SELECT 'https://' || host, host, initcap(w), t, s, m, epoch_now() - 86400 * 900 + g.i * 30, epoch_now() - (h.b % 500000) * 60
FROM generate_series($1::int, $2::int) AS g(i)
${HASH}
CROSS JOIN LATERAL (
  SELECT ($3::text[])[(1 + h.a % cardinality($3::text[]))::int] AS w,
         ($4::text[])[(1 + (h.a / 7) % cardinality($4::text[]))::int] AS t,
         ($5::text[])[(1 + (h.b / 11) % cardinality($5::text[]))::int] AS s,
         ($6::text[])[(1 + (h.b / 13) % cardinality($6::text[]))::int] AS m
) v
CROSS JOIN LATERAL (SELECT v.w || '-site-' || g.i || '.com' AS host) x`;

const INSERT_DOMAINS = `
INSERT INTO domains (name, unicode_name, expiration_date, creation_date, nameservers, created_at, updated_at)
SELECT n, n, epoch_now() - 86400 * 30 + (h.a % 1100) * 86400, epoch_now() - 86400 * (400 + h.b % 4000),
       ARRAY['ns' || (1 + h.b % 4) || '.dns-' || (h.a % 50) || '.net'], epoch_now() - 86400 * 365, epoch_now() - (h.b % 400000) * 60
FROM generate_series($1::int, $2::int) AS g(i)
${HASH}
CROSS JOIN LATERAL (
  SELECT ($3::text[])[(1 + h.a % cardinality($3::text[]))::int] || '-' || g.i || '.' ||
         ($4::text[])[(1 + (h.b / 7) % cardinality($4::text[]))::int] AS n
) v`;

/** A portfolio at scale: `websites` sites and `domains` domains, then fresh planner statistics. */
export async function seedInventory(db: Db, websites: number, domains: number): Promise<void> {
  for (let from = 1; from <= websites; from += BATCH) {
    await db.query(INSERT_WEBSITES, [
      from,
      Math.min(websites, from + BATCH - 1),
      WORDS,
      [...WEBSITE_TYPES],
      [...WEBSITE_STATUSES, 'LIVE', 'LIVE'],
      [...MARKETS],
    ]);
  }
  for (let from = 1; from <= domains; from += BATCH) {
    await db.query(INSERT_DOMAINS, [from, Math.min(domains, from + BATCH - 1), WORDS, TLDS]);
  }
  await db.query('ANALYZE websites');
  await db.query('ANALYZE domains');
}
