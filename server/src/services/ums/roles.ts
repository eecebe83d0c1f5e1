import { ADMIN_ROLE, resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';
import { invalid } from '../../core/errors.js';
import { loadActor, requireRoleEdit } from './privilege.js';

const permissionIds = (value: unknown): number[] => (Array.isArray(value) ? value.map(Number) : []);

/**
 * ADMIN is built in: it holds every permission implicitly, so it cannot be renamed or deleted. Anyone else
 * edits only roles they do not hold, within their own permissions (privilege.ts).
 */
export const rolesResource = defineServerResource({
  spec: resources.roles,
  hooks: {
    async beforeWrite({ ctx, tx, values, existing }) {
      const isAdminRole = existing?.name === ADMIN_ROLE;
      const before = permissionIds(existing?.permissions);
      requireRoleEdit(
        await loadActor(tx, ctx),
        {
          id: existing ? Number(existing.id) : null,
          names: [existing?.name, values.name].filter((n): n is string => typeof n === 'string'),
          before,
          after: values.permissions === undefined ? before : permissionIds(values.permissions),
        },
        existing ? 'change' : 'create',
      );
      if (isAdminRole && values.name !== undefined && values.name !== ADMIN_ROLE) {
        throw invalid({ name: 'The ADMIN role cannot be renamed' });
      }
    },
    async beforeDelete({ ctx, tx, existing }) {
      if (existing.name === ADMIN_ROLE) throw invalid({ name: 'The ADMIN role cannot be deleted' });
      const before = permissionIds(existing.permissions);
      requireRoleEdit(
        await loadActor(tx, ctx),
        { id: Number(existing.id), names: [String(existing.name)], before, after: before },
        'delete',
      );
    },
  },
});
