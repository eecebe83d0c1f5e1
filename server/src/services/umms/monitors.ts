import { actions, MONITOR_LIMITS, normaliseEmail, normalisePhone, resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { conflict, invalid } from '../../core/errors.js';
import { defineServerResource, type ResourceModel, type Row, type WriteEvent } from '../../core/resource.js';
import { sql } from '../../core/sql.js';
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
import {
  changesSince,
  recentAlerts,
  recentChanges,
  requestCheck,
  websiteName,
} from './monitor-repository.js';

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
    const site = typeof websiteId === 'number' ? await websiteName(e.tx, websiteId) : undefined;
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
  const asChanges = (rows: StatusChange[]) => rows.map((r) => ({ ...r, at: Number(r.at) }));
  const recent = asChanges(await recentChanges(db, id));
  // The month's changes, from the status the month opened with.
  const monthChanges = asChanges(await changesSince(db, id, now - 30 * DAY));
  return {
    up_down_changes: timeline(recent, now),
    uptime: {
      day: uptimeRatio(monthChanges, now - DAY, now),
      week: uptimeRatio(monthChanges, now - 7 * DAY, now),
      month: uptimeRatio(monthChanges, now - 30 * DAY, now),
    },
    alerts: await recentAlerts(db, id, ALERTS_SHOWN),
  };
}

const nullable = (type: string) => ({ type: [type, 'null'] });

/** POST {id}/check: an operator's 'check now', run by the scheduler within its next look (about 2 s). */
function registerMonitorActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.umms.checkMonitor, {
    perMinute: 60,
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      // The access rule of monitors goes into the write: only a monitor the user may see is checked.
      const at = await requestCheck(ctx.db, deps.engine.visibleIds(ctx, model, { where: sql`t.id = ${id}` }));
      if (at === null) {
        await deps.engine.getOne(ctx, model, id); // 404 when the user may not see it (or it is gone)
        throw conflict('The monitor is paused: resume it to check it');
      }
      return { data: { check_requested_at: at } };
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
