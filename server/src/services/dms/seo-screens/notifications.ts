import { actions, epochDay, normaliseEmail, normalisePhone, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../../core/actions.js';
import { invalid } from '../../../core/errors.js';
import {
  defineServerResource,
  type ResourceModel,
  type Row,
  type WriteEvent,
} from '../../../core/resource.js';
import type { Queryable } from '../../../db/db.js';
import type { AppDeps } from '../../../deps.js';

/** A contact field as sent: a normalised value, null for an empty one, undefined when not sent. */
function contact(
  input: Row,
  key: 'email' | 'phone_number',
  normalise: (raw: string) => string | null,
  errors: Record<string, string>,
  wanted: string,
): string | null | undefined {
  if (!(key in input)) return undefined;
  const raw = input[key];
  if (raw === null || (typeof raw === 'string' && raw.trim() === '')) return null;
  const value = typeof raw === 'string' ? normalise(raw) : null;
  if (value === null) errors[key] = `Enter ${wanted}`;
  return value;
}

/**
 * A rank notification is written only whole: someone to tell (an e-mail address, a phone number in E.164,
 * or both). Its keywords (those of its own domain, each with a position from 1 to 100) are the engine's to
 * check, from the field's declaration.
 */
async function checkNotification(e: WriteEvent): Promise<void> {
  const errors: Record<string, string> = {};
  const email = contact(e.input, 'email', normaliseEmail, errors, 'an e-mail address');
  const phone = contact(
    e.input,
    'phone_number',
    normalisePhone,
    errors,
    'a phone number in international format (+4915112345678)',
  );
  if (email !== undefined) e.values.email = email;
  if (phone !== undefined) e.values.phone_number = phone;
  const hasEmail = email === undefined ? Boolean(e.existing?.email) : email !== null;
  const hasPhone = phone === undefined ? Boolean(e.existing?.phone_number) : phone !== null;
  if (!hasEmail && !hasPhone && !errors.email && !errors.phone_number) {
    errors.email = 'Enter an e-mail address or a phone number';
    errors.phone_number = 'Enter a phone number or an e-mail address';
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

/** SPEC §7.5: a domain's rank notifications, also served under /accuranker-domains/{id}/notifications. */
export const accurankerNotificationsResource = defineServerResource({
  spec: resources.accurankerNotifications,
  table: 'accuranker_notifications',
  computed: {
    domain_name: {
      kind: 'string',
      sql: 'SELECT d.domain FROM accuranker_domains d WHERE d.id = t.domain_id',
    },
    keyword_count: { kind: 'integer', sql: 'SELECT count(*) FROM jsonb_object_keys(t.keywords)' },
    last_alert_at: {
      kind: 'integer',
      sql: 'SELECT max(a.created_at) FROM rank_alerts a WHERE a.notification_id = t.id',
    },
  },
  hooks: { beforeWrite: checkNotification },
});

interface AlertRow {
  id: string | number;
  notification_id: string | number;
  day: string | number;
  created_at: string | number;
  changes: actions.seoScreens.RankChange[];
  deliveries: Array<{
    channel: 'email' | 'sms';
    recipient: string;
    state: 'pending' | 'sent' | 'failed';
    attempts: number;
    last_error: string | null;
    sent_at: string | number | null;
  }>;
}

/** The newest alerts of a domain's notifications, each with its deliveries. */
export async function rankAlertsOf(db: Queryable, domainId: number, limit: number) {
  const r = await db.query<AlertRow>(
    `SELECT a.id, a.notification_id, a.day, a.created_at, a.changes,
            coalesce((SELECT jsonb_agg(jsonb_build_object('channel', o.channel, 'recipient', o.recipient,
                        'state', o.state, 'attempts', o.attempts, 'last_error', o.last_error, 'sent_at', o.sent_at)
                        ORDER BY o.channel, o.recipient)
                        FROM rank_alert_deliveries o WHERE o.alert_id = a.id), '[]'::jsonb) AS deliveries
       FROM rank_alerts a JOIN accuranker_notifications n ON n.id = a.notification_id
      WHERE n.domain_id = $1
      ORDER BY a.day DESC, a.id DESC
      LIMIT $2`,
    [domainId, limit],
  );
  return r.rows.map((row) => ({
    id: Number(row.id),
    notification_id: Number(row.notification_id),
    date: epochDay(Number(row.day)),
    created_at: Number(row.created_at),
    changes: row.changes,
    deliveries: row.deliveries.map((d) => ({ ...d, sent_at: d.sent_at === null ? null : Number(d.sent_at) })),
  }));
}

/** The Notifications tab's alert list; the domain is read under the engine's access rule first (404). */
export function registerRankAlerts(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.seoScreens.accurankerRankAlerts, {
    handler: async ({ params, query, ctx }) => {
      const domain = await deps.engine.getOne(ctx, model, Number(params.id));
      const limit = query.limit ?? actions.seoScreens.RANK_ALERTS_SHOWN;
      return { data: await rankAlertsOf(deps.db, Number(domain.id), limit) };
    },
  });
}
