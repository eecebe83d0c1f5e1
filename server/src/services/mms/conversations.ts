import { randomBytes } from 'node:crypto';
import { actions, type ConversationComment } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import type { RequestContext } from '../../core/context.js';
import { forbidden, invalid, notFound, unauthorized } from '../../core/errors.js';
import type { Queryable } from '../../db/db.js';
import type { AppDeps } from '../../deps.js';
import { hasContent, sanitizeRichText } from '../nms/sanitize.js';

/** An object id (SPEC §3: 24 hex characters, the first 8 a timestamp in seconds). */
export function objectId(now = Date.now()): string {
  return (
    Math.floor(now / 1000)
      .toString(16)
      .padStart(8, '0') + randomBytes(8).toString('hex')
  );
}

type CommentOut = ConversationComment;

const COMMENT_COLUMNS =
  'uid, author, author_name AS "authorName", created_at AS "createdAt", modified_at AS "modifiedAt", content';

/** bigint columns come back as strings from PostgreSQL: the wire says integers. */
const asComment = (c: CommentOut): CommentOut => ({
  ...c,
  author: c.author === null ? null : Number(c.author),
  createdAt: Number(c.createdAt),
  modifiedAt: c.modifiedAt === null ? null : Number(c.modifiedAt),
});

function cleanContent(raw: string): string {
  const clean = sanitizeRichText(raw);
  if (!hasContent(clean)) throw invalid({ content: 'Write a comment' });
  return clean;
}

async function authorOf(db: Queryable, ctx: RequestContext): Promise<{ id: number; name: string }> {
  const user = ctx.user;
  if (!user) throw unauthorized();
  const r = await db.query<{ name: string }>(
    `SELECT nullif(trim(coalesce(name, '') || ' ' || coalesce(last_name, '')), '') AS name FROM users WHERE id = $1`,
    [user.id],
  );
  return { id: user.id, name: r.rows[0]?.name ?? user.email };
}

async function load(db: Queryable, uid: string) {
  const c = await db.query<{ id: number; uid: string; project_id: number }>(
    'SELECT id, uid, project_id FROM conversations WHERE uid = $1',
    [uid],
  );
  const conv = c.rows[0];
  if (!conv) throw notFound(`No conversation ${uid}`);
  const comments = await db.query<CommentOut>(
    `SELECT ${COMMENT_COLUMNS} FROM comments WHERE conversation_id = $1 ORDER BY created_at, id`,
    [conv.id],
  );
  return {
    id: conv.uid,
    project_id: Number(conv.project_id),
    comments: comments.rows.map(asComment),
    rowId: Number(conv.id),
  };
}

async function addComment(
  tx: Queryable,
  conversationId: number,
  author: { id: number; name: string },
  content: string,
) {
  const uid = objectId();
  await tx.query(
    'INSERT INTO comments (uid, conversation_id, author, author_name, content) VALUES ($1, $2, $3, $4, $5)',
    [uid, conversationId, author.id, author.name, content],
  );
  await tx.query('UPDATE conversations SET updated_at = epoch_now(), version = version + 1 WHERE id = $1', [
    conversationId,
  ]);
  return uid;
}

/**
 * Comments on websites (SPEC §7.8, mms): the first comment creates the website's conversation; replies
 * and edits follow. Authors are the signed-in users (what a client says about authorship is ignored); only
 * a comment's author edits it; comments are never deleted.
 */
export function registerConversations(app: FastifyInstance, deps: AppDeps): void {
  if (!deps.config.services.includes('mms')) return;
  const declared = actions.mms;

  registerAction(app, declared.conversationOf, {
    handler: async ({ query }) => {
      const projectId = Number(query.project_id);
      const r = await deps.db.query<{ uid: string }>('SELECT uid FROM conversations WHERE project_id = $1', [
        projectId,
      ]);
      const uid = r.rows[0]?.uid;
      if (!uid) return { data: [] };
      const { rowId: _row, ...conv } = await load(deps.db, uid);
      return { data: [conv] };
    },
  });

  registerAction(app, declared.startConversation, {
    handler: async ({ body, ctx }) => {
      const projectId = Number(body.project_id);
      const content = cleanContent(body.comments[0]!.content);
      const author = await authorOf(deps.db, ctx);
      const result = await deps.db.transaction(async (tx) => {
        const w = await tx.query('SELECT 1 FROM websites WHERE id = $1 FOR SHARE', [projectId]);
        if (!w.rows.length) throw invalid({ project_id: `No website with id ${projectId}` });
        // A conversation someone else started meanwhile is reused: the comment joins it.
        const c = await tx.query<{ id: number; uid: string }>(
          `INSERT INTO conversations (uid, project_id) VALUES ($1, $2)
           ON CONFLICT (project_id) DO UPDATE SET updated_at = conversations.updated_at RETURNING id, uid`,
          [objectId(), projectId],
        );
        const conv = c.rows[0]!;
        const commentUid = await addComment(tx, Number(conv.id), author, content);
        return { id: conv.uid, comment_uid: commentUid };
      });
      await ctx.audit('comment.create', `conversations/${result.id}`);
      return { id: result.id, data: result };
    },
  });

  registerAction(app, declared.conversation, {
    handler: async ({ params }) => {
      const { rowId: _row, ...conv } = await load(deps.db, params.uid);
      return { data: conv };
    },
  });

  registerAction(app, declared.reply, {
    handler: async ({ params: { uid }, body, ctx }) => {
      const content = cleanContent(body.content);
      const author = await authorOf(deps.db, ctx);
      const commentUid = await deps.db.transaction(async (tx) => {
        const c = await tx.query<{ id: number }>('SELECT id FROM conversations WHERE uid = $1 FOR UPDATE', [
          uid,
        ]);
        if (!c.rows[0]) throw notFound(`No conversation ${uid}`);
        return addComment(tx, Number(c.rows[0].id), author, content);
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
      const updated = await deps.db.transaction(async (tx) => {
        const r = await tx.query<{ id: number; author: number | null }>(
          `SELECT m.id, m.author FROM comments m JOIN conversations c ON c.id = m.conversation_id
           WHERE c.uid = $1 AND m.uid = $2 FOR UPDATE OF m`,
          [p.uid, p.commentUid],
        );
        const row = r.rows[0];
        if (!row) throw notFound(`No comment ${p.commentUid} in conversation ${p.uid}`);
        if (Number(row.author) !== user.id) throw forbidden('Only the author can edit a comment');
        const u = await tx.query<CommentOut>(
          `UPDATE comments SET content = $2, modified_at = epoch_now() WHERE id = $1
           RETURNING ${COMMENT_COLUMNS}`,
          [row.id, content],
        );
        return asComment(u.rows[0]!);
      });
      await ctx.audit('comment.edit', `conversations/${p.uid}/${p.commentUid}`);
      return { data: updated };
    },
  });
}
