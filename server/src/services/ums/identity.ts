import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/context.js';
import { unauthorized } from '../../core/errors.js';
import { epochNow } from '../../core/time.js';
import type { AppDeps } from '../../deps.js';
import { GoogleTokenError } from '../../integrations/google/id-token.js';
import type { IdentityProvider } from '../../plugins/auth.js';
import { allows, resolveGoogleUser } from './principal.js';
import { touchLastActivity } from './privilege-repository.js';
import { guardReveal } from './step-up.js';

const ACTIVITY_WRITE_INTERVAL = 60;

async function identify(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<{ userId: number; epoch: number | null }> {
  const header = request.headers.authorization ?? '';
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  if (!match) throw unauthorized('Authentication required');
  const token = match[1]!;
  const authType = String(request.headers.authtype ?? 'password').toLowerCase();
  if (authType === 'google') {
    if (!deps.google) throw unauthorized('Google sign-in is not configured');
    try {
      const identity = await deps.google.verify(token);
      return { userId: await resolveGoogleUser(deps.db, identity), epoch: null };
    } catch (err) {
      if (err instanceof GoogleTokenError) throw unauthorized(err.message);
      throw err;
    }
  }
  if (authType !== 'password') throw unauthorized('Unknown AuthType');
  const claims = await deps.tokens.verify(token);
  return { userId: claims.userId, epoch: claims.sessionEpoch };
}

/**
 * Who a request comes from, for the auth plugin: the user service knows tokens, Google identities,
 * accounts and their permissions; the plugin only enforces each route's access rule with it.
 */
export function umsIdentity(deps: AppDeps): IdentityProvider {
  return {
    async authenticate(request) {
      const { userId, epoch } = await identify(deps, request);
      const p = await deps.principals.get(deps.db, userId);
      if (!p || p.disabled || (epoch !== null && epoch !== p.sessionEpoch)) {
        throw unauthorized(
          p?.disabled ? 'This account is disabled' : 'Your session has ended; sign in again',
        );
      }
      const now = epochNow();
      if (!p.lastActivity || now - p.lastActivity > ACTIVITY_WRITE_INTERVAL) {
        await touchLastActivity(deps.db, p.user.id, now);
        p.lastActivity = now;
      }
      return { user: p.user, allows: (method, route) => allows(p, method, route) };
    },
    guardReveal: (request, reply, user: AuthUser) => guardReveal(deps, request, reply, user),
  };
}
