import type { Queryable } from '../../../db/db.js';
import { cpuPercent, memoryMb } from '../../../integrations/runcloud/index.js';
import type { SeedContext } from '../../../seed/context.js';
import { DAY, now, Rng } from '../../../seed/random.js';
import { SERVERS } from './inventory-data.js';
import { demoMachine, demoServices } from './runcloud-data.js';

/**
 * The hosting panel's demo: what runcloud:sync stored for each RunCloud server (services, some stopped,
 * counts, hardware, health; one server whose last read failed) and what opcache:collect read on the connected
 * sites (one cache per server and PHP version; sites without the companion or whose last sync failed carry
 * the error; one server with OpCache off). The servers without websites (analytics, remote desktop) have no
 * connected site, so the OpCache tab says so. server_runcloud and server_opcache are no declared resources
 * (snapshots a command writes), so they are written in SQL.
 */
/** RunCloud's stats name the country in words. */
const COUNTRIES: Record<string, string> = {
  DE: 'Germany',
  FI: 'Finland',
  FR: 'France',
  NL: 'Netherlands',
  US: 'United States',
  SG: 'Singapore',
};

export async function seedRunCloud(tx: Queryable, _ctx: SeedContext): Promise<void> {
  const rng = new Rng(1919);
  const t = now();
  const servers = (
    await tx.query<{ id: number; name: string; runcloud_server_id: number | null; apps: number }>(
      `SELECT s.id, s.name, s.runcloud_server_id,
         (SELECT count(*) FROM websites w WHERE w.server_id = s.id AND w.runcloud_webapp_id IS NOT NULL) AS apps
       FROM servers s ORDER BY s.id`,
    )
  ).rows;
  for (const [index, demo] of SERVERS.entries()) {
    const server = servers.find((s) => s.name === demo.name);
    if (!server || demo.rc === null) continue;
    const { hardware: h, health: x } = demoMachine(index);
    const services = demoServices(index).map((s) => ({
      ...s,
      memory_mb: s.running ? memoryMb(s.memory) : null,
      cpu_percent: s.running ? cpuPercent(s.cpu) : null,
    }));
    const apps = Number(server.apps);
    // One server's last read failed: its figures are the read before, an hour and a half older.
    const failed = index === 2;
    const syncedAt = t - (failed ? 5400 + rng.int(0, 600) : rng.int(300, 3000));
    await tx.query(
      `INSERT INTO server_runcloud (server_id, runcloud_server_id, name, ip_address, provider, os, online, connected,
         agent_version, php_cli_version, stats, hardware, health, services, services_read_at, synced_at,
         last_error, last_error_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, true, true, '2.8.7-1', 'php82rc', $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb,
         $11, $11, $12, $13, $14, $15)`,
      [
        server.id,
        demo.rc,
        demo.name,
        demo.ip,
        demo.provider,
        demo.os,
        JSON.stringify({
          web_applications: apps,
          databases: apps,
          cron_jobs: rng.int(1, 6),
          supervisors: index === 0 ? 2 : rng.int(0, 1),
          country: COUNTRIES[demo.location.split(', ')[1] ?? ''] ?? null,
        }),
        JSON.stringify({
          kernel_version: h.kernelVersion,
          processor_name: h.processorName,
          cpu_cores: h.totalCPUCore,
          memory_total_gb: h.totalMemory,
          memory_free_gb: h.freeMemory,
          disk_total_gb: h.diskTotal,
          disk_free_gb: h.diskFree,
          load_average: h.loadAvg,
          uptime: h.uptime,
        }),
        JSON.stringify({
          memory_total_mb: x.totalMemory,
          memory_available_mb: x.availableMemory,
          memory_used_mb: x.usedMemory,
          disk_total_mb: x.totalDiskSpace,
          disk_available_mb: x.availableDiskSpace,
          disk_used_mb: x.usedDiskSpace,
          load_average: x.loadAverage,
          updated: x.updated_at,
        }),
        JSON.stringify(services),
        syncedAt,
        failed
          ? `RunCloud failed on servers/${demo.rc}/hardwareinfo (HTTP 500): Unable to connect to the RunCloud agent on this server.`
          : null,
        failed ? t - rng.int(200, 1500) : null,
        t - rng.int(60, 200) * DAY,
        syncedAt,
      ],
    );
  }
  await seedOpcache(tx, rng, t);
}

interface ConnectedSite {
  server_id: number;
  server_name: string;
  website_id: number;
  hostname: string;
  companion: boolean;
  state: string;
  last_error: string | null;
  php_version: string | null;
}

/** A PHP pool's figures: sites on one server and PHP version share them (one FPM master, one cache). */
function poolFigures(rng: Rng, read: number) {
  const memory = rng.pick([128, 128, 256]) * 1024 * 1024;
  const used = Math.round(memory * (0.35 + rng.next() * 0.5));
  const wasted = Math.round(memory * rng.next() * 0.06);
  const hits = rng.int(800_000, 40_000_000);
  // Most pools hit nearly always; a few are too small for their sites or were cleared lately.
  const missShare = rng.chance(0.25) ? 0.06 + rng.next() * 0.2 : 0.0005 + rng.next() * 0.02;
  const misses = Math.round(hits * missShare);
  const restarted = rng.chance(0.3);
  return {
    available: true,
    enabled: true,
    reason: null,
    memory_used: used,
    memory_free: memory - used - wasted,
    memory_wasted: wasted,
    wasted_percentage: Math.round((wasted / memory) * 1e6) / 1e4,
    hit_rate: Math.round((hits / (hits + misses)) * 1e6) / 1e4,
    hits,
    misses,
    cached_scripts: rng.int(900, 6500),
    max_cached_keys: 16_229,
    oom_restarts: restarted && rng.chance(0.5) ? rng.int(1, 4) : 0,
    hash_restarts: 0,
    manual_restarts: restarted ? rng.int(1, 3) : 0,
    memory_consumption: memory,
    max_accelerated_files: 10_000,
    validate_timestamps: true,
    revalidate_freq: 2,
    start_time: read - rng.int(2, 40) * DAY,
    last_restart_time: restarted ? read - rng.int(1, 20) * DAY : 0,
  };
}

const OFF = {
  available: true,
  enabled: false,
  reason: 'OpCache is not enabled for fpm-fcgi',
} as const;

async function seedOpcache(tx: Queryable, rng: Rng, t: number): Promise<void> {
  const sites = (
    await tx.query<ConnectedSite>(
      `SELECT w.server_id, s.name AS server_name, w.id AS website_id, w.hostname, c.companion, c.state,
         c.last_error, c.php_version
       FROM wp_sites c JOIN websites w ON w.id = c.website_id JOIN servers s ON s.id = w.server_id
       WHERE w.status <> 'DELETED' ORDER BY w.id`,
    )
  ).rows;
  const pools = new Map<string, ReturnType<typeof poolFigures>>();
  const rows = sites.map((site) => {
    const read = t - rng.int(300, 3300);
    const base = { server_id: Number(site.server_id), website_id: Number(site.website_id) };
    if (!site.companion)
      return {
        ...base,
        error: `${site.hostname}: the Sitefleet companion is not installed: the OpCache figures needs it`,
        error_at: read,
      };
    const php = site.php_version;
    const pool = `${site.server_id}:${php?.split('.').slice(0, 2).join('.')}`;
    if (!pools.has(pool)) pools.set(pool, poolFigures(rng, read));
    // linode-sg-web06 runs its pools with OpCache off: the tab says so instead of figures.
    const figures = site.server_name === SERVERS[5].name ? OFF : pools.get(pool)!;
    if (site.state === 'error')
      return {
        ...base,
        php_version: php,
        ...figures,
        read_at: read - rng.int(2, 6) * DAY,
        error: site.last_error,
        error_at: read,
      };
    return { ...base, php_version: php, ...figures, read_at: read };
  });
  await tx.query(
    `INSERT INTO server_opcache (server_id, website_id, php_version, available, enabled, reason, memory_used,
       memory_free, memory_wasted, wasted_percentage, hit_rate, hits, misses, cached_scripts, max_cached_keys,
       oom_restarts, hash_restarts, manual_restarts, memory_consumption, max_accelerated_files,
       validate_timestamps, revalidate_freq, start_time, last_restart_time, read_at, error, error_at)
     SELECT server_id, website_id, php_version, available, enabled, reason, memory_used, memory_free, memory_wasted,
       wasted_percentage, hit_rate, hits, misses, cached_scripts, max_cached_keys, oom_restarts, hash_restarts,
       manual_restarts, memory_consumption, max_accelerated_files, validate_timestamps, revalidate_freq, start_time,
       last_restart_time, read_at, error, error_at
     FROM jsonb_to_recordset($1::jsonb) AS x(server_id bigint, website_id bigint, php_version text,
       available boolean, enabled boolean, reason text, memory_used bigint, memory_free bigint, memory_wasted bigint,
       wasted_percentage double precision, hit_rate double precision, hits bigint, misses bigint,
       cached_scripts integer, max_cached_keys integer, oom_restarts integer, hash_restarts integer,
       manual_restarts integer, memory_consumption bigint, max_accelerated_files integer,
       validate_timestamps boolean, revalidate_freq integer, start_time bigint, last_restart_time bigint,
       read_at bigint, error text, error_at bigint)`,
    [JSON.stringify(rows)],
  );
}
