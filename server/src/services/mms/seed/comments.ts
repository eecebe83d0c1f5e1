import type { Queryable } from '../../../db/db.js';
import { DAY, now, type Rng } from '../../../seed/random.js';
import type { Person } from '../../nms/seed/notifications.js';
import { objectId } from '../conversations.js';

const COMMENTS = [
  'Migrated the theme to the child version, please check the header on mobile.',
  'Two outbound links on the review pages still lack rel="sponsored" — fixing today.',
  'Traffic dipped after the last core update; watching Search Console for a week before acting.',
  'Renewed the domain for 3 years and switched on auto-renew at the registrar.',
  'Content plan for next month is in the shared sheet; five new guides queued.',
  'Uptime monitor flagged two short outages overnight, both during the host maintenance window.',
  'Replaced the affiliate links for the expired offer.',
  'Looks good now, thanks!',
  'Can we move this site to the newer server before the sale season?',
  'Agreed, scheduling the move for next Tuesday.',
];

/**
 * Comment threads on twelve money and link sites, by the first six people. Repository-style, in SQL: a
 * conversation and its comments are stored by the mms service's own routes, not by a declared resource.
 */
export async function seedComments(tx: Queryable, rng: Rng, users: Person[]): Promise<void> {
  const t = now();
  const sites = (
    await tx.query<{ id: number }>(
      `SELECT id FROM websites WHERE type IN ('MONEY', 'LINK') ORDER BY id LIMIT 12`,
    )
  ).rows.map((w) => Number(w.id));
  const authors = users.slice(0, 6);
  const threads: Array<{ uid: string; project_id: number; created_at: number }> = [];
  const comments: Array<Record<string, unknown> & { thread: number }> = [];
  for (const siteId of sites) {
    const count = rng.int(1, 4);
    const start = t - rng.int(5, 40) * DAY;
    threads.push({ uid: objectId((start - 60) * 1000), project_id: siteId, created_at: start });
    for (let c = 0; c < count; c++) {
      const author = rng.pick(authors);
      const at = start + c * rng.int(3600, 3 * DAY);
      const edited = rng.chance(0.2) ? at + rng.int(300, 7200) : null;
      comments.push({
        thread: threads.length - 1,
        uid: objectId(at * 1000),
        author: author.id,
        author_name: author.name,
        content: `<p>${rng.pick(COMMENTS)}</p>`,
        created_at: at,
        modified_at: edited,
      });
    }
  }
  const stored = await tx.query<{ id: number; uid: string }>(
    `INSERT INTO conversations (uid, project_id, created_at, updated_at)
     SELECT c.uid, c.project_id, c.created_at, c.created_at
     FROM jsonb_to_recordset($1::jsonb) AS c(uid text, project_id bigint, created_at bigint) RETURNING id, uid`,
    [JSON.stringify(threads)],
  );
  const byUid = new Map(stored.rows.map((r) => [r.uid, Number(r.id)]));
  const ids = threads.map((c) => byUid.get(c.uid)!);
  await tx.query(
    `INSERT INTO comments (uid, conversation_id, author, author_name, content, created_at, modified_at)
     SELECT c.uid, c.conversation_id, c.author, c.author_name, c.content, c.created_at, c.modified_at
     FROM jsonb_to_recordset($1::jsonb) AS c(uid text, conversation_id bigint, author bigint, author_name text,
       content text, created_at bigint, modified_at bigint)`,
    [JSON.stringify(comments.map(({ thread, ...c }) => ({ ...c, conversation_id: ids[thread] })))],
  );
}
