import { describe, expect, it } from 'vitest';
import { canDo, canSeeResource, permissionsOf } from './permissions';

const viewer = permissionsOf({
  full_roles: [{ id: 3, name: 'VIEWER' }],
  full_permissions: {
    '/dms/api/v1/tags': { GET: true },
    '/dms/api/v1/tags/:id': { GET: true },
  },
});
const admin = permissionsOf({ full_roles: [{ id: 1, name: 'ADMIN' }], full_permissions: {} });

describe('permissions (SPEC §6)', () => {
  it('shows a resource when the user may GET its path', () => {
    expect(canSeeResource(viewer, 'dms/api/v1/tags')).toBe(true);
    expect(canSeeResource(viewer, 'ums/api/v1/users')).toBe(false);
  });

  it('lets ADMIN see and do everything', () => {
    expect(admin.isAdmin).toBe(true);
    expect(canSeeResource(admin, 'ums/api/v1/users')).toBe(true);
    expect(canDo(admin, 'ums/api/v1/users', 'delete')).toBe(true);
  });

  it('maps react-admin actions to the route and method the server checks', () => {
    expect(canDo(viewer, 'dms/api/v1/tags', 'list')).toBe(true);
    expect(canDo(viewer, 'dms/api/v1/tags', 'show')).toBe(true);
    expect(canDo(viewer, 'dms/api/v1/tags', 'create')).toBe(false);
    expect(canDo(viewer, 'dms/api/v1/tags', 'edit')).toBe(false);
    expect(canDo(viewer, 'dms/api/v1/tags', 'delete')).toBe(false);
    const editor = permissionsOf({
      full_roles: [],
      full_permissions: {
        '/dms/api/v1/tags': { POST: true },
        '/dms/api/v1/tags/:id': { PUT: true, DELETE: true },
      },
    });
    expect(canDo(editor, 'dms/api/v1/tags', 'create')).toBe(true);
    expect(canDo(editor, 'dms/api/v1/tags', 'edit')).toBe(true);
    expect(canDo(editor, 'dms/api/v1/tags', 'delete')).toBe(true);
  });
});
