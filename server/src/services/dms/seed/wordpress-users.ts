import { ADMIN_ROLE, IT_ROLE } from '@sitefleet/shared';
import type { SeedWriter } from '../../../core/seed.js';
import type { Queryable } from '../../../db/db.js';
import { DAY, type Rng } from '../../../seed/random.js';
import { WP_FIRST_NAMES, WP_LAST_NAMES } from './wordpress-data.js';
import type { FleetSite } from './wordpress.js';

const ROLES = ['editor', 'author', 'author', 'contributor', 'editor'];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const nicename = (login: string) => login.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** The IT and admin staff of the demo, who get their own `sitefleet-{id}` users on a few sites. */
async function loadStaff(tx: Queryable): Promise<Array<{ id: number; name: string; email: string }>> {
  const r = await tx.query<{ id: number; name: string; last_name: string | null; email: string }>(
    `SELECT u.id, u.name, u.last_name, u.email FROM users u
     WHERE NOT u.disabled AND EXISTS (
       SELECT 1 FROM roles r WHERE r.id = ANY(u.roles) AND r.name IN ($1, $2))
     ORDER BY u.id`,
    [IT_ROLE, ADMIN_ROLE],
  );
  return r.rows.map((u) => ({
    id: Number(u.id),
    name: [u.name, u.last_name].filter(Boolean).join(' ') || u.email,
    email: u.email,
  }));
}

/**
 * 2 to 6 users per site: the original administrator, Sitefleet's `sf-ops` connection user, writers with
 * addresses on the site's domain, and on a few sites the one-click login users of staff members.
 */
export async function seedWpUsers(
  tx: Queryable,
  records: SeedWriter,
  rng: Rng,
  fleet: FleetSite[],
): Promise<void> {
  const staff = await loadStaff(tx);
  const rows: Array<Record<string, unknown>> = [];
  let staffSites = 0;
  for (const f of fleet) {
    const domain = f.site.domain;
    const born = f.site.created;
    let wpId = 1;
    const user = (
      login: string,
      display: string,
      email: string,
      roles: string[],
      registered: number,
      staffId: number | null = null,
    ) => {
      rows.push({
        website_id: f.site.id,
        wp_id: wpId,
        user_login: login,
        user_nicename: nicename(login),
        display_name: display,
        user_email: email,
        roles,
        user_url: wpId === 1 ? f.url : null,
        user_registered: registered,
        user_status: 0,
        staff_user_id: staffId,
        created_at: f.syncedAt - rng.int(1, 300) * DAY,
        updated_at: f.syncedAt,
      });
      wpId += rng.int(1, 3);
    };
    const owner = rng.pick(['admin', 'webmaster', `${rng.pick(WP_FIRST_NAMES)}admin`]);
    user(owner, owner, `${owner === 'admin' ? 'info' : owner}@${domain}`, ['administrator'], born);
    user('sf-ops', 'Sitefleet Ops', `ops@${domain}`, ['administrator'], born + rng.int(1, 20) * DAY);
    // Staff who used one-click login here: each has their own administrator, made on demand.
    const staffHere =
      staff.length && staffSites < 6 && f.state === 'connected' && f.companion && rng.chance(0.4)
        ? rng.some(staff, 1, Math.min(2, staff.length))
        : [];
    if (staffHere.length) staffSites++;
    for (const first of rng.sample(WP_FIRST_NAMES, rng.int(0, 4 - staffHere.length))) {
      const last = rng.pick(WP_LAST_NAMES);
      const since = born + rng.int(10, Math.max(11, Math.floor((f.syncedAt - born) / DAY) - 5)) * DAY;
      user(first, `${capital(first)} ${last}`, `${first}@${domain}`, [rng.pick(ROLES)], since);
    }
    for (const member of staffHere) {
      user(
        `sitefleet-${member.id}`,
        member.name,
        member.email,
        ['administrator'],
        f.syncedAt - rng.int(1, 60) * DAY,
        member.id,
      );
    }
  }
  await records.insert('wp-users', rows);
}
