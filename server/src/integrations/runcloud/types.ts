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

/** `GET /servers/{id}/users`: a Linux user web apps run as (`runcloud` exists on every server). */
export interface RunCloudSystemUser {
  id: number;
  username: string;
  /** False for `runcloud` and `root`. */
  deletable: boolean;
  createdAt: string | null;
}

/** The script a web app's installer put in place (`wordpress`, `phpmyadmin`, ...). */
export interface RunCloudInstaller {
  id: number;
  /** The installer's key as it was asked for: `wordpress`. */
  name: string;
  /** Its display name: `WordPress`. */
  realName: string | null;
  createdAt: string | null;
}

/** nginx in front of Apache, nginx alone, or nginx with the user's own config. */
export const WEBAPP_STACKS = ['hybrid', 'nativenginx', 'customnginx'] as const;
export type RunCloudStack = (typeof WEBAPP_STACKS)[number];
export const STACK_MODES = ['production', 'development'] as const;
export type RunCloudStackMode = (typeof STACK_MODES)[number];

/** What a new web app needs; everything else RunCloud asks for is sent with its panel's defaults. */
export interface RunCloudWebappInput {
  /** RunCloud's name for it (letters, digits, `-`, `_`): also its folder, `/home/<user>/webapps/<name>`. */
  name: string;
  /** The primary domain it serves, e.g. `example.com` (an IDN is sent in its Punycode form). */
  domainName: string;
  /** The system user that owns it; default: the server's `runcloud` user, looked up. */
  userId?: number;
  /** RunCloud's PHP names: `php82rc`; default the one the server's command line runs (its phpCLIVersion). */
  phpVersion?: string;
  /** Default hybrid. */
  stack?: RunCloudStack;
  /** Default production. */
  stackMode?: RunCloudStackMode;
  /** A folder under the web app's root to serve (`public`); default the root. */
  publicPath?: string | null;
}

/** A WordPress web app: the web app, its database and user, and WordPress configured, in one call. */
export interface RunCloudWordPressInput extends RunCloudWebappInput {
  siteTitle: string;
  adminUsername: string;
  adminPassword: string;
  adminEmail: string;
  dbName: string;
  dbUser: string;
  dbPassword: string;
  /** Default `wp_`. */
  dbPrefix?: string;
}
