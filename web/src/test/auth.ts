import type { GroupedPermissions } from '@sitefleet/shared';
import type { AuthProvider } from 'react-admin';
import { canDo, permissionsOf } from '../providers/permissions';

/**
 * A signed-in user holding one role with exactly these routes, judged by the console's own permission
 * rules (SPEC §6), for components that show or hide what a user may do.
 */
export function authAs(role: string, routes: GroupedPermissions): AuthProvider {
  const perms = permissionsOf({ full_roles: [{ id: 1, name: role }], full_permissions: routes });
  return {
    login: async () => undefined,
    logout: async () => undefined,
    checkAuth: async () => undefined,
    checkError: async () => undefined,
    getPermissions: async () => perms,
    canAccess: async ({ resource, action }) => !resource || canDo(perms, resource, action),
  };
}
