import { actions, MONITOR_LIMITS, normaliseEmail, normalisePhone, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { conflict, invalid, notFoundRecord } from '../../core/errors.js';
import { defineServerResource, type ResourceModel, type Row, type WriteEvent } from '../../core/resource.js';
import { DAY, epochNow } from '../../core/time.js';
import type { Config } from '../../config.js';
import type { AppDeps } from '../../deps.js';
import type { Queryable } from '../../db/db.js';
import { isOutboundError } from '../../integrations/http/errors.js';
import { parseTarget } from '../../integrations/http/target.js';
import { pingHost } from '../../monitoring/checks/ping.js';
import { createTargetRule, type TargetRule } from '../../monitoring/checks/reachable.js';
import { hostOf } from '../../monitoring/text.js';
import { timeline, uptimeRatio, type StatusChange } from '../../monitoring/uptime.js';

function recipients(
  values: unknown,
  field: string,
  normalise: (s: string) => string | null,
  what: string,
  errors: Record<string, string>,
): string[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const out: string[] = [];
  for (const raw of values as string[]) {
    if (raw.trim() === '') continue;
    const v = normalise(raw.trim());
    if (v === null) {
      errors[field] = `"${raw.trim().slice(0, 80)}" is not ${what}`;
      return undefined;
    }
    if (!out.includes(v)) out.push(v);
  }
  if (out.length > MONITOR_LIMITS.alertRecipientsMax)
    errors[field] = `At most ${MONITOR_LIMITS.alertRecipientsMax} recipients`;
  return out;
}

/** The url field's error, or null; a valid target is stored in its normal form. */
function checkTarget(v: Row, url: string, type: string, rule: TargetRule): string | null {
  if (!url) return 'Required';
  if (type === 'ping') {
    const host = pingHost(url);
    if (host === null) return 'Enter a host name or an IP address';
    v.url = host.toLowerCase();
    return rule.refusal(host);
  }
  try {
    const target = parseTarget(/^[a-z][a-z0-9+.-]*:/i.test(url) ? url : `https://${url}`);
    v.url = target.url.href;
    return rule.refusal(target.hostname);
  } catch (err) {
    return isOutboundError(err) ? err.message : 'Enter an http(s) URL';
  }
}

/**
 * SPEC §5: url required; an http(s) URL for http and keyword monitors, a host or IP for ping (a URL's
 * host is taken), one the outbound rules let checks reach; the keyword required for keyword monitors;
 * the timeout shorter than the interval; alert recipients checked and normalised (e-mail lower-cased,
 * phones to E.164), duplicates dropped.
 */
async function checkMonitor(e: WriteEvent, rule: TargetRule): Promise<void> {
  const errors: Record<string, string> = {};
  const v = e.values;
  const merged: Row = { ...e.existing, ...v };
  const type = merged.type as string;
  if (typeof v.url === 'string' || 'type' in v) {
    const refused = checkTarget(v, String(merged.url ?? '').trim(), type, rule);
    if (refused) errors.url = refused;
  }
  if (type === 'keyword') {
    const keyword = typeof merged.value === 'string' ? merged.value.trim() : '';
    if (!keyword) errors.value = 'Enter the keyword to look for';
    else if ('value' in v) v.value = keyword;
  }
  const interval = Number(merged.interval ?? MONITOR_LIMITS.intervalDefault);
  const timeout = Number(merged.timeout ?? MONITOR_LIMITS.timeoutDefault);
  if (timeout >= interval) errors.timeout = 'Must be shorter than the interval';
  const emails = recipients(v.alert_emails, 'alert_emails', normaliseEmail, 'an e-mail address', errors);
  if (emails) v.alert_emails = emails;
  const phones = recipients(
    v.alert_phone_numbers,
    'alert_phone_numbers',
    normalisePhone,
    'a phone number in international format (+4915112345678)',
    errors,
  );
  if (phones) v.alert_phone_numbers = phones;
  if (Object.keys(errors).length) throw invalid(errors);

  if (typeof v.friendly_name === 'string') v.friendly_name = v.friendly_name.trim() || null;
  if (!merged.friendly_name && !v.friendly_name && typeof (v.url ?? merged.url) === 'string') {
    // Named after its website when it has one, else after the host it checks.
    const websiteId = v.website_id ?? merged.website_id;
    const site =
      typeof websiteId === 'number'
        ? (
            await e.tx.query<{ name: string }>(
              `SELECT coalesce(nullif(friendly_name, ''), hostname) AS name FROM websites WHERE id = $1`,
              [websiteId],
            )
          ).rows[0]?.name
        : undefined;
    const target = String(v.url ?? merged.url);
    v.friendly_name = site ?? (type === 'ping' ? target : hostOf(target));
  }
  // A new target starts its confirmation afresh.
  if (e.existing && ['url', 'type', 'value'].some((k) => k in v && v[k] !== e.existing![k]))
    v.suspect_count = 0;
}

const ALERTS_SHOWN = 50;

async function monitorDetail(db: Queryable, record: Row): Promise<Row> {
  const id = Number(record.id);
  const now = epochNow();
  const recent = await db.query<StatusChange>(
    `SELECT status, at, message FROM (
       SELECT status, at, message, id FROM monitor_changes WHERE monitor_id = $1 ORDER BY at DESC, id DESC LIMIT $2
     ) c ORDER BY at, id`,
    [id, MONITOR_LIMITS.changesShown],
  );
  // The month's changes, from the last one before the month began (the status the month opened with).
  const month = await db.query<StatusChange>(
    `SELECT status, at, message FROM monitor_changes WHERE monitor_id = $1
       AND at >= coalesce((SELECT max(at) FROM monitor_changes WHERE monitor_id = $1 AND at <= $2), 0)
     ORDER BY at, id`,
    [id, now - 30 * DAY],
  );
  const asChanges = (rows: StatusChange[]) => rows.map((r) => ({ ...r, at: Number(r.at) }));
  const monthChanges = asChanges(month.rows);
  const alerts = await db.query(
    `SELECT a.id, a.channel, a.recipient, a.state, a.attempts, a.last_error, a.sent_at, a.created_at,
       c.status AS change_status, c.at AS change_at
     FROM monitor_alerts a JOIN monitor_changes c ON c.id = a.change_id
     WHERE c.monitor_id = $1 ORDER BY a.created_at DESC, a.id DESC LIMIT ${ALERTS_SHOWN}`,
    [id],
  );
  return {
    up_down_changes: timeline(asChanges(recent.rows), now),
    uptime: {
      day: uptimeRatio(monthChanges, now - DAY, now),
      week: uptimeRatio(monthChanges, now - 7 * DAY, now),
      month: uptimeRatio(monthChanges, now - 30 * DAY, now),
    },
    alerts: alerts.rows,
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/** POST {id}/check: an operator's 'check now', run by the scheduler within its next look (about 2 s). */
function registerMonitorActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.umms.checkMonitor, {
    perMinute: 60,
    handler: async ({ params }) => {
      const id = Number(params.id);
      const r = await deps.db.query<{ check_requested_at: number }>(
        `UPDATE monitors SET updated_at = epoch_now(),
           -- strictly increasing: two requests in one second are two requests
           check_requested_at = greatest(epoch_now(), coalesce(check_requested_at, 0) + 1)
         WHERE id = $1 AND NOT paused RETURNING check_requested_at`,
        [id],
      );
      const row = r.rows[0];
      if (!row) {
        const exists = await deps.db.query('SELECT 1 FROM monitors WHERE id = $1', [id]);
        if (!exists.rows.length) throw notFoundRecord(model.spec.label, id);
        throw conflict('The monitor is paused: resume it to check it');
      }
      return { data: { check_requested_at: Number(row.check_requested_at) } };
    },
  });
}

/** Monitors, whose targets are judged by the same outbound rules as their checks. */
export const monitorsResource = (config: Pick<Config, 'outboundAllowPrivate' | 'outboundAllowHosts'>) => {
  const rule = createTargetRule({
    allowPrivate: config.outboundAllowPrivate,
    allowHosts: config.outboundAllowHosts,
  });
  return defineServerResource({
    spec: resources.monitors,
    hooks: { beforeWrite: (e) => checkMonitor(e, rule) },
    actions: registerMonitorActions,
    detail: {
      schema: {
        up_down_changes: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              status: { type: 'string' },
              time: { type: 'integer' },
              duration: { type: 'integer' },
              message: nullable('string'),
            },
          },
        },
        uptime: {
          type: 'object',
          properties: { day: nullable('number'), week: nullable('number'), month: nullable('number') },
        },
        alerts: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              id: { type: 'integer' },
              channel: { type: 'string' },
              recipient: { type: 'string' },
              state: { type: 'string' },
              attempts: { type: 'integer' },
              last_error: nullable('string'),
              sent_at: nullable('integer'),
              created_at: { type: 'integer' },
              change_status: { type: 'string' },
              change_at: { type: 'integer' },
            },
          },
        },
      },
      load: monitorDetail,
    },
  });
};
