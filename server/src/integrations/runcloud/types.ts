/** Shapes of RunCloud's API v3 answers (INTEGRATIONS §1), as the client hands them on. IDs are integers. */

export interface RunCloudServer {
  id: number;
  name: string;
  provider: string | null;
  ipAddress: string | null;
  countryIsoCode: string | null;
  os: string | null;
  osVersion: string | null;
  connected: boolean;
  online: boolean;
  agentVersion: string | null;
  phpCliVersion: string | null;
  softwareUpdate: boolean;
  securityUpdate: boolean;
  /** `"YYYY-MM-DD HH:MM:SS"` as RunCloud wrote it (no zone). */
  createdAt: string | null;
}

/** `GET /servers/{id}/stats`: counts of the server's things, and its country's name. */
export interface RunCloudServerStats {
  webApplications: number;
  databases: number;
  cronJobs: number;
  supervisors: number;
  country: string | null;
}

/** `GET /servers/{id}/hardwareinfo`: memory and disk in GB. */
export interface RunCloudHardware {
  kernelVersion: string | null;
  processorName: string | null;
  cpuCores: number | null;
  totalMemoryGb: number | null;
  freeMemoryGb: number | null;
  diskTotalGb: number | null;
  diskFreeGb: number | null;
  loadAverage: number | null;
  /** As RunCloud words it: `"165h 8m 0s"`. */
  uptime: string | null;
}

/** `GET /servers/{id}/health/latest`: memory and disk in MB. */
export interface RunCloudHealth {
  totalMemoryMb: number | null;
  availableMemoryMb: number | null;
  usedMemoryMb: number | null;
  totalDiskMb: number | null;
  availableDiskMb: number | null;
  usedDiskMb: number | null;
  loadAverage: number | null;
  /** Humanised (`"6 seconds ago"`): RunCloud gives no timestamp. */
  updated: string | null;
}

export interface RunCloudWebapp {
  id: number;
  name: string;
  serverUserId: number | null;
  rootPath: string | null;
  publicPath: string | null;
  phpVersion: string | null;
  stack: string | null;
  stackMode: string | null;
  type: string | null;
  defaultApp: boolean;
  createdAt: string | null;
}

export const DOMAIN_TYPES = ['primary', 'alias', 'redirect'] as const;
export type RunCloudDomainType = (typeof DOMAIN_TYPES)[number];

export interface RunCloudDomain {
  id: number;
  name: string;
  type: RunCloudDomainType;
  www: boolean;
  redirection: string | null;
  wildcard: boolean;
  createdAt: string | null;
}

/**
 * One service of `GET /servers/{id}/services` (an object keyed by slug). A stopped service reports the string
 * "Service stopped" in memory and cpu: its figures are null then.
 */
export interface RunCloudService {
  /** The key RunCloud lists it under: `nginx`, `mariadb`, `php82rc-fpm`. */
  slug: string;
  /** What a start/stop/restart/reload names: `nginx-rc`, `mysql`, `redis-server`. */
  realName: string;
  name: string;
  running: boolean;
  version: string | null;
  /** RunCloud's own words: `"54 MB"`, `"Service stopped"`. */
  memory: string | null;
  cpu: string | null;
  memoryMb: number | null;
  cpuPercent: number | null;
}

export const SERVICE_ACTIONS = ['start', 'stop', 'restart', 'reload'] as const;
export type RunCloudServiceAction = (typeof SERVICE_ACTIONS)[number];

/** `GET /servers/{id}/webapps/{wid}/git`. */
export interface RunCloudGit {
  id: number;
  provider: string | null;
  branch: string | null;
  repository: string | null;
  autoDeploy: boolean;
  atomic: boolean;
}
