import { ADMIN_ROLE, resources } from '@sitefleet/shared';
import { defineServerResource } from '../../core/resource.js';
import { invalid } from '../../core/errors.js';

/** ADMIN is built in: it holds every permission implicitly, so it cannot be renamed, edited by non-admins or deleted. */
export const rolesResource = defineServerResource({
  spec: resources.roles,
  hooks: {
    beforeWrite({ ctx, values, existing }) {
      const isAdminRole = existing?.name === ADMIN_ROLE;
      if (isAdminRole && values.name !== undefined && values.name !== ADMIN_ROLE) {
        throw invalid({ name: 'The ADMIN role cannot be renamed' });
      }
      if ((isAdminRole || values.name === ADMIN_ROLE) && !ctx.user?.isAdmin) {
        throw invalid({ name: 'Only an admin can change the ADMIN role' });
      }
    },
    beforeDelete({ existing }) {
      if (existing.name === ADMIN_ROLE) throw invalid({ name: 'The ADMIN role cannot be deleted' });
    },
  },
});
