import type { RunCloudError } from './errors.js';
import {
  DOMAIN_TYPES,
  type RunCloudDomain,
  type RunCloudGit,
  type RunCloudHardware,
  type RunCloudHealth,
  type RunCloudInstaller,
  type RunCloudServer,
  type RunCloudServerStats,
  type RunCloudService,
  type RunCloudSystemUser,
  type RunCloudWebapp,
} from './types.js';

/** Makes the bad_response error: `what` completes "RunCloud answered <path> with …". */
export type Complaint = (what: string) => RunCloudError;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
export const isId = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0;

/** RunCloud's stopped-service placeholder in `memory` and `cpu`. */
export const SERVICE_STOPPED = 'Service stopped';

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A figure sent as a number or a numeric string (PHP answers both); anything else is null. */
function figure(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** PHP's booleans: true/false, 1/0, "1"/"0". */
function flag(value: unknown): boolean {
  return value === true || value === 1 || value === '1' || value === 'true';
}

function count(value: unknown): number {
  const n = figure(value);
  return n !== null && n >= 0 ? Math.round(n) : 0;
}

export function parseServer(item: unknown, bad: Complaint): RunCloudServer {
  if (!isRecord(item) || !isId(item.id)) throw bad('a server without an id');
  const name = text(item.name);
  if (name === null) throw bad(`server ${item.id} without a name`);
  return {
    id: item.id,
    name,
    provider: text(item.provider),
    ipAddress: text(item.ipAddress),
    countryIsoCode: text(item.country_iso_code),
    os: text(item.os),
    osVersion: text(item.osVersion),
    connected: flag(item.connected),
    online: flag(item.online),
    agentVersion: text(item.agentVersion),
    phpCliVersion: text(item.phpCLIVersion),
    softwareUpdate: flag(item.softwareUpdate),
    securityUpdate: flag(item.securityUpdate),
    createdAt: text(item.created_at),
  };
}

export function parseStats(body: unknown, bad: Complaint): RunCloudServerStats {
  if (!isRecord(body) || !isRecord(body.stats)) throw bad('no stats object');
  const s = body.stats;
  return {
    webApplications: count(s.webApplication),
    databases: count(s.database),
    cronJobs: count(s.cronJob),
    supervisors: count(s.supervisor),
    country: text(body.country),
  };
}

export function parseHardware(body: unknown, bad: Complaint): RunCloudHardware {
  if (!isRecord(body)) throw bad('something other than an object');
  return {
    kernelVersion: text(body.kernelVersion),
    processorName: text(body.processorName),
    cpuCores: figure(body.totalCPUCore),
    totalMemoryGb: figure(body.totalMemory),
    freeMemoryGb: figure(body.freeMemory),
    diskTotalGb: figure(body.diskTotal),
    diskFreeGb: figure(body.diskFree),
    loadAverage: figure(body.loadAvg),
    uptime: text(body.uptime),
  };
}

export function parseHealth(body: unknown, bad: Complaint): RunCloudHealth {
  if (!isRecord(body)) throw bad('something other than an object');
  return {
    totalMemoryMb: figure(body.totalMemory),
    availableMemoryMb: figure(body.availableMemory),
    usedMemoryMb: figure(body.usedMemory),
    totalDiskMb: figure(body.totalDiskSpace),
    availableDiskMb: figure(body.availableDiskSpace),
    usedDiskMb: figure(body.usedDiskSpace),
    loadAverage: figure(body.loadAverage),
    updated: text(body.updated_at),
  };
}

export function parseWebapp(item: unknown, bad: Complaint): RunCloudWebapp {
  if (!isRecord(item) || !isId(item.id)) throw bad('a web app without an id');
  const name = text(item.name);
  if (name === null) throw bad(`web app ${item.id} without a name`);
  return {
    id: item.id,
    name,
    serverUserId: isId(item.server_user_id) ? item.server_user_id : null,
    rootPath: text(item.rootPath),
    publicPath: text(item.publicPath),
    phpVersion: text(item.phpVersion),
    stack: text(item.stack),
    stackMode: text(item.stackMode),
    type: text(item.type),
    defaultApp: flag(item.defaultApp),
    createdAt: text(item.created_at),
  };
}

export function parseDomain(item: unknown, bad: Complaint): RunCloudDomain {
  if (!isRecord(item) || !isId(item.id)) throw bad('a domain without an id');
  const name = text(item.name);
  if (name === null) throw bad(`domain ${item.id} without a name`);
  const type = DOMAIN_TYPES.find((t) => t === item.type);
  if (!type) throw bad(`domain ${item.id} of unknown type "${String(item.type).slice(0, 40)}"`);
  return {
    id: item.id,
    name: name.toLowerCase(),
    type,
    www: flag(item.www),
    redirection: text(item.redirection),
    wildcard: flag(item.wildcard),
    createdAt: text(item.created_at),
  };
}

const UNITS_MB: Record<string, number> = {
  B: 1 / 1024 / 1024,
  KB: 1 / 1024,
  MB: 1,
  GB: 1024,
  TB: 1024 * 1024,
};

/** `"54 MB"`, `"1.6 MB"`, `"512 KB"`, `"1.2 GB"` in MB; "Service stopped" or anything else is null. */
export function memoryMb(value: string | null): number | null {
  const m = value === null ? null : /^\s*(\d+(?:\.\d+)?)\s*([KMGT]?i?B)\s*$/i.exec(value);
  if (!m) return null;
  const unit = m[2]!.toUpperCase().replace('IB', 'B');
  const factor = UNITS_MB[unit];
  return factor === undefined ? null : Math.round(Number(m[1]) * factor * 1000) / 1000;
}

/** `"0.0076%"` as 0.0076; "Service stopped" or anything else is null. */
export function cpuPercent(value: string | null): number | null {
  const m = value === null ? null : /^\s*(\d+(?:\.\d+)?)\s*%\s*$/.exec(value);
  return m ? Number(m[1]) : null;
}

/** The services object, keyed by slug; each value's figures read as numbers where RunCloud gave some. */
export function parseServices(body: unknown, bad: Complaint): RunCloudService[] {
  // An empty PHP array is serialised as [] rather than {}.
  if (Array.isArray(body) && body.length === 0) return [];
  if (!isRecord(body)) throw bad('a services list that is not an object keyed by slug');
  return Object.entries(body).map(([slug, value]) => {
    if (!isRecord(value)) throw bad(`service ${slug} that is not an object`);
    const realName = text(value.realName);
    if (realName === null) throw bad(`service ${slug} without a realName`);
    const memory = text(value.memory);
    const cpu = text(value.cpu);
    const stopped = memory === SERVICE_STOPPED || cpu === SERVICE_STOPPED;
    return {
      slug,
      realName,
      name: text(value.name) ?? slug,
      running: flag(value.running) && !stopped,
      version: text(value.version),
      memory,
      cpu,
      memoryMb: stopped ? null : memoryMb(memory),
      cpuPercent: stopped ? null : cpuPercent(cpu),
    };
  });
}

export function parseGit(body: unknown, bad: Complaint): RunCloudGit {
  if (!isRecord(body) || !isId(body.id)) throw bad('a git object without an id');
  const repo = isRecord(body.repositoryData)
    ? (text(body.repositoryData.repo) ?? text(body.repositoryData.url))
    : null;
  return {
    id: body.id,
    provider: text(body.provider),
    branch: text(body.branch),
    repository: repo,
    autoDeploy: flag(body.autoDeploy),
    atomic: flag(body.atomic),
  };
}

/** A write's answer: its `message` when it has one (the force deploy answers `{}`). */
export function parseMessage(body: unknown): string | null {
  return isRecord(body) && typeof body.message === 'string' && body.message.trim() ? body.message : null;
}

export function parseSystemUser(item: unknown, bad: Complaint): RunCloudSystemUser {
  if (!isRecord(item) || !isId(item.id)) throw bad('a system user without an id');
  const username = text(item.username);
  if (username === null) throw bad(`system user ${item.id} without a username`);
  // RunCloud spells it "deleteable".
  return { id: item.id, username, deletable: flag(item.deleteable), createdAt: text(item.created_at) };
}

export function parseInstaller(body: unknown, bad: Complaint): RunCloudInstaller {
  if (!isRecord(body) || !isId(body.id)) throw bad('an installer without an id');
  const name = text(body.name);
  if (name === null) throw bad(`installer ${body.id} without a name`);
  return { id: body.id, name, realName: text(body.realName), createdAt: text(body.created_at) };
}
