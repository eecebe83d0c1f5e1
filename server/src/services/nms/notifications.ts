import { actions, resources, type RecordOf } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { RequestContext } from '../../core/context.js';
import { invalid, unauthorized } from '../../core/errors.js';
import {
  defineServerResource,
  type ResourceModel,
  type RowAccess,
  type WriteEvent,
} from '../../core/resource.js';
import { sql, type SqlFragment } from '../../core/sql.js';
import type { AppDeps } from '../../deps.js';
import { recountAlerts } from './alert-repository.js';
import { registerImageUploads } from './image-uploads.js';
import { markAllRead, readBy, setRead, unreadBy } from './notification-reads-repository.js';
import { hasContent, sanitizeRichText } from './sanitize.js';

type NotificationRecord = RecordOf<typeof resources.notifications.fields>;

function checkNotification(e: WriteEvent): void {
  const errors: Record<string, string> = {};
  const v = e.values;
  if (typeof v.message === 'string') {
    const clean = sanitizeRichText(v.message);
    v.message = clean;
    if (!hasContent(clean)) errors.message = 'Write a message';
  }
  const merged: Partial<NotificationRecord> = { ...e.existing, ...v };
  if (merged.user_id == null && merged.recipients == null && merged.website_id == null) {
    errors.recipients = 'Choose a user or a role';
  }
  if (Object.keys(errors).length) throw invalid(errors);
  if (!e.existing) v.created_by = e.ctx.user?.id ?? null;
}

/**
 * Admins (and the system itself: seeds, jobs) see every notification; others those sent to them, to one of
 * their roles or by them, and the alerts of websites they own. The one rule of list, read, update, the
 * inbox, marking read and a website's alerts.
 */
export function notificationAccess(ctx: RequestContext): RowAccess {
  const user = ctx.user;
  if (!user || user.isAdmin) return 'allow';
  const u = user.id;
  return {
    where: sql`t.user_id = ${u} OR t.created_by = ${u}
      OR t.recipients = ANY((SELECT roles FROM users WHERE id = ${u})::bigint[])
      OR (t.type = 'ALERT' AND EXISTS (SELECT 1 FROM websites w WHERE w.id = t.website_id AND w.user_id = ${u}))`,
  };
}

export const notificationsResource = defineServerResource({
  spec: resources.notifications,
  access: notificationAccess,
  conflicts: {
    notifications_open_alert_key: 'Another open alert about the same thing exists; resolve that one instead',
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

/**
 * What the bell shows, within what the user may read: notifications addressed to them or to one of their
 * roles, and website alerts (the access rule keeps those to the websites they own). What they sent is
 * readable but not addressed to them.
 */
const addressedTo = (userId: number): SqlFragment =>
  sql`t.user_id = ${userId} OR t.recipients = ANY((SELECT roles FROM users WHERE id = ${userId})::bigint[])
    OR (t.type = 'ALERT' AND t.website_id IS NOT NULL)`;

const INBOX_LIMIT = 200;

/** The inbox's own columns: the website's name, the sender's name and the user's read flag. */
const inboxColumns = (userId: number): Record<string, SqlFragment> => ({
  website: sql`(SELECT json_build_object('id', w.id, 'hostname', w.hostname) FROM websites w WHERE w.id = t.website_id)`,
  created_by_name: sql`(SELECT nullif(trim(coalesce(u.name, '') || ' ' || coalesce(u.last_name, '')), '')
    FROM users u WHERE u.id = t.created_by)`,
  read: readBy(userId),
});

function signedIn(ctx: RequestContext): number {
  if (!ctx.user) throw unauthorized();
  return ctx.user.id;
}

function registerNotificationActions(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  const { engine } = deps;

  registerAction(app, actions.nms.inbox, {
    handler: async ({ ctx }) => {
      const userId = signedIn(ctx);
      const where = addressedTo(userId);
      const [page, unread] = await Promise.all([
        engine.list(
          ctx,
          model,
          { sortBy: 'created_at', sortOrder: 'DESC', page: 1, perPage: INBOX_LIMIT, filter: {} },
          { where, select: inboxColumns(userId) },
        ),
        // Counted over the whole inbox, not only the newest INBOX_LIMIT rows listed.
        engine.count(ctx, model, { where: sql`(${where}) AND t.resolved <> 'yes' AND ${unreadBy(userId)}` }),
      ]);
      // The rows carry the declared columns and the inbox's own; the response schema serialises them.
      return { data: page.data as actions.nms.InboxItem[], meta: { unread } };
    },
  });

  registerAction(app, actions.nms.markRead, {
    handler: async ({ params, body, ctx }) => {
      const userId = signedIn(ctx);
      const id = Number(params.id);
      // Whoever may read a notification may mark it: the same rule, so a sender is not told 404.
      await engine.getOne(ctx, model, id);
      const read = body.read === 1 || body.read === true;
      await setRead(ctx.db, id, userId, read);
      return { data: { id, read: read ? (1 as const) : (0 as const) } };
    },
  });

  registerAction(app, actions.nms.markAllRead, {
    handler: async ({ ctx }) => {
      const userId = signedIn(ctx);
      const marked = await markAllRead(
        ctx.db,
        engine.visibleIds(ctx, model, { where: addressedTo(userId) }),
        userId,
      );
      return { data: { marked } };
    },
  });

  registerImageUploads(app, deps);
}
