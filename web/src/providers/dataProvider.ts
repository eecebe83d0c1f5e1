import {
  actions,
  resources,
  type ArtisanCommand,
  type DelimiterName,
  type JobService,
  type ListResponse,
  type OneResponse,
} from '@sitefleet/shared';
import type { DataProvider, Identifier } from 'react-admin';
import { callAction } from './actions';
import { apiFetch } from './http';
import { messagingCalls, type MessagingCalls } from './messaging';
import { cleanFilter, specOf, writableBody } from './writable';

/** Wire records are typed by the caller (react-admin generics); `never` fits any of them. */
type AnyRecord = never;

function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}) {
  const filter = cleanFilter(params.filter);
  return {
    page: params.pagination?.page ?? 1,
    perPage: params.pagination?.perPage ?? 25,
    sortBy: params.sort?.field || undefined,
    sortOrder: params.sort?.field ? (params.sort.order === 'DESC' ? 'DESC' : 'ASC') : undefined,
    filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
  };
}

/** One line of a job's output (SPEC §3 cron run: items carry output.message). */
export interface JobItem {
  output?: { message?: string };
}

export interface RefreshResult {
  job_output: JobItem[];
  failed_job_output: JobItem[];
}

export interface MergeResult {
  data: Record<string, unknown>;
  meta: Record<string, unknown>;
}

export interface DomainImportResult {
  index: number;
  name: string;
  status: 'imported' | 'exists' | 'error';
  message: string | null;
  id: number | null;
}

export interface DomainImportResponse {
  imported: number;
  existing: number;
  errors: number;
  results: DomainImportResult[];
}

export interface SubnetUsage {
  subnet: string;
  ips: number;
  sites: number;
  site_ids: number[];
  providers: string[];
  locations: string[];
  flagged: boolean;
}

export interface ShareRow {
  name: string;
  ips: number;
  sites: number;
  share: number;
}

export interface IpDiversity {
  totals: {
    ips: number;
    sites: number;
    sites_without_ip: number;
    subnets24: number;
    subnets16: number;
    flagged24: number;
    flagged16: number;
  };
  subnets24: SubnetUsage[];
  subnets16: SubnetUsage[];
  providers: ShareRow[];
  locations: ShareRow[];
}

/** The checkers' endpoints (SPEC §7.5); the console's routes to their forms are the same paths. */
export const CHECKER_PATHS = {
  deindex: 'dms/api/v1/backlinks/deindex-checker',
  keyword: 'dms/api/v1/backlinks/keyword-checker',
} as const;
export type CheckerName = keyof typeof CHECKER_PATHS;

export interface CheckerBodies {
  deindex: { domains: string; domain_delimiter: DelimiterName };
  keyword: {
    keywords: string;
    keyword_delimiter: DelimiterName;
    pages: string;
    page_delimiter: DelimiterName;
  };
}

/** GET / POST {ms}/api/v1/artisan (SPEC §7.4). */
export const artisanPath = (service: JobService) => `${service}/api/v1/artisan`;

export type ArgumentValue = string | number | boolean;

/** What a call that starts a run answers: the run's id as cron_id, cron.id or data.id (SPEC §3). */
export interface RunStarted {
  cron_id?: number;
  cron?: { id?: number };
  data?: { id?: number };
}

export function cronIdOf(res: RunStarted | null | undefined): number {
  const id = res?.cron_id ?? res?.cron?.id ?? res?.data?.id;
  if (typeof id !== 'number') throw new Error('The server did not say which cron run was started');
  return id;
}

const item = (resource: string, id: Identifier, action = '') =>
  `${resource}/${encodeURIComponent(String(id))}${action ? `/${action}` : ''}`;

export interface SitefleetDataProvider extends DataProvider, MessagingCalls {
  /** GET /{ms}/health/heartbeat → the service's clock, epoch seconds. */
  heartbeat: (service: string) => Promise<number>;
  /** POST /{resource}/{id}/reveal: one secret field in clear (audited by the server). */
  reveal: (resource: string, id: Identifier, field: string) => Promise<string | null>;
  /** POST ums/auth/step-up: the password (or a fresh Google sign-in) again; reveals work for 5 minutes. */
  stepUp: (proof: { password: string } | { id_token: string }) => Promise<void>;
  /** POST /{resource}/{id}/merge?ids=…: the others are merged into the kept record (SPEC §7.4). */
  merge: (resource: string, keepId: Identifier, ids: Identifier[]) => Promise<MergeResult>;
  /** GET /{resource}/{id}/refresh: re-reads outside data; what worked and what failed (SPEC §7.1). */
  refresh: (resource: string, id: Identifier) => Promise<RefreshResult>;
  /** POST dms/api/v1/domains/import: bulk domain import (SPEC §4, §5). */
  importDomains: (rows: Array<{ name: string; notes: string | null }>) => Promise<DomainImportResponse>;
  /** GET dms/api/v1/ip-addresses/diversity: how the sites spread over subnets, providers, locations. */
  ipDiversity: () => Promise<IpDiversity>;
  /** GET {ms}/api/v1/artisan: the service's commands with their schedules and last runs. */
  listCommands: (service: JobService) => Promise<ArtisanCommand[]>;
  /** POST {ms}/api/v1/artisan: runs a command; resolves to the id of its cron run. */
  runCommand: (service: JobService, command: string, args: Record<string, ArgumentValue>) => Promise<number>;
  /** POST to a checker (SPEC §7.5); resolves to the id of its dms cron run. */
  runChecker: <C extends CheckerName>(checker: C, body: CheckerBodies[C]) => Promise<number>;
  /** POST dms/api/v1/websites/{id}/scan: crawls the site; resolves to the id of its dms cron run. */
  scanWebsite: (id: Identifier) => Promise<number>;
  /** POST umms/api/v1/monitors/{id}/check: checks the monitor now instead of at its next slot. */
  checkMonitor: (id: Identifier) => Promise<void>;
  /** Ends a user's sign-in lock (POST users/:id/unlock). */
  unlockUser: (id: Identifier) => Promise<void>;
}

/** The generic resource calls of SPEC §7.1 / ARCHITECTURE §3; the resource name is its URL path. */
export const dataProvider: SitefleetDataProvider = {
  async getList(resource, params) {
    const res = await apiFetch<ListResponse<AnyRecord>>(resource, {
      query: listQuery(params),
      signal: params.signal,
    });
    return { data: res.data, total: res.meta?.total ?? res.data.length };
  },
  async getOne(resource, params) {
    const res = await apiFetch<OneResponse<AnyRecord>>(
      `${resource}/${encodeURIComponent(String(params.id))}`,
      { signal: params.signal },
    );
    return { data: res.data };
  },
  async getMany(resource, params) {
    const ids = params.ids.filter((id) => id !== null && id !== undefined && id !== '');
    if (ids.length === 0) return { data: [] };
    // the server checks the list permission for get-many, so every reader may use it
    const res = await apiFetch<ListResponse<AnyRecord>>(`${resource}/get-many`, {
      method: 'POST',
      body: { ids },
      signal: params.signal,
    });
    return { data: res.data };
  },
  async getManyReference(resource, params) {
    const filter = { ...params.filter, [params.target]: params.id };
    const res = await apiFetch<ListResponse<AnyRecord>>(resource, {
      query: listQuery({ ...params, filter }),
      signal: params.signal,
    });
    return { data: res.data, total: res.meta?.total ?? res.data.length };
  },
  async create(resource, params) {
    const res = await apiFetch<OneResponse<AnyRecord>>(resource, {
      method: 'POST',
      body: writableBody(resource, params.data as Record<string, unknown>, 'create'),
    });
    return { data: res.data };
  },
  async update(resource, params) {
    const patch = specOf(resource)?.operations?.patch === true;
    const sent = params.data as Record<string, unknown>;
    // PATCH (SPEC §7.1, monitors) carries only what the user changed, with the version it was read at.
    const changes = patch ? changedFields(sent, params.previousData) : sent;
    const data = { version: params.previousData?.version, ...changes };
    const res = await apiFetch<OneResponse<AnyRecord>>(
      `${resource}/${encodeURIComponent(String(params.id))}`,
      { method: patch ? 'PATCH' : 'PUT', body: writableBody(resource, data, 'update') },
    );
    return { data: res.data };
  },
  async updateMany(resource, params) {
    const ids: Identifier[] = [];
    for (const id of params.ids) {
      const { data: current } = await this.getOne(resource, { id });
      await this.update(resource, { id, data: { ...current, ...params.data }, previousData: current });
      ids.push(id);
    }
    return { data: ids };
  },
  async delete(resource, params) {
    const res = await apiFetch<OneResponse<AnyRecord>>(
      `${resource}/${encodeURIComponent(String(params.id))}`,
      { method: 'DELETE' },
    );
    return { data: res?.data ?? (params.previousData as AnyRecord) };
  },
  async deleteMany(resource, params) {
    const res = await apiFetch<{ data: Identifier[] }>(resource, {
      method: 'DELETE',
      query: { ids: params.ids.join(',') },
    });
    return { data: res?.data ?? params.ids };
  },
  async heartbeat(service) {
    const res = await apiFetch<{ data: number }>(`${service}/health/heartbeat`);
    return Number(res.data);
  },
  async reveal(resource, id, field) {
    const res = await apiFetch<{ data: { value: string | null } }>(item(resource, id, 'reveal'), {
      method: 'POST',
      body: { field },
    });
    return res.data?.value ?? null;
  },
  async stepUp(proof) {
    await apiFetch('ums/auth/step-up', { method: 'POST', body: proof });
  },
  async merge(resource, keepId, ids) {
    const res = await apiFetch<{ data: Record<string, unknown>; meta?: Record<string, unknown> }>(
      item(resource, keepId, 'merge'),
      { method: 'POST', query: { ids: ids.join(',') } },
    );
    return { data: res.data, meta: res.meta ?? {} };
  },
  async refresh(resource, id) {
    const res = await apiFetch<{ data: Partial<RefreshResult> }>(item(resource, id, 'refresh'));
    return { job_output: res.data?.job_output ?? [], failed_job_output: res.data?.failed_job_output ?? [] };
  },
  async importDomains(rows) {
    const res = await apiFetch<{ data: DomainImportResponse }>(`${resources.domains.path}/import`, {
      method: 'POST',
      body: { rows },
    });
    return res.data;
  },
  async ipDiversity() {
    const res = await apiFetch<{ data: IpDiversity }>(`${resources.ipAddresses.path}/diversity`);
    return res.data;
  },
  async listCommands(service) {
    const res = await apiFetch<{ data: ArtisanCommand[] }>(artisanPath(service));
    return res.data ?? [];
  },
  async runCommand(service, command, args) {
    return cronIdOf(
      await apiFetch<RunStarted>(artisanPath(service), {
        method: 'POST',
        body: { command, arguments: args },
      }),
    );
  },
  async runChecker(checker, body) {
    return cronIdOf(await apiFetch<RunStarted>(CHECKER_PATHS[checker], { method: 'POST', body }));
  },
  async scanWebsite(id) {
    return cronIdOf(
      await apiFetch<RunStarted>(item(resources.websites.path, id, 'scan'), { method: 'POST' }),
    );
  },
  async checkMonitor(id) {
    await apiFetch(item(resources.monitors.path, id, 'check'), { method: 'POST' });
  },
  async unlockUser(id) {
    await callAction(actions.ums.unlockUser, { params: { id: String(id) } });
  },
  ...messagingCalls,
};

/** The fields of a form whose values differ from the record as it was read (version kept when given). */
export function changedFields(
  data: Record<string, unknown>,
  previous: Record<string, unknown> | undefined,
): Record<string, unknown> {
  if (!previous) return data;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    if (key === 'version' || JSON.stringify(value ?? null) !== JSON.stringify(previous[key] ?? null))
      out[key] = value;
  }
  return out;
}
