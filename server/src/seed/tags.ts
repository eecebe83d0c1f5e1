import type { Queryable } from '../db/db.js';

const TAGS = [
  'casino',
  'sportsbook',
  'crypto',
  'personal-finance',
  'pbn',
  'tier-1',
  'tier-2',
  'high-priority',
  'needs-content',
  'migrated-2025',
  'cloudflare',
  'affiliate-heavy',
  'local-seo',
  'expired-domain',
  'under-review',
];

export async function seedTags(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO tags (name, created_at, updated_at)
     SELECT n, epoch_now() - (i * 86400 * 11), epoch_now() - (i * 86400 * 4)
     FROM unnest($1::text[]) WITH ORDINALITY AS x(n, i)
     ON CONFLICT ((lower(name))) DO NOTHING`,
    [TAGS],
  );
}
