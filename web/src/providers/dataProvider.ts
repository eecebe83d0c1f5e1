import {
  actions,
  LIMITS,
  resources,
  type ActionBody,
  type ActionResponse,
  type ArtisanCommand,
  type HEARTBEAT_SERVICES,
  type IpDiversity,
  type JobService,
  type ListResponse,
  type OneResponse,
} from '@sitefleet/shared';
import type { DataProvider, GetListResult, Identifier } from 'react-admin';
import { callAction } from './actions';
import { apiFetch } from './http';
import { listKey, ListPaging, type ListPageMeta, type ListQueryParams } from './listPaging';
import { messagingCalls, type MessagingCalls } from './messaging';
import { cleanFilter, specOf, writableBody } from './writable';

type HeartbeatService = (typeof HEARTBEAT_SERVICES)[number];

/** Wire records are typed by the caller (react-admin generics); `never` fits any of them. */
type AnyRecord = never;

function listQuery(params: {
  pagination?: { page: number; perPage: number };
  sort?: { field: string; order: string };
  filter?: Record<string, unknown>;
}): ListQueryParams {
  const filter = cleanFilter(params.filter);
  return {
    page: params.pagination?.page ?? 1,
    perPage: params.pagination?.perPage ?? 25,
    sortBy: params.sort?.field || undefined,
    sortOrder: params.sort?.field ? (params.sort.order === 'DESC' ? 'DESC' : 'ASC') : undefined,
    filter: Object.keys(filter).length ? JSON.stringify(filter) : undefined,
  };
}

const paging = new ListPaging();

/** How long a list page read ahead at start-up waits for the screen that asks for it. */
const EARLY_LIST_MS = 10_000;
let early: { key: string; at: number; response: Promise<ListResponse<AnyRecord>> } | null = null;

/** The list page read ahead for exactly this query, if it is fresh (taken once). */
function takeEarly(key: string): Promise<ListResponse<AnyRecord>> | null {
  const found = early?.key === key && Date.now() - early.at < EARLY_LIST_MS ? early.response : null;
  early = null;
  return found;
}

/**
 * Reads ahead, as the console starts, the list page the address opens (`#/dms/api/v1/websites?perPage=100`),
 * so the request runs while the screen's code downloads instead of after it renders. The query is the one
 * the list will ask for: the address's parameters over the list's defaults (the resource's default sort,
 * 25 a page); with no parameters in the address react-admin would use the ones it stored, so nothing is read
 * ahead then. A page read ahead that no list asks for within a few seconds is dropped.
 */
export function prefetchList(resource: string, search: string, stored: boolean): void {
  const url = new URLSearchParams(search);
  const given = ['sort', 'order', 'page', 'perPage', 'filter'].some((k) => url.has(k));
  if (!given && stored) return;
  let filter: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(url.get('filter') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      filter = parsed as Record<string, unknown>;
  } catch {
    return;
  }
  const sort = specOf(resource)?.defaultSort;
  const query = listQuery({
    pagination: {
      page: Number(url.get('page') ?? 1) || 1,
      perPage: Number(url.get('perPage') ?? LIMITS.defaultPerPage) || LIMITS.defaultPerPage,
    },
    sort: {
      field: url.get('sort') ?? sort?.field ?? 'id',
      order: url.get('order') ?? sort?.order ?? 'ASC',
    },
    filter,
  });
  const response = apiFetch<ListResponse<AnyRecord>>(resource, { query });
  response.catch(() => undefined);
  early = { key: `${listKey(resource, query)}#${query.page}`, at: Date.now(), response };
}

/**
 * One list page: the next or previous page of the query read last goes `after` / `before` that page's
 * cursor (page too, so the server can still answer by page); the total comes with its kind as meta.
 */
async function readList(
  resource: string,
  query: ListQueryParams,
  signal: AbortSignal | undefined,
): Promise<GetListResult<AnyRecord> & { meta: ListPageMeta }> {
  const key = listKey(resource, query);
  const exact = paging.isExact(resource, key) ? { exact: 'true' } : {};
  const seek = paging.seek(key, query.page);
  const plain = !exact.exact && Object.keys(seek).length === 0;
  const ahead = plain ? takeEarly(`${key}#${query.page}`) : null;
  const res =
    (ahead ? await ahead.catch(() => null) : null) ??
    (await apiFetch<ListResponse<AnyRecord>>(resource, {
      query: { ...query, ...seek, ...exact },
      signal,
    }));
  paging.remember(key, query.page, res.meta?.cursors);
  return {
    data: res.data,
    total: res.meta?.total ?? res.data.length,
    meta: { totalKind: res.meta?.totalKind ?? 'exact' },
  };
}

/** Outside data re-read per resource: its refresh action (SPEC §7.1). */
const REFRESH_ACTIONS: Partial<Record<string, typeof actions.dms.refreshDomain>> = {
  [resources.domains.path]: actions.dms.refreshDomain,
};
/** Resources whose records merge into one (SPEC §7.4). */
const MERGE_ACTIONS: Partial<Record<string, typeof actions.dms.mergeRegistrars>> = {
  [resources.registrars.path]: actions.dms.mergeRegistrars,
};

/** The refresh action of a resource, if it has one (for its button and permission check). */
export const refreshActionOf = (resource: string) => REFRESH_ACTIONS[resource];

function declared<S>(table: Partial<Record<string, S>>, resource: string, what: string): S {
  const spec = table[resource];
  if (!spec) throw new Error(`${resource} has no ${what} action`);
  return spec;
}

export type RefreshResult = ActionResponse<typeof actions.dms.refreshDomain>['data'];
export type MergeResult = ActionResponse<typeof actions.dms.mergeRegistrars>;

/** The checkers (SPEC §7.5); the console's routes to their forms are their paths. */
export const CHECKER_ACTIONS = {
  deindex: actions.dms.deindexChecker,
  keyword: actions.dms.keywordChecker,
} as const;
export type CheckerName = keyof typeof CHECKER_ACTIONS;
export type CheckerBodies = { [C in CheckerName]: ActionBody<(typeof CHECKER_ACTIONS)[C]> };

/** Each checker's call, its body typed by its own declaration. */
const CHECKER_CALLS: { [C in CheckerName]: (body: CheckerBodies[C]) => Promise<number> } = {
  deindex: async (body) => (await callAction(CHECKER_ACTIONS.deindex, { body })).cron_id,
  keyword: async (body) => (await callAction(CHECKER_ACTIONS.keyword, { body })).cron_id,
};

export type ArgumentValue = string | number | boolean;

const item = (resource: string, id: Identifier, action: string) =>
  `${resource}/${encodeURIComponent(String(id))}/${action}`;

export interface SitefleetDataProvider extends DataProvider, MessagingCalls {
  /** The next read of the resource's list counts its total exactly (as does every later read of that query). */
  countExactly: (resource: string) => void;
  /** GET /{ms}/health/heartbeat → the service's clock, epoch seconds. */
  heartbeat: (service: HeartbeatService) => Promise<number>;
  /** POST /{resource}/{id}/reveal: one secret field in clear (audited by the server). */
  reveal: (resource: string, id: Identifier, field: string) => Promise<string | null>;
  /** POST ums/auth/step-up: the password (or a fresh Google sign-in) again; reveals work for 5 minutes. */
  stepUp: (proof: { password: string } | { id_token: string }) => Promise<void>;
  /** POST /{resource}/{id}/merge?ids=…: the others are merged into the kept record (SPEC §7.4). */
  merge: (resource: string, keepId: Identifier, ids: Identifier[]) => Promise<MergeResult>;
  /** GET /{resource}/{id}/refresh: re-reads outside data; what worked and what failed (SPEC §7.1). */
  refresh: (resource: string, id: Identifier) => Promise<RefreshResult>;
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
    return readList(resource, listQuery(params), params.signal);
  },
  countExactly(resource) {
    paging.countExactly(resource);
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
    return readList(resource, listQuery({ ...params, filter }), params.signal);
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
    const res = await callAction(actions.system.heartbeat[service], {});
    return res.data;
  },
  async reveal(resource, id, field) {
    const res = await apiFetch<{ data: { value: string | null } }>(item(resource, id, 'reveal'), {
      method: 'POST',
      body: { field },
    });
    return res.data?.value ?? null;
  },
  async stepUp(proof) {
    await callAction(actions.ums.stepUp, { body: proof });
  },
  async merge(resource, keepId, ids) {
    return callAction(declared(MERGE_ACTIONS, resource, 'merge'), {
      params: { id: String(keepId) },
      query: { ids: ids.join(',') },
    });
  },
  async refresh(resource, id) {
    const res = await callAction(declared(REFRESH_ACTIONS, resource, 'refresh'), {
      params: { id: String(id) },
    });
    return res.data;
  },
  async ipDiversity() {
    return (await callAction(actions.dms.ipDiversity, {})).data;
  },
  async listCommands(service) {
    return (await callAction(actions.jobs.artisan[service].list, {})).data;
  },
  async runCommand(service, command, args) {
    const res = await callAction(actions.jobs.artisan[service].run, {
      body: { command, arguments: args },
    });
    return res.cron_id;
  },
  async runChecker(checker, body) {
    return CHECKER_CALLS[checker](body);
  },
  async scanWebsite(id) {
    return (await callAction(actions.dms.scanWebsite, { params: { id: String(id) } })).cron_id;
  },
  async checkMonitor(id) {
    await callAction(actions.umms.checkMonitor, { params: { id: String(id) } });
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
