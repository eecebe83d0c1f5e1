import { addDays, dayEpoch, epochDay, rankCrossingText, type RankCrossing } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { AlertText, Outbox } from '../../../monitoring/delivery.js';
import { claimDue, type OutboxItem } from '../../../monitoring/alert-outbox-repository.js';

/**
 * Rank notifications (SPEC §3 Accuranker domain notifications): after a domain's ranks are written, every
 * notification of the domain compares each watched keyword's recent checks with the one before. A keyword
 * that was at its position or better and no longer is has 'dropped'; one back at it has 'recovered'. The
 * crossings of one notification and day make one alert (once: a re-run adds none), sent by e-mail and SMS
 * through the rank_alert_deliveries outbox.
 */

/** Checks older than this many days are history (a first backfill): nobody is told about them. */
export const RANK_ALERT_FRESH_DAYS = 3;

/** The first day whose checks still set off alerts, for `today` (`YYYY-MM-DD`). */
export const freshSince = (today: string) => addDays(today, -RANK_ALERT_FRESH_DAYS);

export interface RankChange extends RankCrossing {
  keyword_id: number;
}

/** How far back a check's predecessor is looked for (a provider that skipped a few days). */
const PREVIOUS_WITHIN_DAYS = 7;

/**
 * Records the alerts of the rank checks of the days from `since` (`YYYY-MM-DD`) on, of one domain (null: of
 * every domain), and queues their messages, in the caller's transaction (the one writing the ranks): each
 * check is compared with the keyword's check before it. Answers how many alerts were added.
 */
export async function queueRankAlerts(
  tx: Queryable,
  domainId: number | null,
  since: string,
): Promise<number> {
  const from = dayEpoch(since);
  const r = await tx.query<{ alerts: number }>(
    `WITH watch AS (
       SELECT n.id AS notification_id, n.domain_id, w.key::bigint AS keyword_id, w.value::int AS position
         FROM accuranker_notifications n, jsonb_each_text(n.keywords) w
        WHERE $1::bigint IS NULL OR n.domain_id = $1),
     checks AS (
       SELECT w.notification_id, w.position, k.id AS keyword_id, k.keyword, k.search_type, r.day, r.rank,
              lag(r.rank) OVER (PARTITION BY w.notification_id, k.id ORDER BY r.day) AS previous_rank,
              lag(r.day) OVER (PARTITION BY w.notification_id, k.id ORDER BY r.day) AS previous_day
         FROM watch w
         JOIN accuranker_keywords k ON k.id = w.keyword_id AND k.domain_id = w.domain_id
         JOIN keyword_ranks r ON r.keyword_id = k.id AND r.day >= $2::bigint - ${PREVIOUS_WITHIN_DAYS * 86_400}),
     crossed AS (
       SELECT c.*, CASE WHEN was THEN 'dropped' ELSE 'recovered' END AS direction
         FROM (SELECT checks.*, coalesce(previous_rank <= position, false) AS was,
                      coalesce(rank <= position, false) AS now
                 FROM checks WHERE day >= $2 AND previous_day IS NOT NULL) c
        WHERE was <> now),
     alerts AS (
       INSERT INTO rank_alerts (notification_id, day, changes)
       SELECT notification_id, day,
              jsonb_agg(jsonb_build_object(
                'keyword_id', keyword_id, 'keyword', keyword,
                'device', CASE WHEN search_type = 1 THEN 'Desktop' ELSE 'Mobile' END,
                'position', position, 'previous_rank', previous_rank, 'rank', rank,
                'direction', direction) ORDER BY direction, keyword, keyword_id)
         FROM crossed GROUP BY notification_id, day
       ON CONFLICT (notification_id, day) DO NOTHING
       RETURNING id, notification_id),
     queued AS (
       INSERT INTO rank_alert_deliveries (alert_id, channel, recipient)
       SELECT a.id, c.channel, c.recipient
         FROM alerts a
         JOIN accuranker_notifications n ON n.id = a.notification_id
         CROSS JOIN LATERAL (VALUES ('email', n.email), ('sms', n.phone_number)) c (channel, recipient)
        WHERE c.recipient IS NOT NULL
       RETURNING 1)
     SELECT (SELECT count(*) FROM alerts)::int AS alerts, (SELECT count(*) FROM queued)::int AS queued`,
    [domainId, from],
  );
  return Number(r.rows[0]?.alerts ?? 0);
}

/** A rank alert's delivery, with what its message says. */
export interface RankAlertDelivery extends OutboxItem {
  day: number;
  changes: RankChange[];
  domain_id: number;
  domain: string;
  notification_id: number;
}

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ');

/** What a rank alert says, in e-mail and SMS form; keyword texts are the provider's, kept to one line each. */
export function rankAlertText(
  a: Pick<RankAlertDelivery, 'day' | 'changes' | 'domain_id' | 'domain'>,
  publicUrl: string,
): AlertText {
  const dropped = a.changes.filter((c) => c.direction === 'dropped').length;
  const recovered = a.changes.length - dropped;
  const parts = [
    dropped ? `${dropped} keyword${dropped === 1 ? '' : 's'} dropped` : null,
    recovered ? `${recovered} recovered` : null,
  ].filter((p) => p !== null);
  const summary = `${oneLine(a.domain)}: ${parts.join(', ')}`;
  const lines = a.changes.map(rankCrossingText);
  const link = `${publicUrl}/#/dms/api/v1/accuranker-domains/${a.domain_id}/show/notifications`;
  return {
    subject: `[Sitefleet] Rankings ${summary}`,
    text: [
      `Domain: ${oneLine(a.domain)}`,
      `Checked: ${epochDay(a.day)}`,
      '',
      ...lines,
      '',
      `Notifications: ${link}`,
    ].join('\n'),
    sms: `Sitefleet rankings ${summary} on ${epochDay(a.day)}: ${lines.slice(0, 3).join('; ')}${
      lines.length > 3 ? `; and ${lines.length - 3} more` : ''
    }`.slice(0, 1600),
  };
}

/** The rank alerts' outbox: one row per alert, channel and recipient. */
export const rankAlertDeliveries: Outbox<RankAlertDelivery> = {
  table: 'rank_alert_deliveries',
  noun: 'rank alert',
  async claim(db, now) {
    const rows = await claimDue<Omit<RankAlertDelivery, keyof OutboxItem>>(db, 'rank_alert_deliveries', now, {
      from: 'rank_alerts ra, accuranker_notifications n, accuranker_domains d',
      where: 'ra.id = a.alert_id AND n.id = ra.notification_id AND d.id = n.domain_id',
      columns: 'ra.day, ra.changes, n.domain_id, d.domain, ra.notification_id',
    });
    return rows.map((row) => ({
      ...row,
      day: Number(row.day),
      domain_id: Number(row.domain_id),
      notification_id: Number(row.notification_id),
    }));
  },
  text: (a, publicUrl) => rankAlertText(a, publicUrl),
};
