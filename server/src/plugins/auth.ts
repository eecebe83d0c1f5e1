import { PERMISSION_KINDS, type PermissionKind } from '@sitefleet/shared';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { epochNow } from '../core/time.js';
import type { AuthUser, RequestContext } from '../core/context.js';
import { writeAudit } from '../core/audit.js';
import { forbidden, unauthorized } from '../core/errors.js';
import { GoogleTokenError } from '../integrations/google/id-token.js';
import { allows, resolveGoogleUser } from '../services/ums/principal.js';
import { guardReveal } from '../services/ums/step-up.js';
import type { AppDeps } from '../deps.js';

export type Access = 'public' | 'user' | 'permission';
const ACCESS: Access[] = ['public', 'user', 'permission'];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route: anyone, any signed-in user, or users whose roles hold (method, route). */
    access?: Access;
    /** Check this (method, route) permission instead of the route's own: a POST that only reads (get-many). */
    permissionAs?: { method: string; url: string };
    /**
     * What the route's permission lets a user do; by default a GET reads and anything else writes. A route
     * that starts outside work is an 'action' even when it is a GET; a 'reveal' also needs a fresh step-up.
     */
    kind?: PermissionKind;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

export interface RegisteredRoute {
  method: string;
  url: string;
  access: Access | undefined;
  /** Set when the route borrows another route's permission; such a route has no permission row of its own. */
  borrowed: boolean;
  kind: PermissionKind;
}

export function routeKind(method: string, declared: PermissionKind | undefined): PermissionKind {
  return declared ?? (method === 'GET' ? 'read' : 'write');
}

const ACTIVITY_WRITE_INTERVAL = 60;

function methods(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

/**
 * Collects every route with its declared access rule and enforces it on every request. A route that
 * declares no rule stops the server before it listens.
 */
export function installAuth(app: FastifyInstance, deps: AppDeps, routes: RegisteredRoute[]): void {
  const collected: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    collected.push(route);
  });
  app.addHook('onReady', async () => {
    for (const r of collected) {
      for (const m of methods(r))
        routes.push({
          method: m,
          url: r.url,
          access: r.config?.access,
          borrowed: Boolean(r.config?.permissionAs),
          kind: routeKind(m, r.config?.kind),
        });
    }
    const missing = routes.filter((r) => !r.access || !ACCESS.includes(r.access));
    if (missing.length) {
      throw new Error(
        `Routes without an access rule (config.access = public | user | permission): ${missing.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
    const badKind = routes.filter(
      (r) =>
        !PERMISSION_KINDS.includes(r.kind) ||
        (r.kind === 'reveal' && (r.access !== 'permission' || r.borrowed)),
    );
    if (badKind.length) {
      throw new Error(
        `Routes with an unknown kind, or a reveal without its own permission: ${badKind.map((r) => `${r.method} ${r.url}`).join(', ')}`,
      );
    }
  });

  app.decorateRequest('ctx', null as unknown as RequestContext);
  app.addHook('onRequest', async (request, reply) => {
    request.ctx = makeContext(deps, request, null);
    if (request.is404) return;
    const access = request.routeOptions.config.access;
    if (access === 'public') return;
    const user = await authenticate(deps, request, access === 'permission');
    request.ctx = makeContext(deps, request, user);
    if (request.routeOptions.config.kind === 'reveal') await guardReveal(deps, request, reply, user);
  });
}

function makeContext(deps: AppDeps, request: FastifyRequest, user: AuthUser | null): RequestContext {
  return {
    user,
    ip: request.ip,
    db: deps.db,
    audit: (action, target, detail) =>
      writeAudit(deps.db, {
        actorId: user?.id ?? null,
        action,
        target,
        ip: request.ip,
        ...(detail ? { detail } : {}),
      }),
  };
}

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

async function authenticate(
  deps: AppDeps,
  request: FastifyRequest,
  needsPermission: boolean,
): Promise<AuthUser> {
  const { userId, epoch } = await identify(deps, request);
  const borrowed = request.routeOptions.config.permissionAs;
  const method = borrowed?.method ?? request.method;
  const route = borrowed?.url ?? request.routeOptions.url ?? '';
  const p = await deps.principals.get(deps.db, userId);
  if (!p || p.disabled || (epoch !== null && epoch !== p.sessionEpoch)) {
    throw unauthorized(p?.disabled ? 'This account is disabled' : 'Your session has ended; sign in again');
  }
  const now = epochNow();
  if (!p.lastActivity || now - p.lastActivity > ACTIVITY_WRITE_INTERVAL) {
    await deps.db.query('UPDATE users SET last_activity = $2 WHERE id = $1', [p.user.id, now]);
    p.lastActivity = now;
  }
  if (needsPermission && !allows(p, method, route)) {
    await writeAudit(deps.db, {
      actorId: p.user.id,
      action: 'permission_denied',
      target: `${method} ${route}`,
      ip: request.ip,
    });
    throw forbidden(`You do not have permission for ${method} ${route}`);
  }
  return p.user;
}
