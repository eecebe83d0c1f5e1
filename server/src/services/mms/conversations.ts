import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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

const OBJECT_ID = '^[0-9a-f]{24}$';
const CONTENT_MAX = 20_000;

interface CommentOut {
  uid: string;
  author: number | null;
  authorName: string;
  createdAt: number;
  modifiedAt: number | null;
  content: string;
}

const commentSchema = {
  type: 'object',
  properties: {
    uid: { type: 'string' },
    author: { type: ['integer', 'null'] },
    authorName: { type: 'string' },
    createdAt: { type: 'integer' },
    modifiedAt: { type: ['integer', 'null'] },
    content: { type: 'string' },
  },
};
const conversationSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    project_id: { type: 'integer' },
    comments: { type: 'array', items: commentSchema },
  },
};
const contentProperty = { type: 'string', maxLength: CONTENT_MAX };

function cleanContent(raw: string): string {
  const clean = sanitizeRichText(raw);
  if (!hasContent(clean)) throw invalid({ content: 'Write a comment' });
  return clean;
}

async function authorOf(db: Queryable, request: FastifyRequest): Promise<{ id: number; name: string }> {
  const user = request.ctx.user;
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
    `SELECT uid, author, author_name AS "authorName", created_at AS "createdAt", modified_at AS "modifiedAt", content
     FROM comments WHERE conversation_id = $1 ORDER BY created_at, id`,
    [conv.id],
  );
  return {
    id: conv.uid,
    project_id: Number(conv.project_id),
    comments: comments.rows,
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
  const base = '/mms/api/v1/conversations';
  const tags = ['mms'];
  const uidParams = {
    type: 'object',
    properties: {
      uid: { type: 'string', pattern: OBJECT_ID },
      commentUid: { type: 'string', pattern: OBJECT_ID },
    },
  };

  app.get(base, {
    config: { access: 'permission' },
    schema: {
      tags,
      summary: "A project's conversation (0 or 1), by project_id",
      querystring: {
        type: 'object',
        required: ['project_id'],
        properties: { project_id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } },
      },
      response: {
        200: { type: 'object', properties: { data: { type: 'array', items: conversationSchema } } },
      },
    },
    handler: async (request) => {
      const projectId = Number((request.query as { project_id: string }).project_id);
      const r = await deps.db.query<{ uid: string }>('SELECT uid FROM conversations WHERE project_id = $1', [
        projectId,
      ]);
      const uid = r.rows[0]?.uid;
      return { data: uid ? [await load(deps.db, uid)] : [] };
    },
  });

  app.post(base, {
    config: { access: 'permission' },
    schema: {
      tags,
      summary: "Start a project's conversation with its first comment; answers the conversation's id",
      body: {
        type: 'object',
        required: ['project_id', 'comments'],
        properties: {
          // maximum: a larger number reaches PostgreSQL as out of range for bigint (a 500, not a 422).
          project_id: {
            type: ['integer', 'string'],
            pattern: '^[1-9][0-9]{0,15}$',
            minimum: 1,
            maximum: Number.MAX_SAFE_INTEGER,
          },
          comments: {
            type: 'array',
            minItems: 1,
            maxItems: 1,
            items: {
              type: 'object',
              required: ['content'],
              // author, authorName and createdAt are what the console sends (SPEC §7.8); they are ignored.
              properties: { author: {}, authorName: {}, createdAt: {}, content: contentProperty },
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
      response: {
        201: {
          type: 'object',
          properties: {
            id: { type: 'string' },
            data: { type: 'object', properties: { id: { type: 'string' }, comment_uid: { type: 'string' } } },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const body = request.body as { project_id: number | string; comments: Array<{ content: string }> };
      const projectId = Number(body.project_id);
      const content = cleanContent(body.comments[0]!.content);
      const author = await authorOf(deps.db, request);
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
      await request.ctx.audit('comment.create', `conversations/${result.id}`);
      return reply.status(201).send({ id: result.id, data: result });
    },
  });

  app.get(`${base}/:uid`, {
    config: { access: 'permission' },
    schema: {
      tags,
      summary: 'A conversation with its comments, oldest first',
      params: uidParams,
      response: { 200: { type: 'object', properties: { data: conversationSchema } } },
    },
    handler: async (request) => {
      const { rowId: _row, ...conv } = await load(deps.db, (request.params as { uid: string }).uid);
      return { data: conv };
    },
  });

  app.post(`${base}/:uid/reply`, {
    config: { access: 'permission' },
    schema: {
      tags,
      summary: 'Add a comment to a conversation; answers comment_uid',
      params: uidParams,
      body: {
        type: 'object',
        required: ['content'],
        properties: { createdAt: {}, content: contentProperty },
        additionalProperties: false,
      },
      response: {
        201: {
          type: 'object',
          properties: {
            comment_uid: { type: 'string' },
            data: { type: 'object', properties: { comment_uid: { type: 'string' } } },
          },
        },
      },
    },
    handler: async (request, reply) => {
      const uid = (request.params as { uid: string }).uid;
      const content = cleanContent((request.body as { content: string }).content);
      const author = await authorOf(deps.db, request);
      const commentUid = await deps.db.transaction(async (tx) => {
        const c = await tx.query<{ id: number }>('SELECT id FROM conversations WHERE uid = $1 FOR UPDATE', [
          uid,
        ]);
        if (!c.rows[0]) throw notFound(`No conversation ${uid}`);
        return addComment(tx, Number(c.rows[0].id), author, content);
      });
      await request.ctx.audit('comment.reply', `conversations/${uid}`);
      return reply.status(201).send({ comment_uid: commentUid, data: { comment_uid: commentUid } });
    },
  });

  app.put(`${base}/:uid/reply/:commentUid`, {
    config: { access: 'permission' },
    schema: {
      tags,
      summary: 'Edit your own comment (modifiedAt is set by the server)',
      params: uidParams,
      body: {
        type: 'object',
        required: ['content'],
        properties: { modifiedAt: {}, content: contentProperty },
        additionalProperties: false,
      },
      response: { 200: { type: 'object', properties: { data: commentSchema } } },
    },
    handler: async (request) => {
      const p = request.params as { uid: string; commentUid: string };
      const content = cleanContent((request.body as { content: string }).content);
      const user = request.ctx.user;
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
           RETURNING uid, author, author_name AS "authorName", created_at AS "createdAt", modified_at AS "modifiedAt", content`,
          [row.id, content],
        );
        return u.rows[0]!;
      });
      await request.ctx.audit('comment.edit', `conversations/${p.uid}/${p.commentUid}`);
      return { data: updated };
    },
  });
}
