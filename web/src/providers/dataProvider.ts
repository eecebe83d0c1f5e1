import type { ListResponse, OneResponse } from '@sitefleet/shared';
import type { DataProvider, Identifier } from 'react-admin';
import { apiFetch } from './http';
import { currentPermissions, hasRoute } from './permissions';
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

/**
 * get-many is a POST route with its own permission; a read-only role may lack it while it may read each
 * record, so references are then fetched one by one instead of failing with 403.
 */
function mayGetMany(resource: string): boolean {
  const perms = currentPermissions();
  if (!perms || hasRoute(perms, 'POST', `${resource}/get-many`)) return true;
  return !hasRoute(perms, 'GET', `${resource}/:id`);
}

export interface SitefleetDataProvider extends DataProvider {
  /** GET /{ms}/health/heartbeat → the service's clock, epoch seconds. */
  heartbeat: (service: string) => Promise<number>;
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
    if (!mayGetMany(resource)) {
      const records = await Promise.all(
        ids.map((id) => this.getOne(resource, { id, signal: params.signal })),
      );
      return { data: records.map((r) => r.data) };
    }
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
    const data = { version: params.previousData?.version, ...(params.data as Record<string, unknown>) };
    const res = await apiFetch<OneResponse<AnyRecord>>(
      `${resource}/${encodeURIComponent(String(params.id))}`,
      {
        method: specOf(resource)?.operations?.patch ? 'PATCH' : 'PUT',
        body: writableBody(resource, data, 'update'),
      },
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
};
