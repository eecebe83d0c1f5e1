import { actions, ADMIN_ROLE, IT_ROLE, READ_ONLY_ROLE, resources } from '@sitefleet/shared';
import { randomBytes } from 'node:crypto';
import type { Config } from '../../../config.js';
import type { Queryable } from '../../../db/db.js';
import { hashPassword } from '../passwords.js';

/*
 * Repository-style seed, in SQL on purpose: it runs in production too (SEED_DEMO=false), before any account
 * exists, and the roles' and users' write hooks are request policies (who may grant what to whom, which the
 * first admin cannot pass before it exists), while the password hash is no declared field.
 */

async function role(
  tx: Queryable,
  name: string,
  description: string,
  permissionSql: string | null,
): Promise<number> {
  const perms = permissionSql
    ? (await tx.query<{ id: number }>(permissionSql)).rows.map((r) => Number(r.id))
    : [];
  const r = await tx.query<{ id: number }>(
    `INSERT INTO roles (name, description, permissions) VALUES ($1, $2, $3)
     ON CONFLICT ((lower(name))) DO UPDATE SET description = EXCLUDED.description RETURNING id`,
    [name, description, perms],
  );
  return Number(r.rows[0]!.id);
}

const NOT_AUDIT = `route NOT LIKE '/${resources.auditLog.path}%'`;
// Archiving a task at any stage (not only once reviewed) is a lead's call (docs/tasks.md).
const NOT_TASK_ARCHIVE = `route <> '/${actions.tasks.archiveTask.path}'`;

const DEMO_USERS: Array<[string, string, string, 'IT' | 'VIEWER', string[], string[], boolean]> = [
  ['Marta', 'Kowalski', 'marta.kowalski', 'IT', ['All'], ['EN_UK', 'NL'], true],
  ['Jonas', 'Lindqvist', 'jonas.lindqvist', 'IT', ['Sweden', 'Germany'], ['EN_US', 'GE'], true],
  ['Priya', 'Raman', 'priya.raman', 'VIEWER', ['India', 'International'], ['EN_UK'], false],
  ['Lucas', 'van Dijk', 'lucas.vandijk', 'VIEWER', ['Netherlands'], ['NL', 'EN_UK'], true],
  ['Sofía', 'Restrepo', 'sofia.restrepo', 'IT', ['Colombia', 'Spain'], ['ES_CO', 'ES'], false],
  ['Kenji', 'Watanabe', 'kenji.watanabe', 'VIEWER', ['Japan'], ['JP', 'EN_US'], false],
  ['Emily', 'Carter', 'emily.carter', 'VIEWER', ['UK', 'USA', 'Canada'], ['EN_UK', 'EN_US'], true],
  ['Giulia', 'Romano', 'giulia.romano', 'IT', ['Italy'], ['IT', 'EN_UK'], false],
  ['Minh', 'Nguyen', 'minh.nguyen', 'VIEWER', ['Vietnam', 'Thailand'], ['EN_US'], false],
];

/** Roles ADMIN, IT and VIEWER, the admin account, and (demo) a team of operators. */
export async function seedIdentity(
  tx: Queryable,
  config: Config,
  adminEmail: string,
  adminPassword: string,
): Promise<void> {
  const adminRole = await role(
    tx,
    ADMIN_ROLE,
    'Full access to everything, including commands and heartbeats',
    null,
  );
  // Roles are granted by permission kind (docs/adr/0005-reveal-and-action-permissions.md). No seeded role
  // but ADMIN may reveal: every stored secret (site HTTP auth, remote desktop and Google account passwords,
  // env secrets, proxy passwords) opens part of the network, so none is harmless enough to hand to every IT
  // account; an admin grants a reveal to a named role when a team needs it. Commands (artisan) and the audit
  // log stay with admins.
  const itRole = await role(
    tx,
    IT_ROLE,
    'Technical staff: manage the whole portfolio and run the checkers; read users and roles; no secrets',
    `SELECT id FROM permissions WHERE kind IN ('read', 'write', 'action')
       AND (route NOT LIKE '/ums/%' OR kind = 'read') AND route NOT LIKE '%/artisan' AND ${NOT_AUDIT}
       AND ${NOT_TASK_ARCHIVE}`,
  );
  // Read-only means reads only: a GET that starts outside work (a domain refresh) is an action.
  const viewerRole = await role(
    tx,
    READ_ONLY_ROLE,
    'Read-only access to every screen',
    `SELECT id FROM permissions WHERE kind = 'read' AND route NOT LIKE '%/artisan' AND ${NOT_AUDIT}`,
  );
  await tx.query(
    `INSERT INTO users (name, last_name, email, roles, target_markets, tags, adult, password_hash)
     VALUES ('Admin', 'Sitefleet', $1, $2, '{All}', '{"languages":["EN_UK"]}', true, $3)
     ON CONFLICT ((lower(email))) DO NOTHING`,
    [adminEmail, [adminRole], await hashPassword(adminPassword)],
  );
  if (!config.seedDemo) return;
  const domain = config.allowedGoogleDomains[0] ?? 'sitefleet.local';
  // Demo operators get unguessable passwords; an admin sets real ones from the Users screen.
  const unusable = await hashPassword(randomBytes(24).toString('base64url'));
  let day = 0;
  for (const [name, last, local, r, markets, languages, adult] of DEMO_USERS) {
    day += 3;
    await tx.query(
      `INSERT INTO users (name, last_name, email, roles, target_markets, tags, adult, password_hash, last_login, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, epoch_now() - $9 * 3600, epoch_now() - $10 * 86400, epoch_now() - $9 * 3600)
       ON CONFLICT ((lower(email))) DO NOTHING`,
      [
        name,
        last,
        `${local}@${domain}`,
        [r === 'IT' ? itRole : viewerRole],
        markets,
        JSON.stringify({ languages }),
        adult,
        unusable,
        day * 5,
        60 + day * 12,
      ],
    );
  }
}
