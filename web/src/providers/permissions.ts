import { ADMIN_ROLE, type ActionSpec, type GroupedPermissions, type Me } from '@sitefleet/shared';

/** What the console knows about the signed-in user's rights (SPEC §6). */
export interface Permissions {
  isAdmin: boolean;
  roles: string[];
  routes: GroupedPermissions;
}

export const NO_PERMISSIONS: Permissions = { isAdmin: false, roles: [], routes: {} };

export function permissionsOf(me: Pick<Me, 'full_roles' | 'full_permissions'>): Permissions {
  const roles = (me.full_roles ?? []).map((r) => r.name);
  return { isAdmin: roles.includes(ADMIN_ROLE), roles, routes: me.full_permissions ?? {} };
}

/** Whether the user's roles hold a declared action's permission. */
export const mayCall = (perms: Permissions, action: Pick<ActionSpec, 'method' | 'path'>): boolean =>
  hasRoute(perms, action.method, action.path);

export function hasRoute(perms: Permissions, method: string, route: string): boolean {
  if (perms.isAdmin) return true;
  const normalised = `/${route.replace(/^\/+/, '')}`;
  return perms.routes[normalised]?.[method.toUpperCase()] === true;
}

/** SPEC §6: a resource is visible when the user may GET its path (ADMIN sees everything). */
export function canSeeResource(perms: Permissions, resource: string): boolean {
  return hasRoute(perms, 'GET', resource);
}

/** react-admin action → the (method, route) the server checks for it. */
export function canDo(perms: Permissions, resource: string, action: string): boolean {
  const item = `${resource}/:id`;
  switch (action) {
    case 'list':
    case 'export':
      return hasRoute(perms, 'GET', resource);
    case 'show':
      return hasRoute(perms, 'GET', item);
    case 'create':
    case 'clone':
      return hasRoute(perms, 'POST', resource);
    case 'edit':
      return hasRoute(perms, 'PUT', item) || hasRoute(perms, 'PATCH', item);
    case 'delete':
      return hasRoute(perms, 'DELETE', item);
    default:
      return hasRoute(perms, 'GET', resource);
  }
}
