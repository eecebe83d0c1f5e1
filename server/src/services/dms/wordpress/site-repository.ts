import type { Queryable } from '../../../db/db.js';
import type { WriteSet } from '../../../db/write-set.js';

/**
 * SQL of the WordPress connections that the engine's CRUD cannot express: the connect action's upsert (the
 * record is written with server-read fields the API refuses), the sync's status writes, and the reads the
 * commands make outside a request (no user, no access rule: the command's run was authorised when it
 * started).
 */

export interface ConnectionRow {
  id: number;
  website_id: number;
  url: string;
  username: string;
  /** Sealed. */
  application_password: string | null;
  api_root: string | null;
  companion: boolean;
  sso_key_id: string | null;
  hostname: string;
  type: string;
  uptime_robot_keyword: string | null;
}

const CONNECTION_SELECT = `SELECT s.id, s.website_id, s.url, s.username, s.application_password, s.api_root,
  s.companion, s.sso_key_id, w.hostname, w.type, w.uptime_robot_keyword
  FROM wp_sites s JOIN websites w ON w.id = s.website_id`;

const asConnection = (r: ConnectionRow): ConnectionRow => ({
  ...r,
  id: Number(r.id),
  website_id: Number(r.website_id),
});

/** The connections of these websites, in their order (null for a website without one). */
export async function connectionsOf(
  db: Queryable,
  websiteIds: number[],
): Promise<Array<ConnectionRow | null>> {
  const r = await db.query<ConnectionRow>(
    `${CONNECTION_SELECT} WHERE s.website_id = ANY($1::bigint[])`,
    [websiteIds],
    { prepare: true },
  );
  const byWebsite = new Map(r.rows.map((row) => [Number(row.website_id), asConnection(row)]));
  return websiteIds.map((id) => byWebsite.get(id) ?? null);
}

/** Whether a value is a connection as connectionsOf answers it (a unit's prepared value). */
export function isConnection(value: unknown): value is ConnectionRow {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return typeof v.website_id === 'number' && typeof v.url === 'string' && typeof v.hostname === 'string';
}

export async function connectionOf(db: Queryable, websiteId: number): Promise<ConnectionRow | null> {
  const [conn] = await connectionsOf(db, [websiteId]);
  return conn ?? null;
}

/** The connected websites among ids (all connected websites when ids is null), in id order. */
export async function connectedWebsites(
  db: Queryable,
  ids: number[] | null,
): Promise<{ website_id: number; hostname: string }[]> {
  // Sites whose last contact failed come first: a dead one then waits out its timeout while the others
  // run, rather than at the end of the run.
  const r = await db.query<{ website_id: number; hostname: string }>(
    `SELECT s.website_id, w.hostname FROM wp_sites s JOIN websites w ON w.id = s.website_id
     WHERE ($1::bigint[] IS NULL OR s.website_id = ANY($1::bigint[]))
     ORDER BY s.state = 'error' DESC, s.website_id`,
    [ids],
  );
  return r.rows.map((row) => ({ website_id: Number(row.website_id), hostname: row.hostname }));
}

export interface ConnectionValues {
  websiteId: number;
  url: string;
  username: string;
  sealedPassword: string;
  apiRoot: string;
  companion: boolean;
  companionVersion: string | null;
  ssoKeyId: string | null;
}

/** Creates or replaces a website's connection; a new connection waits for its first sync. Answers its id. */
export async function saveConnection(tx: Queryable, v: ConnectionValues): Promise<number> {
  const r = await tx.query<{ id: number }>(
    `INSERT INTO wp_sites (website_id, url, username, application_password, api_root, companion,
       companion_version, sso_key_id, state, last_error)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', NULL)
     ON CONFLICT (website_id) DO UPDATE SET url = EXCLUDED.url, username = EXCLUDED.username,
       application_password = EXCLUDED.application_password, api_root = EXCLUDED.api_root,
       companion = EXCLUDED.companion, companion_version = EXCLUDED.companion_version,
       sso_key_id = EXCLUDED.sso_key_id, state = 'pending', last_error = NULL,
       updated_at = epoch_now(), version = wp_sites.version + 1
     RETURNING id`,
    [
      v.websiteId,
      v.url,
      v.username,
      v.sealedPassword,
      v.apiRoot,
      v.companion,
      v.companionVersion,
      v.ssoKeyId,
    ],
  );
  return Number(r.rows[0]!.id);
}

/** What a status read found (null fields: the site did not say, e.g. without the companion). */
export interface SiteStatus {
  apiRoot: string;
  companion: boolean;
  companionVersion: string | null;
  coreVersion: string | null;
  coreUpdate: string | null;
  coreManagedBy: string | null;
  phpVersion: string | null;
  databaseVersion: string | null;
  theme: string | null;
  generator: string | null;
  pluginUpdates: number | null;
  themeUpdates: number | null;
}

export function saveStatus(w: WriteSet, websiteId: number, s: SiteStatus, at: number): void {
  const p = (v: unknown) => w.param(v);
  w.add(
    `UPDATE wp_sites SET api_root = ${p(s.apiRoot)}, companion = ${p(s.companion)},
       companion_version = ${p(s.companionVersion)}, core_version = ${p(s.coreVersion)},
       core_update = ${p(s.coreUpdate)}, core_managed_by = ${p(s.coreManagedBy)}, php_version = ${p(s.phpVersion)},
       database_version = ${p(s.databaseVersion)}, theme = ${p(s.theme)}, generator = ${p(s.generator)},
       plugin_updates = ${p(s.pluginUpdates)}, theme_updates = ${p(s.themeUpdates)}, state = 'connected',
       last_error = NULL, last_sync_at = ${p(at)}, updated_at = epoch_now(), version = version + 1
     WHERE website_id = ${p(websiteId)}`,
  );
}

/** Records why the last call to the site failed (its connection state becomes 'error'). */
export async function saveFailure(tx: Queryable, websiteId: number, message: string): Promise<void> {
  await tx.query(
    `UPDATE wp_sites SET state = 'error', last_error = $2, updated_at = epoch_now(), version = version + 1
     WHERE website_id = $1`,
    [websiteId, message.slice(0, 2000)],
  );
}

export async function saveGenerator(tx: Queryable, websiteId: number, generator: string): Promise<void> {
  await tx.query(
    `UPDATE wp_sites SET generator = $2, updated_at = epoch_now(), version = version + 1 WHERE website_id = $1`,
    [websiteId, generator],
  );
}

export async function saveSsoKey(tx: Queryable, websiteId: number, keyId: string): Promise<void> {
  await tx.query(`UPDATE wp_sites SET sso_key_id = $2 WHERE website_id = $1`, [websiteId, keyId]);
}
