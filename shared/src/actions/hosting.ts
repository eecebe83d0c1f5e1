/**
 * The hosting panel's calls (issue 19, SPEC §2.5 servers, §7.4): RunCloud's view of a server (details,
 * services and their restart), and OpCache as the WordPress companion reads it on the server's sites.
 */
import { Type, type Static } from 'typebox';
import { Data, defineAction, IdParams, Nullable } from './define.js';

const Int = Nullable(Type.Integer());
const Num = Nullable(Type.Number());
const Text = Nullable(Type.String());

/** One service of a server as RunCloud reports it; a stopped one has no figures (RunCloud: "Service stopped"). */
export const ServiceState = Type.Object({
  /** RunCloud's key for it: `nginx`, `mariadb`, `php82rc`. */
  slug: Type.String(),
  /** What a restart names: `nginx-rc`, `mysql`, `php82rc-fpm`. */
  realName: Type.String(),
  name: Type.String(),
  running: Type.Boolean(),
  version: Text,
  /** RunCloud's words: `"54 MB"`, `"0.0076%"`, `"Service stopped"`. */
  memory: Text,
  cpu: Text,
  memory_mb: Num,
  cpu_percent: Num,
});
export type ServiceState = Static<typeof ServiceState>;

/** A server's services: read from RunCloud now, or the last stored read when RunCloud cannot be asked. */
export const ServerServices = Type.Object({
  server_id: Type.Integer(),
  runcloud_server_id: Int,
  /** runcloud: read now; snapshot: the stored read (message says why); none: nothing is known. */
  source: Type.Enum(['runcloud', 'snapshot', 'none']),
  /** When the services were read. */
  read_at: Int,
  message: Text,
  services: Type.Array(ServiceState),
});
export type ServerServices = Static<typeof ServerServices>;

/** GET /servers/{id}/services (SPEC §7.4). */
export const serverServices = defineAction({
  method: 'GET',
  path: 'dms/api/v1/servers/:id/services',
  service: 'dms',
  summary:
    "The server's services (nginx, PHP-FPM, MariaDB, Redis, supervisord…) as RunCloud reports them now, else the last stored read",
  access: 'permission',
  params: IdParams,
  response: Data(ServerServices),
});

/** POST /servers/{id}/services with {realName, action: "restart"} (SPEC §7.4). */
export const restartServerService = defineAction({
  method: 'POST',
  path: 'dms/api/v1/servers/:id/services',
  service: 'dms',
  summary: "Restart one of the server's services through RunCloud (realName as the services list names it)",
  access: 'permission',
  kind: 'action',
  params: IdParams,
  body: Type.Object(
    {
      realName: Type.String({ minLength: 1, maxLength: 100 }),
      action: Type.Enum(['restart']),
    },
    { additionalProperties: false },
  ),
  response: Data(
    Type.Object({
      realName: Type.String(),
      action: Type.String(),
      /** RunCloud's answer, or what Sitefleet says it did. */
      message: Type.String(),
      /** The service as RunCloud reports it after the restart (null when the list could not be read again). */
      service: Nullable(ServiceState),
      services: ServerServices,
    }),
  ),
});

export const ServerStats = Type.Object({
  web_applications: Type.Integer(),
  databases: Type.Integer(),
  cron_jobs: Type.Integer(),
  supervisors: Type.Integer(),
  country: Text,
});

/** RunCloud's hardware info: memory and disk in GB. */
export const ServerHardware = Type.Object({
  kernel_version: Text,
  processor_name: Text,
  cpu_cores: Num,
  memory_total_gb: Num,
  memory_free_gb: Num,
  disk_total_gb: Num,
  disk_free_gb: Num,
  load_average: Num,
  uptime: Text,
});

/** RunCloud's latest health sample: memory and disk in MB; `updated` is RunCloud's humanised age. */
export const ServerHealth = Type.Object({
  memory_total_mb: Num,
  memory_available_mb: Num,
  memory_used_mb: Num,
  disk_total_mb: Num,
  disk_available_mb: Num,
  disk_used_mb: Num,
  load_average: Num,
  updated: Text,
});

/** What the last runcloud:sync stored about a server. */
export const ServerRuncloud = Type.Object({
  server_id: Type.Integer(),
  /** RUNCLOUD_API_TOKEN is set. */
  configured: Type.Boolean(),
  runcloud_server_id: Int,
  name: Text,
  ip_address: Text,
  provider: Text,
  os: Text,
  online: Nullable(Type.Boolean()),
  connected: Nullable(Type.Boolean()),
  agent_version: Text,
  php_cli_version: Text,
  stats: Nullable(ServerStats),
  hardware: Nullable(ServerHardware),
  health: Nullable(ServerHealth),
  synced_at: Int,
  last_error: Text,
  last_error_at: Int,
});
export type ServerRuncloud = Static<typeof ServerRuncloud>;

/** GET /servers/{id}/runcloud: the Details tab's RunCloud facts. */
export const serverRuncloud = defineAction({
  method: 'GET',
  path: 'dms/api/v1/servers/:id/runcloud',
  service: 'dms',
  summary: 'What the last RunCloud sync stored about the server: status, counts, hardware and health',
  access: 'permission',
  params: IdParams,
  response: Data(ServerRuncloud),
});

/** One server's services for the list's Service Status tab. */
export const ServerServiceStatus = Type.Object({
  server_id: Type.Integer(),
  name: Type.String(),
  runcloud_server_id: Int,
  online: Nullable(Type.Boolean()),
  read_at: Int,
  last_error: Text,
  services: Type.Array(ServiceState),
});
export type ServerServiceStatus = Static<typeof ServerServiceStatus>;

/** GET /servers/service-status: every server's stored services (the list's Service Status tab). */
export const serviceStatus = defineAction({
  method: 'GET',
  path: 'dms/api/v1/servers/service-status',
  service: 'dms',
  summary:
    "Every server's services as the last RunCloud sync read them: running or stopped, CPU, memory, version",
  access: 'permission',
  response: Data(Type.Array(ServerServiceStatus)),
});

/** OpCache figures of one PHP pool (bytes, percent, epoch seconds), as the companion read them. */
const OpcacheFigures = {
  php_version: Text,
  available: Nullable(Type.Boolean()),
  enabled: Nullable(Type.Boolean()),
  reason: Text,
  memory_used: Int,
  memory_free: Int,
  memory_wasted: Int,
  wasted_percentage: Num,
  hit_rate: Num,
  hits: Int,
  misses: Int,
  cached_scripts: Int,
  max_cached_keys: Int,
  oom_restarts: Int,
  hash_restarts: Int,
  manual_restarts: Int,
  memory_consumption: Int,
  max_accelerated_files: Int,
  validate_timestamps: Nullable(Type.Boolean()),
  revalidate_freq: Int,
  start_time: Int,
  last_restart_time: Int,
};

/** One site's latest read (its figures are its PHP pool's). */
export const SiteOpcache = Type.Object({
  website_id: Type.Integer(),
  hostname: Type.String(),
  ...OpcacheFigures,
  read_at: Int,
  /** Why the last read failed (the figures are the read before). */
  error: Text,
  error_at: Int,
});
export type SiteOpcache = Static<typeof SiteOpcache>;

/**
 * A server's OpCache: one cache per PHP-FPM version, so the figures add up the latest read of each version's
 * pool. `message` says why there are none (no connected site, no read yet, OpCache off).
 */
export const ServerOpcache = Type.Object({
  server_id: Type.Integer(),
  name: Type.String(),
  /** Websites on the server with a WordPress connection. */
  connected_sites: Type.Integer(),
  /** Of those, the ones with a stored read. */
  sites_read: Type.Integer(),
  /** PHP versions whose pool was read, ascending. */
  php_versions: Type.Array(Type.String()),
  memory_used: Int,
  memory_free: Int,
  memory_wasted: Int,
  hit_rate: Num,
  hits: Int,
  misses: Int,
  cached_scripts: Int,
  oom_restarts: Int,
  hash_restarts: Int,
  manual_restarts: Int,
  read_at: Int,
  message: Text,
});
export type ServerOpcache = Static<typeof ServerOpcache>;

/** GET /servers/opcache: every server's OpCache (the list's OpCache tab). */
export const opcacheOverview = defineAction({
  method: 'GET',
  path: 'dms/api/v1/servers/opcache',
  service: 'dms',
  summary: "Every server's OpCache as the WordPress companion read it on the server's sites",
  access: 'permission',
  response: Data(Type.Array(ServerOpcache)),
});

/** GET /servers/{id}/opcache: the server's OpCache and each connected site's latest read. */
export const serverOpcache = defineAction({
  method: 'GET',
  path: 'dms/api/v1/servers/:id/opcache',
  service: 'dms',
  summary: "The server's OpCache and each of its connected sites' latest read",
  access: 'permission',
  params: IdParams,
  response: Data(Type.Object({ summary: ServerOpcache, sites: Type.Array(SiteOpcache) })),
});
