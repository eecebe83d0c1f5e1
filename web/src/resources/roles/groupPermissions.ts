export interface PermissionRecord {
  id: number | string;
  method: string;
  route: string;
  /** read, write, action (starts outside work) or reveal (opens a stored secret). */
  kind?: string;
}

export interface ResourcePermissions {
  /** Route without its service prefix and `/:id`: `api/v1/tags`. */
  key: string;
  label: string;
  permissions: PermissionRecord[];
}

export interface ServicePermissions {
  service: string;
  resources: ResourcePermissions[];
}

const METHOD_ORDER = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** `/dms/api/v1/tags/:id/refresh` → { service: 'dms', key: 'api/v1/tags', label: 'tags' }. */
export function classifyRoute(route: string): { service: string; key: string; label: string } {
  const parts = route.replace(/^\/+/, '').split('/').filter(Boolean);
  const service = parts[0] ?? 'other';
  const rest = parts.slice(1);
  const apiIndex = rest[0] === 'api' && /^v\d+$/.test(rest[1] ?? '') ? 2 : 0;
  const resource = rest[apiIndex] ?? '';
  const key = [...rest.slice(0, apiIndex), resource].filter(Boolean).join('/') || '/';
  return { service, key, label: resource || '/' };
}

/** Permissions grouped by service, then by resource (route prefix); each group sorted for reading. */
export function groupPermissions(permissions: readonly PermissionRecord[]): ServicePermissions[] {
  const services = new Map<string, Map<string, ResourcePermissions>>();
  for (const permission of permissions) {
    const { service, key, label } = classifyRoute(permission.route);
    const byResource = services.get(service) ?? new Map<string, ResourcePermissions>();
    services.set(service, byResource);
    const group = byResource.get(key) ?? { key, label, permissions: [] };
    byResource.set(key, group);
    group.permissions.push(permission);
  }
  const methodRank = (m: string) => METHOD_ORDER.indexOf(m) + 1 || 99;
  return [...services.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([service, byResource]) => ({
      service,
      resources: [...byResource.values()]
        .sort((a, b) => a.label.localeCompare(b.label))
        .map((r) => ({
          ...r,
          permissions: [...r.permissions].sort(
            (a, b) => a.route.localeCompare(b.route) || methodRank(a.method) - methodRank(b.method),
          ),
        })),
    }));
}

/** Case-insensitive match on "METHOD /route". */
export function matchesSearch(permission: PermissionRecord, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || `${permission.method} ${permission.route}`.toLowerCase().includes(needle);
}

/** Adds or removes a set of ids from the selection. */
export function toggleIds<T>(selected: readonly T[], ids: readonly T[], on: boolean): T[] {
  if (on) return [...selected, ...ids.filter((id) => !selected.includes(id))];
  return selected.filter((id) => !ids.includes(id));
}
