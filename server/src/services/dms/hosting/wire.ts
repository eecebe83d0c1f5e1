import type { actions } from '@sitefleet/shared';
import type {
  RunCloudHardware,
  RunCloudHealth,
  RunCloudServerStats,
  RunCloudService,
} from '../../../integrations/runcloud/index.js';
import type { WpOpcache } from '../../../integrations/wordpress/index.js';
import type { Json, JsonObject } from '../../../jobs/types.js';

/** RunCloud's answers in the shape Sitefleet stores and serves them (snake_case, as the API answers). */

type ServiceState = actions.hosting.ServiceState;

export const serviceState = (s: RunCloudService): ServiceState => ({
  slug: s.slug,
  realName: s.realName,
  name: s.name,
  running: s.running,
  version: s.version,
  memory: s.memory,
  cpu: s.cpu,
  memory_mb: s.memoryMb,
  cpu_percent: s.cpuPercent,
});

export const statsOf = (s: RunCloudServerStats) => ({
  web_applications: s.webApplications,
  databases: s.databases,
  cron_jobs: s.cronJobs,
  supervisors: s.supervisors,
  country: s.country,
});

export const hardwareOf = (h: RunCloudHardware) => ({
  kernel_version: h.kernelVersion,
  processor_name: h.processorName,
  cpu_cores: h.cpuCores,
  memory_total_gb: h.totalMemoryGb,
  memory_free_gb: h.freeMemoryGb,
  disk_total_gb: h.diskTotalGb,
  disk_free_gb: h.diskFreeGb,
  load_average: h.loadAverage,
  uptime: h.uptime,
});

export const healthOf = (h: RunCloudHealth) => ({
  memory_total_mb: h.totalMemoryMb,
  memory_available_mb: h.availableMemoryMb,
  memory_used_mb: h.usedMemoryMb,
  disk_total_mb: h.totalDiskMb,
  disk_available_mb: h.availableDiskMb,
  disk_used_mb: h.usedDiskMb,
  load_average: h.loadAverage,
  updated: h.updated,
});

/** The stored columns of one OpCache read (server_opcache). */
export const opcacheColumns = (o: WpOpcache) => ({
  php_version: o.php,
  available: o.available,
  enabled: o.enabled,
  reason: o.reason,
  memory_used: o.memoryUsed,
  memory_free: o.memoryFree,
  memory_wasted: o.memoryWasted,
  wasted_percentage: o.wastedPercentage,
  hit_rate: o.hitRate,
  hits: o.hits,
  misses: o.misses,
  cached_scripts: o.cachedScripts,
  max_cached_keys: o.maxCachedKeys,
  oom_restarts: o.oomRestarts,
  hash_restarts: o.hashRestarts,
  manual_restarts: o.manualRestarts,
  memory_consumption: o.memoryConsumption,
  max_accelerated_files: o.maxAcceleratedFiles,
  validate_timestamps: o.validateTimestamps,
  revalidate_freq: o.revalidateFreq,
  start_time: o.startTime,
  last_restart_time: o.lastRestartTime,
});

/** A value for a run's output (JSON only: no undefined). */
export const asJson = (value: unknown): Json => JSON.parse(JSON.stringify(value ?? null)) as Json;
export const asJsonObject = (value: object): JsonObject => asJson(value) as JsonObject;
