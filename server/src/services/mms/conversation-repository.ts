import type { ConversationComment } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../core/sql.js';
import type { Queryable } from '../../db/db.js';

/**
 * Repository of conversations and their comments. They are no declared resource: a thread is addressed by
 * object id, only its author edits a comment, nothing is deleted, and its first comment creates it in
 * one upsert. Which websites a user may comment on comes from the engine (`visibleIds` of websites), so
 * the websites' access rule travels into these statements instead of being written here.
 */

const COMMENT_COLUMNS = sql`uid, author, author_name AS "authorName", created_at AS "createdAt",
  modified_at AS "modifiedAt", content`;

/** bigint columns come back as strings from PostgreSQL: the wire says integers. */
const asComment = (c: ConversationComment): ConversationComment => ({
  ...c,
  author: c.author === null ? null : Number(c.author),
  createdAt: Number(c.createdAt),
  modifiedAt: c.modifiedAt === null ? null : Number(c.modifiedAt),
});

async function run<T>(db: Queryable, q: SqlFragment): Promise<T[]> {
  const { text, values } = q.query();
  return (await db.query<T>(text, values)).rows;
}

export interface ConversationRow {
  id: number;
  uid: string;
  project_id: number;
}

/** The conversation by its object id or its website's id, when that website is among `websites`. */
export async function findConversation(
  db: Queryable,
  by: { uid: string } | { projectId: number },
  websites: SqlFragment,
  lock = false,
): Promise<ConversationRow | null> {
  const key = 'uid' in by ? sql`c.uid = ${by.uid}` : sql`c.project_id = ${by.projectId}`;
  const [row] = await run<ConversationRow>(
    db,
    sql`SELECT c.id, c.uid, c.project_id FROM conversations c
        WHERE ${key} AND c.project_id IN (${websites})${lock ? sql` FOR UPDATE OF c` : sql``}`,
  );
  return row ? { id: Number(row.id), uid: row.uid, project_id: Number(row.project_id) } : null;
}

export async function commentsOf(db: Queryable, conversationId: number): Promise<ConversationComment[]> {
  const rows = await run<ConversationComment>(
    db,
    sql`SELECT ${COMMENT_COLUMNS} FROM comments WHERE conversation_id = ${conversationId} ORDER BY created_at, id`,
  );
  return rows.map(asComment);
}

/** Locks the website (one of `websites`) so it cannot go before its conversation is written; false if none. */
export async function lockWebsite(tx: Queryable, websites: SqlFragment): Promise<boolean> {
  const rows = await run(tx, sql`SELECT 1 FROM websites w WHERE w.id IN (${websites}) FOR SHARE OF w`);
  return rows.length > 0;
}

/** The website's conversation, created with `uid` unless someone else started it meanwhile (then reused). */
export async function openConversation(
  tx: Queryable,
  projectId: number,
  uid: string,
): Promise<{ id: number; uid: string }> {
  const [row] = await run<{ id: number; uid: string }>(
    tx,
    sql`INSERT INTO conversations (uid, project_id) VALUES (${uid}, ${projectId})
        ON CONFLICT (project_id) DO UPDATE SET updated_at = conversations.updated_at RETURNING id, uid`,
  );
  return { id: Number(row!.id), uid: row!.uid };
}

/** Adds a comment and marks its conversation changed. */
export async function insertComment(
  tx: Queryable,
  conversationId: number,
  comment: { uid: string; author: number; authorName: string; content: string },
): Promise<void> {
  await run(
    tx,
    sql`INSERT INTO comments (uid, conversation_id, author, author_name, content)
        VALUES (${comment.uid}, ${conversationId}, ${comment.author}, ${comment.authorName}, ${comment.content})`,
  );
  await run(
    tx,
    sql`UPDATE conversations SET updated_at = epoch_now(), version = version + 1 WHERE id = ${conversationId}`,
  );
}

/** Locks one comment of a conversation (among `websites`) for an edit; null when there is none. */
export async function lockComment(
  tx: Queryable,
  conversationUid: string,
  commentUid: string,
  websites: SqlFragment,
): Promise<{ id: number; author: number | null } | null> {
  const [row] = await run<{ id: number; author: number | null }>(
    tx,
    sql`SELECT m.id, m.author FROM comments m JOIN conversations c ON c.id = m.conversation_id
        WHERE c.uid = ${conversationUid} AND m.uid = ${commentUid} AND c.project_id IN (${websites})
        FOR UPDATE OF m`,
  );
  return row ? { id: Number(row.id), author: row.author === null ? null : Number(row.author) } : null;
}

export async function updateComment(
  tx: Queryable,
  commentId: number,
  content: string,
): Promise<ConversationComment> {
  const [row] = await run<ConversationComment>(
    tx,
    sql`UPDATE comments SET content = ${content}, modified_at = epoch_now() WHERE id = ${commentId}
        RETURNING ${COMMENT_COLUMNS}`,
  );
  return asComment(row!);
}
