import { ADMIN_ROLE, EXPIRATION_ALERT_DAYS } from '@sitefleet/shared';
import { DAY, epochNow } from '../../../core/time.js';
import { parseArguments } from '../../../jobs/arguments.js';
import { defineCommand } from '../../../jobs/types.js';
import { raiseAlert } from '../../nms/alerts.js';
import { domainsExpiringWithin, roleIdByName } from './scheduler-repository.js';

/** The tightest threshold a domain has reached (30, 14, 7 or 1 days before expiry), or null. */
export function expirationThreshold(expiresAt: number, now: number): number | null {
  const daysLeft = Math.ceil((expiresAt - now) / DAY);
  let hit: number | null = null;
  for (const t of EXPIRATION_ALERT_DAYS) if (daysLeft <= t) hit = t;
  return hit;
}

export function expirationText(name: string, expiresAt: number, now: number): string {
  const days = Math.ceil((expiresAt - now) / DAY);
  if (days < 0) return `${name} expired ${-days} day${days === -1 ? '' : 's'} ago`;
  // 0 means up to a day in the past (rounded up): the domain has expired, it does not "expire today".
  if (days === 0) return `${name} expired today`;
  return `${name} expires in ${days} day${days === 1 ? '' : 's'}`;
}

/**
 * domains:expiration-alerts (daily): for domains with expiration alerts on, one alert per threshold (30, 14,
 * 7, 1 days) as the expiration date comes near, never twice for the same threshold and date. The alert
 * belongs to the domain's website, or goes to the admins when the domain has none.
 */
export const expirationAlerts = defineCommand({
  service: 'dms',
  name: 'domains:expiration-alerts',
  description: 'Raise alerts for domains expiring within 30, 14, 7 and 1 days',
  arguments: [],
  schedule: { cron: '0 6 * * *' },
  batchSize: 50,
  parse: (raw) => parseArguments([], raw),
  async plan(_a, { deps }) {
    const domains = await domainsExpiringWithin(deps.db, EXPIRATION_ALERT_DAYS[0]);
    return domains.map((d) => ({
      key: d.name,
      input: { id: d.id, expiration_date: d.expiration_date, website_id: d.website_id },
    }));
  },
  async run(unit, run) {
    const now = epochNow();
    const id = Number(unit.input.id);
    const expiresAt = Number(unit.input.expiration_date);
    const websiteId = unit.input.website_id === null ? null : Number(unit.input.website_id);
    const threshold = expirationThreshold(expiresAt, now)!;
    const text = expirationText(unit.key, expiresAt, now);
    return {
      output: { message: `${text} (${threshold}-day threshold)` },
      commit: async (tx) => {
        const admins = websiteId === null ? await roleIdByName(tx, ADMIN_ROLE) : null;
        await raiseAlert(tx, {
          websiteId,
          roleId: admins,
          title: text,
          message: `<p><strong>${unit.key}</strong> expires on ${new Date(expiresAt * 1000).toISOString().slice(0, 10)}. Renew it, or turn its expiration alerts off.</p>`,
          importance: threshold <= 7 ? 'high' : 'normal',
          link: `#/dms/api/v1/domains/${id}/show`,
          data: { domain: unit.key, expiration_date: expiresAt, threshold, cron_run_id: run.id },
          key: `domain:${id}:expires:${expiresAt}:${threshold}`,
          once: true,
        });
      },
    };
  },
  summarize: (c) => `${c.success} domains near expiry checked`,
});
