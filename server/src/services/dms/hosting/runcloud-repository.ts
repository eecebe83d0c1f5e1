import type { actions } from '@sitefleet/shared';
import { sql, type SqlFragment } from '../../../core/sql.js';
import type { Queryable } from '../../../db/db.js';
import type { LocalServer, LocalWebsite, WebsiteLink } from './match.js';

/**
 * SQL of the RunCloud snapshot that the engine's CRUD cannot express: server_runcloud is no declared resource
 * (what a sync read, written by the command and the services calls), and the sync's links are bulk writes of
 * server-read ids on servers and websites, done outside a request (no user: the run was authorised when it
 * started). Reads for the screens take the engine's `visible` id subquery, so the access rule still applies.
 */

type ServiceState = actions.hosting.ServiceState;
type ServerRuncloud = actions.hosting.ServerRuncloud;

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** Every server with its IP address records, for the sync's pairing. */
export async function localServers(db: Queryable): Promise<LocalServer[]> {
  const r = await db.query<LocalServer>(
    `SELECT s.id, s.name, s.main_ip, s.type, s.runcloud_server_id,
       coalesce(array_agg(i.ip_address ORDER BY i.ip_address) FILTER (WHERE i.id IS NOT NULL), '{}') AS ips
     FROM servers s LEFT JOIN ip_addresses i ON i.server_id = s.id
     GROUP BY s.id ORDER BY s.id`,
  );
  return r.rows.map((s) => ({
    ...s,
    id: Number(s.id),
    runcloud_server_id: num(s.runcloud_server_id),
  }));
}

/**
 * The websites a server's web apps may serve: those on the server in Sitefleet, those linked to it, and any
 * whose hostname (with or without www.) is one of the domains; deleted sites left out.
 */
export async function candidateWebsites(
  db: Queryable,
  serverId: number,
  runcloudServerId: number,
  hostKeys: string[],
): Promise<LocalWebsite[]> {
  const r = await db.query<LocalWebsite>(
    `SELECT id, hostname, server_id, runcloud_server_id, runcloud_webapp_id, runcloud_alias_id FROM websites
     WHERE status <> 'DELETED' AND (server_id = $1 OR runcloud_server_id = $2
       OR regexp_replace(lower(hostname), '^www\\.', '') = ANY($3::text[]))
     ORDER BY id`,
    [serverId, runcloudServerId, hostKeys],
  );
  return r.rows.map((w) => ({
    id: Number(w.id),
    hostname: w.hostname,
    server_id: num(w.server_id),
    runcloud_server_id: num(w.runcloud_server_id),
    runcloud_webapp_id: num(w.runcloud_webapp_id),
    runcloud_alias_id: num(w.runcloud_alias_id),
  }));
}

export interface Snapshot {
  runcloudServerId: number;
  name: string;
  ipAddress: string | null;
  provider: string | null;
  os: string | null;
  online: boolean;
  connected: boolean;
  agentVersion: string | null;
  phpCliVersion: string | null;
  stats: object;
  hardware: object;
  health: object;
  services: ServiceState[];
  at: number;
}

/** Links the server to its RunCloud server (and unlinks any other server that held the same id). */
export async function linkServer(tx: Queryable, serverId: number, runcloudServerId: number): Promise<void> {
  await tx.query(
    `UPDATE servers SET runcloud_server_id = NULL, updated_at = epoch_now(), version = version + 1
     WHERE runcloud_server_id = $2 AND id <> $1`,
    [serverId, runcloudServerId],
  );
  await tx.query(
    `UPDATE servers SET runcloud_server_id = $2, updated_at = epoch_now(), version = version + 1
     WHERE id = $1 AND runcloud_server_id IS DISTINCT FROM $2`,
    [serverId, runcloudServerId],
  );
}

/** What a sync read about a server, replacing the last read and clearing its error. */
export async function saveSnapshot(tx: Queryable, serverId: number, s: Snapshot): Promise<void> {
  await tx.query(
    `INSERT INTO server_runcloud (server_id, runcloud_server_id, name, ip_address, provider, os, online, connected,
       agent_version, php_cli_version, stats, hardware, health, services, services_read_at, synced_at,
       last_error, last_error_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb, $12::jsonb, $13::jsonb, $14::jsonb, $15, $15,
       NULL, NULL)
     ON CONFLICT (server_id) DO UPDATE SET runcloud_server_id = EXCLUDED.runcloud_server_id,
       name = EXCLUDED.name, ip_address = EXCLUDED.ip_address, provider = EXCLUDED.provider, os = EXCLUDED.os,
       online = EXCLUDED.online, connected = EXCLUDED.connected, agent_version = EXCLUDED.agent_version,
       php_cli_version = EXCLUDED.php_cli_version, stats = EXCLUDED.stats, hardware = EXCLUDED.hardware,
       health = EXCLUDED.health, services = EXCLUDED.services, services_read_at = EXCLUDED.services_read_at,
       synced_at = EXCLUDED.synced_at, last_error = NULL, last_error_at = NULL, updated_at = epoch_now()`,
    [
      serverId,
      s.runcloudServerId,
      s.name,
      s.ipAddress,
      s.provider,
      s.os,
      s.online,
      s.connected,
      s.agentVersion,
      s.phpCliVersion,
      JSON.stringify(s.stats),
      JSON.stringify(s.hardware),
      JSON.stringify(s.health),
      JSON.stringify(s.services),
      s.at,
    ],
  );
}

/** A failed read: the error is kept beside the last good figures. */
export async function saveFailure(
  db: Queryable,
  serverId: number,
  runcloudServerId: number,
  message: string,
  at: number,
): Promise<void> {
  await db.query(
    `INSERT INTO server_runcloud (server_id, runcloud_server_id, last_error, last_error_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (server_id) DO UPDATE SET runcloud_server_id = EXCLUDED.runcloud_server_id,
       last_error = EXCLUDED.last_error, last_error_at = EXCLUDED.last_error_at, updated_at = epoch_now()`,
    [serverId, runcloudServerId, message, at],
  );
}

/** A fresh services read (a Details tab's, or after a restart). */
export async function saveServices(
  db: Queryable,
  serverId: number,
  runcloudServerId: number,
  services: ServiceState[],
  at: number,
): Promise<void> {
  await db.query(
    `INSERT INTO server_runcloud (server_id, runcloud_server_id, services, services_read_at)
     VALUES ($1, $2, $3::jsonb, $4)
     ON CONFLICT (server_id) DO UPDATE SET runcloud_server_id = EXCLUDED.runcloud_server_id,
       services = EXCLUDED.services, services_read_at = EXCLUDED.services_read_at, updated_at = epoch_now()`,
    [serverId, runcloudServerId, JSON.stringify(services), at],
  );
}

/**
 * Sets the RunCloud ids the sync found on websites (a version bump only where one changed). An alias the sync
 * did not find is left as it is: the static publishing may have set it, and the run reports it instead.
 */
export async function linkWebsites(
  tx: Queryable,
  runcloudServerId: number,
  links: WebsiteLink[],
): Promise<number> {
  if (!links.length) return 0;
  const rows = links.map((l) => ({
    id: l.website.id,
    webapp: l.webappId,
    alias: l.aliasId,
  }));
  const r = await tx.query(
    `UPDATE websites w SET runcloud_server_id = $1, runcloud_webapp_id = x.webapp,
       runcloud_alias_id = coalesce(x.alias, w.runcloud_alias_id), updated_at = epoch_now(), version = w.version + 1
     FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, webapp integer, alias integer)
     WHERE w.id = x.id AND (w.runcloud_server_id IS DISTINCT FROM $1 OR w.runcloud_webapp_id IS DISTINCT FROM x.webapp
       OR (x.alias IS NOT NULL AND w.runcloud_alias_id IS DISTINCT FROM x.alias))`,
    [runcloudServerId, JSON.stringify(rows)],
  );
  return r.rowCount;
}

interface SnapshotRow {
  server_id: number;
  runcloud_server_id: number | null;
  name: string | null;
  ip_address: string | null;
  provider: string | null;
  os: string | null;
  online: boolean | null;
  connected: boolean | null;
  agent_version: string | null;
  php_cli_version: string | null;
  stats: ServerRuncloud['stats'];
  hardware: ServerRuncloud['hardware'];
  health: ServerRuncloud['health'];
  services: ServiceState[];
  services_read_at: number | null;
  synced_at: number | null;
  last_error: string | null;
  last_error_at: number | null;
}

/** The stored snapshot of a server, null when RunCloud was never read for it. */
export async function snapshotOf(db: Queryable, serverId: number): Promise<SnapshotRow | null> {
  const r = await db.query<SnapshotRow>('SELECT * FROM server_runcloud WHERE server_id = $1', [serverId]);
  const row = r.rows[0];
  return row
    ? {
        ...row,
        server_id: Number(row.server_id),
        runcloud_server_id: num(row.runcloud_server_id),
        services_read_at: num(row.services_read_at),
        synced_at: num(row.synced_at),
        last_error_at: num(row.last_error_at),
      }
    : null;
}

/** The server's own fields the hosting calls need (its RunCloud link). */
export async function serverLink(
  db: Queryable,
  serverId: number,
): Promise<{ name: string; runcloud_server_id: number | null } | null> {
  const r = await db.query<{ name: string; runcloud_server_id: number | null }>(
    'SELECT name, runcloud_server_id FROM servers WHERE id = $1',
    [serverId],
  );
  const row = r.rows[0];
  return row ? { name: row.name, runcloud_server_id: num(row.runcloud_server_id) } : null;
}

/** Every visible server with its stored services, by name (the Service Status tab). */
export async function serviceStatusRows(
  db: Queryable,
  visible: SqlFragment,
): Promise<actions.hosting.ServerServiceStatus[]> {
  const q =
    sql`SELECT s.id AS server_id, s.name, s.runcloud_server_id, r.online, r.services_read_at AS read_at,
      r.last_error, coalesce(r.services, '[]'::jsonb) AS services
    FROM servers s LEFT JOIN server_runcloud r ON r.server_id = s.id
    WHERE s.id IN (${visible})
    ORDER BY lower(s.name), s.id`.query();
  const r = await db.query<actions.hosting.ServerServiceStatus>(q.text, q.values);
  return r.rows.map((x) => ({
    ...x,
    server_id: Number(x.server_id),
    runcloud_server_id: num(x.runcloud_server_id),
    read_at: num(x.read_at),
  }));
}
