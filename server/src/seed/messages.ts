import type { Queryable } from '../db/db.js';
import { objectId } from '../services/mms/conversations.js';
import { sanitizeRichText } from '../services/nms/sanitize.js';
import type { SeedContext } from './index.js';
import { DAY, now, Rng } from './random.js';

/** Announcements the team sent each other: [title, message HTML, type, role or null (then a user), link]. */
const NOTES: Array<[string, string, 'INFO' | 'ALERT', string | null, string | null]> = [
  [
    'Core update rollout this week',
    '<p>WordPress <strong>6.7.1</strong> goes out to all <em>LINK</em> sites on Wednesday, money sites on Thursday after the staging check. Hold plugin changes until Friday.</p>',
    'INFO',
    'IT',
    null,
  ],
  [
    'New deindex checker',
    '<p>The deindex checker now runs through the job engine: paste the domains, pick the delimiter and follow the progress on its cron run. Results land in each website’s <strong>Indexed History</strong> tab.</p>',
    'INFO',
    'VIEWER',
    '#/dms/api/v1/backlinks/deindex-checker',
  ],
  [
    'Hosting maintenance window',
    '<p>Our main host reboots the <code>fra-2</code> servers on Sunday between 02:00 and 03:00 UTC. Expect a few minutes of downtime on the sites they serve; uptime alerts during the window can be resolved afterwards.</p>',
    'ALERT',
    'IT',
    null,
  ],
  [
    'Sponsored link policy',
    '<p>Every paid placement must carry <code>rel="sponsored"</code>. Run the keyword checker on new partner pages before invoicing; see <a href="https://developers.google.com/search/docs/crawling-indexing/qualify-outbound-links">Google’s guidance</a>.</p>',
    'INFO',
    'VIEWER',
    'https://developers.google.com/search/docs/crawling-indexing/qualify-outbound-links',
  ],
  [
    'Quarterly domain renewals',
    '<ul><li>Check the expiration alerts in the bell.</li><li>Renew anything due within 30 days.</li><li>Turn alerts off for domains we are letting go.</li></ul>',
    'INFO',
    'ADMIN',
    '#/dms/api/v1/domains',
  ],
  [
    'Welcome to Sitefleet',
    '<p>Your account is ready. Start from the <strong>Websites</strong> list; the bell keeps you posted on alerts about the sites you own.</p>',
    'INFO',
    null,
    '#/dms/api/v1/websites',
  ],
];

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

/** Demo notifications (to roles and users, some read) and comment threads on websites. */
export async function seedMessages(tx: Queryable, _ctx: SeedContext): Promise<void> {
  const rng = new Rng(6262);
  const t = now();
  const roles = new Map(
    (await tx.query<{ id: number; name: string }>('SELECT id, name FROM roles')).rows.map((r) => [
      r.name,
      Number(r.id),
    ]),
  );
  const users = (
    await tx.query<{ id: number; name: string; last_name: string | null; roles: number[] }>(
      'SELECT id, name, last_name, roles FROM users ORDER BY id',
    )
  ).rows.map((u) => ({
    id: Number(u.id),
    name: `${u.name} ${u.last_name ?? ''}`.trim(),
    roles: u.roles.map(Number),
  }));
  const admin = users.find((u) => u.roles.includes(roles.get('ADMIN') ?? -1)) ?? users[0];
  if (!admin) return;

  for (const [i, [title, message, type, role, link]] of NOTES.entries()) {
    const at = t - (NOTES.length - i) * 2 * DAY - rng.int(0, 20_000);
    const recipient = role ? (roles.get(role) ?? null) : null;
    const user = role ? null : (users.find((u) => u.id !== admin.id)?.id ?? admin.id);
    const r = await tx.query<{ id: number }>(
      `INSERT INTO notifications (title, message, type, link, user_id, recipients, created_by, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id`,
      [title, sanitizeRichText(message), type, link, user, recipient, admin.id, at],
    );
    // The older half has been read by most of its readers.
    if (i < NOTES.length / 2) {
      const readers = users.filter(
        (u) => (recipient ? u.roles.includes(recipient) : u.id === user) && rng.chance(0.7),
      );
      for (const u of readers) {
        await tx.query(
          'INSERT INTO notification_reads (notification_id, user_id, read_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [r.rows[0]!.id, u.id, at + rng.int(600, DAY)],
        );
      }
    }
  }

  const sites = (
    await tx.query<{ id: number }>(
      `SELECT id FROM websites WHERE type IN ('MONEY', 'LINK') ORDER BY id LIMIT 12`,
    )
  ).rows.map((w) => Number(w.id));
  const authors = users.slice(0, 6);
  for (const siteId of sites) {
    const count = rng.int(1, 4);
    const start = t - rng.int(5, 40) * DAY;
    const conv = await tx.query<{ id: number }>(
      'INSERT INTO conversations (uid, project_id, created_at, updated_at) VALUES ($1, $2, $3, $3) RETURNING id',
      [objectId((start - 60) * 1000), siteId, start],
    );
    for (let c = 0; c < count; c++) {
      const author = rng.pick(authors);
      const at = start + c * rng.int(3600, 3 * DAY);
      const edited = rng.chance(0.2) ? at + rng.int(300, 7200) : null;
      await tx.query(
        `INSERT INTO comments (uid, conversation_id, author, author_name, content, created_at, modified_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          objectId(at * 1000),
          conv.rows[0]!.id,
          author.id,
          author.name,
          `<p>${rng.pick(COMMENTS)}</p>`,
          at,
          edited,
        ],
      );
    }
  }
}
