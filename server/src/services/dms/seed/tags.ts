import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now } from '../../../seed/random.js';

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

/** The tags the demo sites carry, created over the past months. */
export async function seedTags(_tx: Queryable, { records }: SeedContext): Promise<void> {
  const t = now();
  await records.insert(
    'tags',
    TAGS.map((name, i) => ({
      name,
      created_at: t - (i + 1) * 11 * DAY,
      updated_at: t - (i + 1) * 4 * DAY,
    })),
  );
}
