import { inject } from 'vitest';
import { call } from './http';

/** A signed-in API client for arranging test data (the console is exercised through the browser). */
export interface Api {
  token: string;
  get: <T = unknown>(path: string) => Promise<T>;
  post: <T = unknown>(path: string, body: unknown) => Promise<T>;
  put: <T = unknown>(path: string, body: unknown) => Promise<T>;
  del: <T = unknown>(path: string) => Promise<T>;
}

export async function login(email: string, password: string, baseURL = inject('baseURL')) {
  return call<{ access_token: string; expires_in: number }>(baseURL, null, 'POST', 'ums/auth/login', {
    email,
    password,
  });
}

export async function apiAs(email: string, password: string, baseURL = inject('baseURL')): Promise<Api> {
  const { access_token: token } = await login(email, password, baseURL);
  return {
    token,
    get: (path) => call(baseURL, token, 'GET', path),
    post: (path, body) => call(baseURL, token, 'POST', path, body),
    put: (path, body) => call(baseURL, token, 'PUT', path, body),
    del: (path) => call(baseURL, token, 'DELETE', path),
  };
}

export function adminApi(): Promise<Api> {
  return apiAs(inject('adminEmail'), inject('adminPassword'));
}

export async function roleId(api: Api, name: string): Promise<number> {
  const res = await api.get<{ data: Array<{ id: number; name: string }> }>(
    `ums/api/v1/roles?perPage=100&filter=${encodeURIComponent(JSON.stringify({ name }))}`,
  );
  const role = res.data.find((r) => r.name === name);
  if (!role) throw new Error(`role ${name} not found`);
  return role.id;
}

let counter = 0;
/** A unique suffix for records a test creates (tests share one database). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}`;
}

export async function createUser(api: Api, role: string, overrides: Record<string, unknown> = {}) {
  const email = `${unique('user')}@sitefleet.test`;
  const password = 'correct-horse-battery';
  const { data } = await api.post<{ data: { id: number } }>('ums/api/v1/users', {
    name: 'E2E',
    last_name: role,
    email,
    roles: [await roleId(api, role)],
    target_markets: ['All'],
    new_password: password,
    verify_password: password,
    ...overrides,
  });
  return { id: data.id, email, password };
}

/** The first record of a list matching a filter (arranging tests on the demo portfolio). */
export async function findOne<T extends { id: number }>(
  api: Api,
  resource: string,
  filter: Record<string, unknown> = {},
  sort = 'id',
): Promise<T> {
  const res = await api.get<{ data: T[] }>(
    `${resource}?perPage=1&sortBy=${sort}&sortOrder=ASC&filter=${encodeURIComponent(JSON.stringify(filter))}`,
  );
  if (!res.data[0]) throw new Error(`no ${resource} matching ${JSON.stringify(filter)}`);
  return res.data[0];
}

/**
 * Whether a website is one of the demo portfolio's, by its hostname. The sites other specs add answer on
 * 127.0.0.1 (the only address outbound checks may reach here) and are Money sites by default, so they show
 * in lists of Money sites, first by hostname and by last update, whenever those specs ran earlier.
 */
export const isDemoHost = (hostname: unknown): boolean =>
  typeof hostname === 'string' && !/^(\d+\.){3}\d+(:\d+)?$/.test(hostname) && hostname !== 'localhost';

/** The first demo website of a list whose hostname no other website of the list has; it fails when none. */
export function uniqueDemoSite<T extends Record<string, unknown>>(sites: T[]): T {
  const hosts = sites.map((w) => String(w.hostname));
  const site = sites.find(
    (w, i) => isDemoHost(w.hostname) && hosts.indexOf(hosts[i]!) === hosts.lastIndexOf(hosts[i]!),
  );
  if (!site) throw new Error(`no demo website with a hostname of its own among ${sites.length} websites`);
  return site;
}
