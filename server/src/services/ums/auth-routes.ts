import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { forbidden, unauthorized } from '../../core/errors.js';
import { writeAudit } from '../../core/audit.js';
import type { AppDeps } from '../../deps.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { accountKey, clearAttempts, refundAttempt, reserveOrRefuse } from './throttle.js';
import { loadMe } from './me.js';
import { auditPrivilegeDenials } from './privilege.js';
import {
  credentialsByEmail,
  endSessions,
  rehashPassword,
  sessionEpoch,
  stampLastLogin,
} from './session-repository.js';

/** Sign-in, session refresh, sign-out and the signed-in user's own profile (ARCHITECTURE §4, SPEC §7.2). */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, tokens } = deps;
  const declared = actions.ums;
  auditPrivilegeDenials(app);

  registerAction(app, declared.login, {
    handler: async ({ body, request, reply }) => {
      const { email: rawEmail, password } = body;
      const email = rawEmail.trim().toLowerCase();
      const acctKey = accountKey(email);
      const ipKey = `ip:${request.ip}`;
      await reserveOrRefuse(db, config, { account: acctKey, ip: ipKey }, reply, () =>
        writeAudit(db, { actorId: null, action: 'login_throttled', target: email, ip: request.ip }),
      );
      const user = await credentialsByEmail(db, email);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyHash()), password);
      if (!user || !ok || user.disabled || !user.password_hash) {
        await writeAudit(db, {
          actorId: user?.id ?? null,
          action: 'login_failed',
          target: email,
          ip: request.ip,
        });
        throw unauthorized('Login failed');
      }
      await clearAttempts(db, acctKey);
      await refundAttempt(db, ipKey);
      if (needsRehash(user.password_hash)) {
        await rehashPassword(db, user.id, await hashPassword(password));
      }
      await writeAudit(db, { actorId: user.id, action: 'login', target: email, ip: request.ip });
      return tokens.issue(Number(user.id), user.session_epoch);
    },
  });

  registerAction(app, declared.logout, {
    handler: async ({ ctx }) => {
      await endSessions(db, ctx.user!.id);
      // This process forgets the session at once; others hear of it through the database's notification.
      deps.principals.clear();
      await ctx.audit('logout', null);
      return { data: { logged_out: true } };
    },
  });

  registerAction(app, declared.me, {
    handler: async ({ ctx }) => ({ data: await loadMe(deps.engine, ctx) }),
  });

  registerAction(app, declared.updateLastLogin, {
    handler: async ({ ctx }) => {
      const at = await stampLastLogin(db, ctx.user!.id);
      if (at === null) throw unauthorized('Your session has ended; sign in again');
      return { data: { last_login: at } };
    },
  });

  registerAction(app, declared.refreshToken, {
    handler: async ({ params, ctx, request }) => {
      const id = Number(params.id);
      if (id !== ctx.user!.id) throw forbidden('A token can only be refreshed by its own user');
      if (String(request.headers.authtype ?? 'password').toLowerCase() !== 'password') {
        throw forbidden('Google sessions are refreshed by Google sign-in');
      }
      const epoch = await sessionEpoch(db, id);
      if (epoch === null) throw unauthorized('Your session has ended; sign in again');
      return tokens.issue(id, epoch);
    },
  });
}
