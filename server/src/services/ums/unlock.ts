import type { FastifyInstance } from 'fastify';
import { notFound } from '../../core/errors.js';
import type { ResourceModel } from '../../core/resource.js';
import { errorSchema, idParamsSchema } from '../../core/schema.js';
import type { AppDeps } from '../../deps.js';
import { grantOfRoles, loadActor, requireManage } from './privilege.js';
import { accountKey, clearAttempts } from './throttle.js';

/**
 * Ends an account's sign-in lock before its window does. It lets guessing resume on that account, so it
 * follows the privilege rule like any other change to the account.
 */
export function registerUnlock(app: FastifyInstance, model: ResourceModel, deps: AppDeps): void {
  app.post(`/${model.path}/:id/unlock`, {
    config: { access: 'permission' },
    schema: {
      tags: [model.spec.service],
      summary: "End a user's sign-in lock (audited)",
      params: idParamsSchema,
      response: {
        200: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              properties: { id: { type: 'integer' }, locked_until: { type: ['integer', 'null'] } },
            },
          },
        },
        401: errorSchema,
        403: errorSchema,
        404: errorSchema,
      },
    },
    handler: async (request) => {
      const id = Number((request.params as { id: string }).id);
      const { db } = deps;
      const r = await db.query<{ email: string; roles: Array<number | string> }>(
        'SELECT email, roles FROM users WHERE id = $1',
        [id],
      );
      const user = r.rows[0];
      if (!user) throw notFound(`${model.spec.label}: no record with id ${id}`);
      const ref = `users/${id}`;
      const actor = await loadActor(db, request.ctx);
      requireManage(actor, await grantOfRoles(db, user.roles.map(Number)), `unlock ${ref}`, ref);
      await clearAttempts(db, accountKey(user.email));
      await request.ctx.audit('account_unlocked', ref);
      return { data: { id, locked_until: null } };
    },
  });
}
