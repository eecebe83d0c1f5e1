import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { sql } from '../../core/sql.js';
import type { AppDeps } from '../../deps.js';

const MAX_ALERTS = 500;

/** The alert's own payload (what a checker found), beside the declared fields. */
const alertColumns = { data: sql`t.data` };

/**
 * A website's alerts (SPEC §7.7): list, and resolve (yes) or reopen (no). They are notifications read and
 * written through the engine, so the notifications' access rule, version check, hooks (the website's
 * open-alert count), change notification and audit are the same as through the notifications resource.
 */
export function registerWebsiteAlerts(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('dms')) return;
  const { engine } = deps;
  const notifications = engine.model('notifications');
  const websites = engine.model('websites');

  registerAction(app, actions.nms.websiteAlerts, {
    handler: async ({ params, ctx }) => {
      const websiteId = Number(params.id);
      await engine.getOne(ctx, websites, websiteId);
      const { data } = await engine.list(
        ctx,
        notifications,
        { sortBy: 'created_at', sortOrder: 'DESC', page: 1, perPage: MAX_ALERTS, filter: {} },
        { where: sql`t.website_id = ${websiteId}`, select: alertColumns },
      );
      // The rows carry the declared columns and `data`; the response schema serialises them.
      return { data: data as actions.nms.WebsiteAlert[] };
    },
  });

  registerAction(app, actions.nms.resolveWebsiteAlert, {
    handler: async ({ params, body, ctx }) => {
      const websiteId = Number(params.id);
      const id = Number(params.notificationId);
      const ofWebsite = { where: sql`t.website_id = ${websiteId}` };
      await engine.update(ctx, notifications, id, { resolved: body.resolved }, body.version, {
        ...ofWebsite,
        audit: { action: body.resolved === 'yes' ? 'alert.resolve' : 'alert.reopen' },
      });
      const row = await engine.getOne(ctx, notifications, id, { ...ofWebsite, select: alertColumns });
      return { data: row as actions.nms.WebsiteAlert };
    },
  });
}
