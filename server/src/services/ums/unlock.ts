import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import type { ResourceModel } from '../../core/resource.js';
import { registerAction } from '../../core/actions.js';
import type { AppDeps } from '../../deps.js';
import { grantOfRoles, loadActor, requireManage } from './privilege.js';
import { accountKey, clearAttempts } from './throttle.js';

/**
 * Ends an account's sign-in lock before its window does. It lets guessing resume on that account, so it
 * follows the privilege rule like any other change to the account.
 */
export function registerUnlock(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  registerAction(app, actions.ums.unlockUser, {
    handler: async ({ params, ctx }) => {
      const id = Number(params.id);
      const { db } = deps;
      // Read under the users' access rule: an account the user may not see is a 404, as on its own route.
      const user = await deps.engine.getOne(ctx, model, id);
      const roleIds = Array.isArray(user.roles) ? user.roles.map(Number) : [];
      const ref = `users/${id}`;
      const actor = await loadActor(db, ctx);
      requireManage(actor, await grantOfRoles(db, roleIds), `unlock ${ref}`, ref);
      await clearAttempts(db, accountKey(String(user.email)));
      await ctx.audit('account_unlocked', ref);
      return { data: { id, locked_until: null } };
    },
  });
}
