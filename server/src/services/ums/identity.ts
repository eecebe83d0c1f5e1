import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../../core/context.js';
import { unauthorized } from '../../core/errors.js';
import { epochNow } from '../../core/time.js';
import type { AppDeps } from '../../deps.js';
import { GoogleTokenError } from '../../integrations/google/id-token.js';
import type { IdentityProvider, SignedIn } from '../../plugins/auth.js';
import { allows, resolveGoogleUser, type Principal } from './principal.js';
import { touchLastActivity } from './privilege-repository.js';
import { guardReveal } from './step-up.js';

const ACTIVITY_WRITE_INTERVAL = 60;

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]+)$/;

/** The request's bearer token (401 without one). */
function bearerToken(request: FastifyRequest): string {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match) throw unauthorized('Authentication required');
  return match[1]!;
}

const authTypeOf = (request: FastifyRequest) => String(request.headers.authtype ?? 'password').toLowerCase();

async function identify(
  deps: AppDeps,
  request: FastifyRequest,
): Promise<{ userId: number; epoch: number | null }> {
  const token = bearerToken(request);
  const authType = authTypeOf(request);
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

/** The live account's checks, on every request: it exists, is enabled and the token's session is current. */
function admit(p: Principal | null, epoch: number | null): Principal {
  if (!p || p.disabled || (epoch !== null && epoch !== p.sessionEpoch)) {
    throw unauthorized(p?.disabled ? 'This account is disabled' : 'Your session has ended; sign in again');
  }
  return p;
}

const activityDue = (p: Principal, now: number) =>
  !p.lastActivity || now - p.lastActivity > ACTIVITY_WRITE_INTERVAL;

const signedIn = (p: Principal): SignedIn => ({
  user: p.user,
  allows: (method, route) => allows(p, method, route),
});

/**
 * Who a request comes from, for the auth plugin: the user service knows tokens, Google identities,
 * accounts and their permissions; the plugin only enforces each route's access rule with it.
 */
export function umsIdentity(deps: AppDeps): IdentityProvider {
  return {
    async authenticate(request) {
      const { userId, epoch } = await identify(deps, request);
      const p = admit(await deps.principals.get(deps.db, userId), epoch);
      const now = epochNow();
      if (activityDue(p, now)) {
        await touchLastActivity(deps.db, p.user.id, now);
        p.lastActivity = now;
      }
      return signedIn(p);
    },
    authenticateRemembered(request) {
      // The same checks as authenticate, on what is already in memory: a password token verified before
      // and a fresh principal, with no activity to write; anything else goes the way of authenticate.
      const token = bearerToken(request);
      if (authTypeOf(request) !== 'password') return null;
      const claims = deps.tokens.verifyRemembered(token);
      const cached = claims && deps.principals.peek(claims.userId);
      if (!claims || !cached) return null;
      const p = admit(cached, claims.sessionEpoch);
      return activityDue(p, epochNow()) ? null : signedIn(p);
    },
    guardReveal: (request, reply, user: AuthUser) => guardReveal(deps, request, reply, user),
  };
}
