import { ADMIN_ROLE } from '@sitefleet/shared';
import type { Queryable } from '../../../db/db.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, type Rng } from '../../../seed/random.js';

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

export interface Person {
  id: number;
  name: string;
  roles: number[];
}

/** Everyone the messages come from and go to, the admin first among equals. */
export async function loadPeople(tx: Queryable) {
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
  ).rows.map((u): Person => ({
    id: Number(u.id),
    name: `${u.name} ${u.last_name ?? ''}`.trim(),
    roles: u.roles.map(Number),
  }));
  const admin = users.find((u) => u.roles.includes(roles.get(ADMIN_ROLE) ?? -1)) ?? users[0];
  return { roles, users, admin };
}

/**
 * Announcements the admin sent to roles and users, the older half read by most of their readers. Written as
 * the admin, so the resource's hook sanitises each message and records its sender.
 */
export async function seedNotifications(tx: Queryable, { records }: SeedContext, rng: Rng): Promise<void> {
  const t = now();
  const { roles, users, admin } = await loadPeople(tx);
  if (!admin) return;
  const sender = records.as({ id: admin.id, email: '', isAdmin: true, roleNames: [ADMIN_ROLE] });
  const sent: Array<Record<string, unknown>> = [];
  const reads: Array<{ notification: number; user_id: number; read_at: number }> = [];
  for (const [i, [title, message, type, role, link]] of NOTES.entries()) {
    const at = t - (NOTES.length - i) * 2 * DAY - rng.int(0, 20_000);
    const recipient = role ? (roles.get(role) ?? null) : null;
    const user = role ? null : (users.find((u) => u.id !== admin.id)?.id ?? admin.id);
    sent.push({
      title,
      message,
      type,
      link,
      user_id: user,
      recipients: recipient,
      created_at: at,
      updated_at: at,
    });
    // The older half has been read by most of its readers.
    if (i >= NOTES.length / 2) continue;
    const readers = users.filter(
      (u) => (recipient ? u.roles.includes(recipient) : u.id === user) && rng.chance(0.7),
    );
    for (const u of readers) reads.push({ notification: i, user_id: u.id, read_at: at + rng.int(600, DAY) });
  }
  const ids = await sender.insert('notifications', sent);
  await writeReads(
    tx,
    reads.map(({ notification, ...r }) => ({ ...r, notification_id: ids[notification] })),
  );
}

/** Repository-style, in SQL: who read what is per-user state of the inbox, not a declared resource. */
async function writeReads(tx: Queryable, reads: object[]): Promise<void> {
  await tx.query(
    `INSERT INTO notification_reads (notification_id, user_id, read_at)
     SELECT r.notification_id, r.user_id, r.read_at
     FROM jsonb_to_recordset($1::jsonb) AS r(notification_id bigint, user_id bigint, read_at bigint)`,
    [JSON.stringify(reads)],
  );
}
