import { resources } from '@sitefleet/shared';
import { defineServerResource } from '../../../core/resource.js';
import type { Queryable } from '../../../db/db.js';
import { websiteHostname } from '../wordpress/resources.js';

/** Words that say nothing about an anchor's optimisation (English, German, Spanish, French, Swedish). */
const STOPWORDS = [
  'a',
  'an',
  'and',
  'at',
  'by',
  'for',
  'in',
  'of',
  'on',
  'or',
  'the',
  'to',
  'with',
  'de',
  'der',
  'die',
  'das',
  'und',
  'el',
  'la',
  'los',
  'las',
  'y',
  'le',
  'les',
  'et',
  'du',
  'och',
  'i',
  'på',
];

/**
 * Rewrites the anchor word stats of these websites from their links (all of them when `websiteIds` is null),
 * leaving out `without` (a link being deleted in the same transaction).
 */
export async function refreshAnchorStats(
  tx: Queryable,
  websiteIds: number[] | null,
  without: number | null = null,
): Promise<void> {
  const ids = websiteIds?.filter((id) => Number.isSafeInteger(id)) ?? null;
  if (ids && !ids.length) return;
  await tx.query(
    'DELETE FROM anchor_word_stats WHERE $1::bigint[] IS NULL OR website_id = ANY($1::bigint[])',
    [ids],
  );
  await tx.query(
    `WITH links AS (
       SELECT b.id, b.website_id, b.anchor FROM external_backlinks b
        WHERE b.website_id IS NOT NULL AND b.anchor IS NOT NULL AND btrim(b.anchor) <> ''
          AND ($1::bigint[] IS NULL OR b.website_id = ANY($1::bigint[]))
          AND ($2::bigint IS NULL OR b.id <> $2)),
     totals AS (SELECT website_id, count(*)::int AS total FROM links GROUP BY website_id),
     words AS (
       SELECT l.website_id, w.word, count(DISTINCT l.id)::int AS count
         FROM links l CROSS JOIN LATERAL regexp_split_to_table(lower(l.anchor), '[^[:alnum:]]+') AS w(word)
        WHERE length(w.word) >= 2 AND w.word <> ALL($3::text[])
        GROUP BY l.website_id, w.word)
     INSERT INTO anchor_word_stats (website_id, word, count, total_links, percentage)
     SELECT w.website_id, w.word, w.count, t.total, round(100.0 * w.count / t.total, 2)
       FROM words w JOIN totals t ON t.website_id = w.website_id`,
    [ids, without, STOPWORDS],
  );
}

export const anchorWordStatsResource = defineServerResource({
  spec: resources.anchorWordStats,
  table: 'anchor_word_stats',
  computed: { ...websiteHostname },
});
