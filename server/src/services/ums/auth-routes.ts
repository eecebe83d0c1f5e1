import type { FastifyInstance } from 'fastify';
import { forbidden, unauthorized } from '../../core/errors.js';
import { writeAudit } from '../../core/audit.js';
import type { AppDeps } from '../../deps.js';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './passwords.js';
import { accountKey, clearAttempts, refundAttempt, reserveOrRefuse } from './throttle.js';
import { loadMe } from './me.js';
import { auditPrivilegeDenials } from './privilege.js';

const tokenResponse = {
  type: 'object',
  properties: { access_token: { type: 'string' }, expires_in: { type: 'integer' } },
};

/** Sign-in, session refresh, sign-out and the signed-in user's own profile (ARCHITECTURE §4, SPEC §7.2). */
export function registerAuthRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config, tokens } = deps;
  auditPrivilegeDenials(app);

  app.post('/ums/auth/login', {
    config: { access: 'public' },
    schema: {
      tags: ['ums'],
      summary: 'Sign in with e-mail and password (JSON or form fields)',
      body: {
        type: 'object',
        properties: {
          email: { type: 'string', maxLength: 254 },
          password: { type: 'string', maxLength: 1024 },
        },
        required: ['email', 'password'],
      },
      response: { 200: tokenResponse },
    },
    handler: async (request, reply) => {
      const { email: rawEmail, password } = request.body as { email: string; password: string };
      const email = rawEmail.trim().toLowerCase();
      const acctKey = accountKey(email);
      const ipKey = `ip:${request.ip}`;
      await reserveOrRefuse(db, config, { account: acctKey, ip: ipKey }, reply, () =>
        writeAudit(db, { actorId: null, action: 'login_throttled', target: email, ip: request.ip }),
      );
      const r = await db.query<{
        id: number;
        password_hash: string | null;
        disabled: boolean;
        session_epoch: number;
      }>('SELECT id, password_hash, disabled, session_epoch FROM users WHERE lower(email) = $1', [email]);
      const user = r.rows[0];
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
        await db.query('UPDATE users SET password_hash = $2 WHERE id = $1', [
          user.id,
          await hashPassword(password),
        ]);
      }
      await writeAudit(db, { actorId: user.id, action: 'login', target: email, ip: request.ip });
      return tokens.issue(Number(user.id), user.session_epoch);
    },
  });

  app.post('/ums/auth/logout', {
    config: { access: 'user' },
    schema: { tags: ['ums'], summary: 'End every session of the signed-in user' },
    handler: async (request) => {
      await db.query('UPDATE users SET session_epoch = session_epoch + 1 WHERE id = $1', [
        request.ctx.user!.id,
      ]);
      await request.ctx.audit('logout', null);
      return { data: { logged_out: true } };
    },
  });

  app.get('/ums/api/v1/users/me', {
    config: { access: 'user' },
    schema: {
      tags: ['ums'],
      summary: 'The signed-in user with roles and permissions grouped by route, then method',
    },
    handler: async (request) => ({ data: await loadMe(db, request.ctx.user!) }),
  });

  app.get('/ums/api/v1/users/update-last-login', {
    config: { access: 'user' },
    schema: { tags: ['ums'], summary: 'Record the time of the last sign-in' },
    handler: async (request) => {
      const r = await db.query<{ last_login: number }>(
        'UPDATE users SET last_login = epoch_now() WHERE id = $1 RETURNING last_login',
        [request.ctx.user!.id],
      );
      return { data: { last_login: Number(r.rows[0]!.last_login) } };
    },
  });

  app.get('/ums/api/v1/users/:id/refresh-token', {
    config: { access: 'user' },
    schema: {
      tags: ['ums'],
      summary: 'A new access token for the signed-in user',
      params: { type: 'object', properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,15}$' } } },
      response: { 200: tokenResponse },
    },
    handler: async (request) => {
      const id = Number((request.params as { id: string }).id);
      if (id !== request.ctx.user!.id) throw forbidden('A token can only be refreshed by its own user');
      if (String(request.headers.authtype ?? 'password').toLowerCase() !== 'password') {
        throw forbidden('Google sessions are refreshed by Google sign-in');
      }
      const r = await db.query<{ session_epoch: number }>('SELECT session_epoch FROM users WHERE id = $1', [
        id,
      ]);
      return tokens.issue(id, r.rows[0]!.session_epoch);
    },
  });
}
