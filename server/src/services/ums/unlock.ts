import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { notFoundRecord } from '../../core/errors.js';
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
      const r = await db.query<{ email: string; roles: Array<number | string> }>(
        'SELECT email, roles FROM users WHERE id = $1',
        [id],
      );
      const user = r.rows[0];
      if (!user) throw notFoundRecord(model.spec.label, id);
      const ref = `users/${id}`;
      const actor = await loadActor(db, ctx);
      requireManage(actor, await grantOfRoles(db, user.roles.map(Number)), `unlock ${ref}`, ref);
      await clearAttempts(db, accountKey(user.email));
      await ctx.audit('account_unlocked', ref);
      return { data: { id, locked_until: null } };
    },
  });
}
