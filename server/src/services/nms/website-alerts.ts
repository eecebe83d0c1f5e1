import type { FastifyInstance } from 'fastify';
import { conflict, notFound } from '../../core/errors.js';
import { pgConstraint } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { recountAlerts } from './alerts.js';
import { NOTIFICATION_PROPERTIES } from './notifications.js';

const alertSchema = {
  type: 'object',
  properties: {
    ...NOTIFICATION_PROPERTIES,
    data: { type: ['object', 'null'], additionalProperties: true },
    updated_at: { type: 'integer' },
  },
};

const params = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
    notificationId: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' },
  },
};

/** A website's alerts (SPEC §7.7): list, and resolve (yes) or reopen (no). */
export function registerWebsiteAlerts(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('dms')) return;
  const base = '/dms/api/v1/websites/:id/notifications';
  app.get(base, {
    config: { access: 'permission' },
    schema: {
      tags: ['dms'],
      summary: "A website's alerts, newest first",
      params,
      response: { 200: { type: 'object', properties: { data: { type: 'array', items: alertSchema } } } },
    },
    handler: async (request) => {
      const id = Number((request.params as { id: string }).id);
      const w = await deps.db.query('SELECT 1 FROM websites WHERE id = $1', [id]);
      if (!w.rows.length) throw notFound(`Websites: no record with id ${id}`);
      const r = await deps.db.query(
        `SELECT id, title, message, type, link, importance, data, resolved, created_at, updated_at
         FROM notifications WHERE website_id = $1 ORDER BY created_at DESC, id DESC LIMIT 500`,
        [id],
      );
      return { data: r.rows };
    },
  });

  app.put(`${base}/:notificationId`, {
    config: { access: 'permission' },
    schema: {
      tags: ['dms'],
      summary: 'Resolve (yes) or reopen (no) one of the website’s alerts',
      params,
      body: {
        type: 'object',
        required: ['resolved'],
        properties: { resolved: { type: 'string', enum: ['yes', 'no'] } },
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { data: alertSchema } } },
    },
    handler: async (request) => {
      const p = request.params as { id: string; notificationId: string };
      const websiteId = Number(p.id);
      const id = Number(p.notificationId);
      const { resolved } = request.body as { resolved: 'yes' | 'no' };
      try {
        const row = await deps.db.transaction(async (tx) => {
          const r = await tx.query(
            `UPDATE notifications SET resolved = $3, updated_at = epoch_now(), version = version + 1
             WHERE id = $2 AND website_id = $1
             RETURNING id, title, message, type, link, importance, data, resolved, created_at, updated_at`,
            [websiteId, id, resolved],
          );
          if (!r.rows[0]) throw notFound(`No alert ${id} on website ${websiteId}`);
          await recountAlerts(tx, websiteId);
          return r.rows[0];
        });
        await request.ctx.audit(resolved === 'yes' ? 'alert.resolve' : 'alert.reopen', `notifications/${id}`);
        return { data: row };
      } catch (err) {
        if (pgConstraint(err) === 'notifications_open_alert_key') {
          throw conflict('Another open alert about the same thing exists; resolve that one instead');
        }
        throw err;
      }
    },
  });
}
