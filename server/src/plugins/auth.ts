import { PERMISSION_KINDS, type PermissionKind } from '@sitefleet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthUser, RequestContext } from '../core/context.js';
import { writeAudit } from '../core/audit.js';
import { forbidden } from '../core/errors.js';
import type { Db } from '../db/db.js';

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
    /** Set by registerAction: the declaration (shared/src/actions) the route was built from. */
    action?: string;
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
  /** The declared action the route was built from (registerAction), if any. */
  action: string | undefined;
}

export function routeKind(method: string, declared: PermissionKind | undefined): PermissionKind {
  return declared ?? (method === 'GET' ? 'read' : 'write');
}

function methods(route: RouteOptions): string[] {
  return (Array.isArray(route.method) ? route.method : [route.method]).map(String);
}

/** A signed-in user as the identity service vouches for them. */
export interface SignedIn {
  user: AuthUser;
  /** Whether the user's roles hold the (method, route) permission. */
  allows(method: string, route: string): boolean;
}

/**
 * What this plugin asks of the identity service (ums gives it at registration, services/ums/identity.ts),
 * so infrastructure never imports a service.
 */
export interface IdentityProvider {
  /** The user a request's credentials name, with a live session; throws 401 otherwise. */
  authenticate(request: FastifyRequest): Promise<SignedIn>;
  /**
   * The same answer from memory alone when the provider can give it without waiting (a token and an
   * account state it already holds, every check of `authenticate` made); null sends the request the way
   * of `authenticate`. Throws 401 as `authenticate` would.
   */
  authenticateRemembered?(request: FastifyRequest): SignedIn | null;
  /** A reveal's own guard after its permission: a fresh step-up and a reveal budget (throws otherwise). */
  guardReveal(request: FastifyRequest, reply: FastifyReply, user: AuthUser): Promise<void>;
}

export interface AuthDeps {
  db: Db;
  identity: IdentityProvider;
}

/**
 * Collects every route with its declared access rule and enforces it on every request. A route that
 * declares no rule stops the server before it listens.
 */
export function installAuth(app: FastifyInstance, deps: AuthDeps, routes: RegisteredRoute[]): void {
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
          action: r.config?.action,
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

  // Declared without a value (the typed overload): the onRequest hook below sets it first on every request.
  app.decorateRequest('ctx');
  // A callback hook: most requests are answered from memory (remembered), with no promise to wait on.
  app.addHook('onRequest', (request, reply, done) => {
    request.ctx = makeContext(deps, request, null);
    if (request.is404) return done();
    const access = request.routeOptions.config.access;
    if (access === 'public') return done();
    let user: AuthUser | null;
    try {
      user = remembered(deps, request, access === 'permission');
    } catch (err) {
      return done(err as Error);
    }
    if (user) {
      request.ctx = makeContext(deps, request, user);
      return done();
    }
    signIn(deps, request, reply, access === 'permission').then(() => done(), done);
  });
}

/**
 * The signed-in user when the identity provider answers from memory and nothing else needs waiting for:
 * the route's permission is held (a refusal is audited, on the way of signIn) and it is no reveal.
 */
function remembered(deps: AuthDeps, request: FastifyRequest, needsPermission: boolean): AuthUser | null {
  if (request.routeOptions.config.kind === 'reveal') return null;
  const signedIn = deps.identity.authenticateRemembered?.(request);
  if (!signedIn) return null;
  if (needsPermission) {
    const { method, route } = permissionOf(request);
    if (!signedIn.allows(method, route)) return null;
  }
  return signedIn.user;
}

async function signIn(
  deps: AuthDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  needsPermission: boolean,
): Promise<void> {
  const user = await authenticate(deps, request, needsPermission);
  request.ctx = makeContext(deps, request, user);
  if (request.routeOptions.config.kind === 'reveal') await deps.identity.guardReveal(request, reply, user);
}

/** The (method, route) permission a request needs: its route's, or the one the route borrows. */
function permissionOf(request: FastifyRequest): { method: string; route: string } {
  const borrowed = request.routeOptions.config.permissionAs;
  return {
    method: borrowed?.method ?? request.method,
    route: borrowed?.url ?? request.routeOptions.url ?? '',
  };
}

/** A request's context: a class, so that each request makes one object and no closures. */
class Context implements RequestContext {
  constructor(
    readonly db: Db,
    readonly ip: string,
    readonly user: AuthUser | null,
  ) {}

  audit(action: string, target: string | null, detail?: Record<string, unknown>): Promise<void> {
    return writeAudit(this.db, {
      actorId: this.user?.id ?? null,
      action,
      target,
      ip: this.ip,
      ...(detail ? { detail } : {}),
    });
  }
}

function makeContext(deps: AuthDeps, request: FastifyRequest, user: AuthUser | null): RequestContext {
  return new Context(deps.db, request.ip, user);
}

async function authenticate(
  deps: AuthDeps,
  request: FastifyRequest,
  needsPermission: boolean,
): Promise<AuthUser> {
  const signedIn = await deps.identity.authenticate(request);
  const { method, route } = permissionOf(request);
  if (needsPermission && !signedIn.allows(method, route)) {
    await writeAudit(deps.db, {
      actorId: signedIn.user.id,
      action: 'permission_denied',
      target: `${method} ${route}`,
      ip: request.ip,
    });
    throw forbidden(`You do not have permission for ${method} ${route}`);
  }
  return signedIn.user;
}
