import { resources } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { invalid, notFound, unauthorized } from '../../core/errors.js';
import { defineServerResource, type ResourceModel, type WriteEvent } from '../../core/resource.js';
import { idParamsSchema } from '../../core/schema.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { recountAlerts } from './alerts.js';
import { registerImageUploads } from './image-uploads.js';
import { hasContent, sanitizeRichText } from './sanitize.js';

function checkNotification(e: WriteEvent): void {
  const errors: Record<string, string> = {};
  const v = e.values;
  if (typeof v.message === 'string') {
    const clean = sanitizeRichText(v.message);
    v.message = clean;
    if (!hasContent(clean)) errors.message = 'Write a message';
  }
  const merged = { ...e.existing, ...v };
  if (merged.user_id == null && merged.recipients == null && merged.website_id == null) {
    errors.recipients = 'Choose a user or a role';
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (!e.existing) v.created_by = e.ctx.user?.id ?? null;
}

export const notificationsResource = defineServerResource({
  spec: resources.notifications,
  // Admins see every notification; others those sent to them, to their roles or by them, and the alerts
  // of websites they own.
  rowFilter: (ctx, params) => {
    const user = ctx.user;
    if (!user || user.isAdmin) return null;
    const u = params.add(user.id);
    return `(t.user_id = ${u} OR t.created_by = ${u}
      OR t.recipients = ANY((SELECT roles FROM users WHERE id = ${u})::bigint[])
      OR (t.type = 'ALERT' AND EXISTS (SELECT 1 FROM websites w WHERE w.id = t.website_id AND w.user_id = ${u})))`;
  },
  hooks: {
    beforeWrite: checkNotification,
    async afterWrite(e) {
      const websiteId = e.record.website_id;
      if (typeof websiteId === 'number' && 'resolved' in e.values) await recountAlerts(e.tx, websiteId);
    },
  },
  actions: registerNotificationActions,
});

/** A notification as the bell drawer reads it (SPEC §3, §4): read 0/1 is the signed-in user's. */
export interface InboxItem {
  id: number;
  title: string;
  message: string;
  type: string;
  link: string | null;
  user_id: number | null;
  recipients: number | null;
  website_id: number | null;
  website: { id: number; hostname: string } | null;
  importance: string | null;
  resolved: string;
  read: 0 | 1;
  created_at: number;
  created_by: number | null;
  created_by_name: string | null;
}

/**
 * The notifications a user sees: addressed to them or to one of their roles, and the alerts of the
 * websites they own (all website alerts for admins).
 */
function visibleTo(user: number, isAdmin: boolean, userParam: string): string {
  return `(n.user_id = ${userParam}
    OR n.recipients = ANY((SELECT roles FROM users WHERE id = ${userParam})::bigint[])
    OR (n.website_id IS NOT NULL AND n.type = 'ALERT' AND ${isAdmin ? 'true' : `w.user_id = ${userParam}`}))`;
}

const INBOX_LIMIT = 200;

async function inbox(
  db: Queryable,
  userId: number,
  isAdmin: boolean,
): Promise<{ items: InboxItem[]; unread: number }> {
  const r = await db.query<InboxItem>(
    `SELECT n.id, n.title, n.message, n.type, n.link, n.user_id, n.recipients, n.website_id,
       CASE WHEN w.id IS NULL THEN NULL ELSE json_build_object('id', w.id, 'hostname', w.hostname) END AS website,
       n.importance, n.resolved, n.created_at, n.created_by,
       nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), '') AS created_by_name,
       CASE WHEN EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $1) THEN 1 ELSE 0 END AS read
     FROM notifications n
     LEFT JOIN websites w ON w.id = n.website_id
     LEFT JOIN users u ON u.id = n.created_by
     WHERE ${visibleTo(userId, isAdmin, '$1')}
     ORDER BY n.created_at DESC, n.id DESC LIMIT ${INBOX_LIMIT}`,
    [userId],
  );
  // Counted over everything visible, not only the newest INBOX_LIMIT rows listed.
  const c = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM notifications n LEFT JOIN websites w ON w.id = n.website_id
     WHERE ${visibleTo(userId, isAdmin, '$1')} AND n.resolved <> 'yes'
       AND NOT EXISTS (SELECT 1 FROM notification_reads r WHERE r.notification_id = n.id AND r.user_id = $1)`,
    [userId],
  );
  return { items: r.rows, unread: Number(c.rows[0]!.n) };
}

/** What every answer about a notification carries (the inbox and a website's alerts add their own). */
export const NOTIFICATION_PROPERTIES = {
  id: { type: 'integer' },
  title: { type: 'string' },
  message: { type: 'string' },
  type: { type: 'string' },
  link: { type: ['string', 'null'] },
  importance: { type: ['string', 'null'] },
  resolved: { type: 'string' },
  created_at: { type: 'integer' },
} as const;

const inboxItem = {
  type: 'object',
  properties: {
    ...NOTIFICATION_PROPERTIES,
    user_id: { type: ['integer', 'null'] },
    recipients: { type: ['integer', 'null'] },
    website_id: { type: ['integer', 'null'] },
    website: {
      type: ['object', 'null'],
      properties: { id: { type: 'integer' }, hostname: { type: 'string' } },
    },
    read: { type: 'integer' },
    created_by: { type: ['integer', 'null'] },
    created_by_name: { type: ['string', 'null'] },
  },
};

function registerNotificationActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const base = `/${model.path}`;
  const signedIn = (request: { ctx: { user: { id: number; isAdmin: boolean } | null } }) => {
    const user = request.ctx.user;
    if (!user) throw unauthorized();
    return user;
  };

  app.get(`${base}/me`, {
    config: { access: 'user' },
    schema: {
      tags: ['nms'],
      summary: "The signed-in user's notifications and alerts, newest first, with their read state",
      response: {
        200: {
          type: 'object',
          properties: {
            data: { type: 'array', items: inboxItem },
            meta: { type: 'object', properties: { unread: { type: 'integer' } } },
          },
        },
      },
    },
    handler: async (request) => {
      const user = signedIn(request);
      const { items, unread } = await inbox(deps.db, user.id, user.isAdmin);
      return { data: items, meta: { unread } };
    },
  });

  app.post(`${base}/:id/mark-read`, {
    config: { access: 'user' },
    schema: {
      tags: ['nms'],
      summary: 'Mark one notification read (read 1) or unread (read 0) for the signed-in user',
      params: idParamsSchema,
      body: {
        type: 'object',
        required: ['read'],
        properties: { read: { type: ['integer', 'boolean'], enum: [0, 1, true, false] } },
        additionalProperties: false,
      },
    },
    handler: async (request) => {
      const user = signedIn(request);
      const id = Number((request.params as { id: string }).id);
      const read = (request.body as { read: number | boolean }).read;
      const visible = await deps.db.query(
        `SELECT 1 FROM notifications n LEFT JOIN websites w ON w.id = n.website_id
         WHERE n.id = $2 AND ${visibleTo(user.id, user.isAdmin, '$1')}`,
        [user.id, id],
      );
      if (!visible.rows.length) throw notFound(`Notifications: no record with id ${id}`);
      if (read === 1 || read === true) {
        await deps.db.query(
          'INSERT INTO notification_reads (notification_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING',
          [id, user.id],
        );
      } else {
        await deps.db.query('DELETE FROM notification_reads WHERE notification_id = $1 AND user_id = $2', [
          id,
          user.id,
        ]);
      }
      return { data: { id, read: read === 1 || read === true ? 1 : 0 } };
    },
  });

  app.post(`${base}/mark-all-read`, {
    config: { access: 'user' },
    schema: { tags: ['nms'], summary: 'Mark every notification the signed-in user sees as read' },
    handler: async (request) => {
      const user = signedIn(request);
      const r = await deps.db.query(
        `INSERT INTO notification_reads (notification_id, user_id)
         SELECT n.id, $1 FROM notifications n LEFT JOIN websites w ON w.id = n.website_id
         WHERE ${visibleTo(user.id, user.isAdmin, '$1')}
         ON CONFLICT DO NOTHING`,
        [user.id],
      );
      return { data: { marked: r.rowCount } };
    },
  });

  registerImageUploads(app, deps, base);
}
