import { randomBytes } from 'node:crypto';
import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { RequestContext } from '../../core/context.js';
import { forbidden, invalid, notFound, unauthorized } from '../../core/errors.js';
import { sql } from '../../core/sql.js';
import type { AppDeps } from '../../deps.js';
import { hasContent, sanitizeRichText } from '../nms/sanitize.js';
import {
  commentsOf,
  findConversation,
  insertComment,
  lockComment,
  lockWebsite,
  openConversation,
  updateComment,
  type ConversationRow,
} from './conversation-repository.js';

/** An object id (SPEC §3: 24 hex characters, the first 8 a timestamp in seconds). */
export function objectId(now = Date.now()): string {
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

function cleanContent(raw: string): string {
  const clean = sanitizeRichText(raw);
  if (!hasContent(clean)) throw invalid({ content: 'Write a comment' });
  return clean;
}

/** The signed-in author, named as the users resource shows them (their e-mail when they have no name). */
async function authorOf(deps: AppDeps, ctx: RequestContext): Promise<{ id: number; name: string }> {
  const user = ctx.user;
  if (!user) throw unauthorized();
  const row = await deps.engine.getOne(ctx, deps.engine.model('users'), user.id);
  const full = `${typeof row.name === 'string' ? row.name : ''} ${typeof row.last_name === 'string' ? row.last_name : ''}`;
  // As PostgreSQL's trim(): spaces only.
  return { id: user.id, name: full.replace(/^ +| +$/g, '') || user.email };
}

/**
 * Comments on websites (SPEC §7.8, mms): the first comment creates the website's conversation; replies
 * and edits follow. Authors are the signed-in users (what a client says about authorship is ignored); only
 * a comment's author edits it; comments are never deleted.
 */
export function registerConversations(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('mms')) return;
  const declared = actions.mms;
  const { engine } = deps;
  const websites = engine.model('websites');
  /** The websites the user may see: a conversation is as visible as its website. */
  const visible = (ctx: RequestContext, websiteId?: number) =>
    engine.visibleIds(ctx, websites, websiteId === undefined ? {} : { where: sql`t.id = ${websiteId}` });

  async function withComments(ctx: RequestContext, conv: ConversationRow) {
    return { id: conv.uid, project_id: conv.project_id, comments: await commentsOf(ctx.db, conv.id) };
  }

  registerAction(app, declared.conversationOf, {
    handler: async ({ query, ctx }) => {
      const projectId = Number(query.project_id);
      const conv = await findConversation(ctx.db, { projectId }, visible(ctx));
      return { data: conv ? [await withComments(ctx, conv)] : [] };
    },
  });

  registerAction(app, declared.startConversation, {
    handler: async ({ body, ctx }) => {
      const projectId = Number(body.project_id);
      const content = cleanContent(body.comments[0]!.content);
      const author = await authorOf(deps, ctx);
      const result = await ctx.db.transaction(async (tx) => {
        if (!(await lockWebsite(tx, visible(ctx, projectId)))) {
          throw invalid({ project_id: `No website with id ${projectId}` });
        }
        const conv = await openConversation(tx, projectId, objectId());
        const commentUid = objectId();
        await insertComment(tx, conv.id, {
          uid: commentUid,
          author: author.id,
          authorName: author.name,
          content,
        });
        return { id: conv.uid, comment_uid: commentUid };
      });
      await ctx.audit('comment.create', `conversations/${result.id}`);
      return { id: result.id, data: result };
    },
  });

  registerAction(app, declared.conversation, {
    handler: async ({ params, ctx }) => {
      const conv = await findConversation(ctx.db, { uid: params.uid }, visible(ctx));
      if (!conv) throw notFound(`No conversation ${params.uid}`);
      return { data: await withComments(ctx, conv) };
    },
  });

  registerAction(app, declared.reply, {
    handler: async ({ params: { uid }, body, ctx }) => {
      const content = cleanContent(body.content);
      const author = await authorOf(deps, ctx);
      const commentUid = await ctx.db.transaction(async (tx) => {
        const conv = await findConversation(tx, { uid }, visible(ctx), true);
        if (!conv) throw notFound(`No conversation ${uid}`);
        const commentUid = objectId();
        await insertComment(tx, conv.id, {
          uid: commentUid,
          author: author.id,
          authorName: author.name,
          content,
        });
        return commentUid;
      });
      await ctx.audit('comment.reply', `conversations/${uid}`);
      return { comment_uid: commentUid, data: { comment_uid: commentUid } };
    },
  });

  registerAction(app, declared.editComment, {
    handler: async ({ params: p, body, ctx }) => {
      const content = cleanContent(body.content);
      const user = ctx.user;
      if (!user) throw unauthorized();
      const updated = await ctx.db.transaction(async (tx) => {
        const row = await lockComment(tx, p.uid, p.commentUid, visible(ctx));
        if (!row) throw notFound(`No comment ${p.commentUid} in conversation ${p.uid}`);
        if (row.author !== user.id) throw forbidden('Only the author can edit a comment');
        return updateComment(tx, row.id, content);
      });
      await ctx.audit('comment.edit', `conversations/${p.uid}/${p.commentUid}`);
      return { data: updated };
    },
  });
}
