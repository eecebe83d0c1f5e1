import formbody from '@fastify/formbody';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildModels } from './core/model.js';
import { registerResource } from './core/routes.js';
import type { AppDeps } from './deps.js';
import { installAuth, type RegisteredRoute } from './plugins/auth.js';
import { installCompression } from './plugins/compression.js';
import { installDocs } from './plugins/docs.js';
import { frameworkError, installErrorHandler } from './plugins/errors.js';
import { loggerOptions, RouteLogController } from './plugins/logging.js';
import { installSecurityHeaders } from './plugins/security-headers.js';
import { installValidation } from './plugins/validation.js';
import { registerArtisan } from './jobs/artisan.js';
import { registerCheckers } from './services/dms/checkers.js';
import { registerConversions } from './services/dms/seo/conversions.js';
import { registerDashboard } from './services/dms/seo/dashboard.js';
import { registerRequests } from './services/dms/seo/requests.js';
import { registerWordpress } from './services/dms/wordpress/routes.js';
import { registerConversations } from './services/mms/conversations.js';
import { registerWebsiteAlerts } from './services/nms/website-alerts.js';
import { registerAuthRoutes } from './services/ums/auth-routes.js';
import { umsIdentity } from './services/ums/identity.js';
import { syncPermissions } from './services/ums/permissions.js';
import { registerStepUp } from './services/ums/step-up.js';
import { registerImports } from './services/imports.js';
import { registerHealth } from './services/system/health.js';
import { registerWeb } from './services/system/web.js';

export interface BuiltApp {
  app: FastifyInstance;
  routes: RegisteredRoute[];
}

/**
 * Builds the Fastify app without listening: infrastructure, then services, then routes; permission rows are
 * synchronised from the registered routes when the app is ready. Tests call inject() on it.
 */
export async function buildApp(
  deps: AppDeps,
  opts: { logger?: boolean; logStream?: { write(line: string): void } } = {},
): Promise<BuiltApp> {
  const { config } = deps;
  const logController = new RouteLogController();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            ...loggerOptions(config.logLevel),
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    logController,
    frameworkErrors: frameworkError,
    bodyLimit: config.bodyLimit,
    trustProxy: config.trustProxy,
    exposeHeadRoutes: false,
    return503OnClosing: true,
    ajv: { customOptions: { removeAdditional: false } },
  });
  const routes: RegisteredRoute[] = [];
  installAuth(app, { db: deps.db, identity: umsIdentity(deps) }, routes);
  installValidation(app);
  installErrorHandler(app);
  installSecurityHeaders(app);
  await app.register(formbody);
  await installCompression(app);
  // Costly routes opt in with config.rateLimit (SECURITY.md #20); keyed on request.ip, which honours TRUST_PROXY.
  await app.register(rateLimit, { global: false });
  await installDocs(app, config);

  for (const resource of deps.resources) {
    if (!config.services.includes(resource.spec.service)) continue;
    const model = deps.engine.model(resource.spec.name);
    registerResource(app, deps, model);
    resource.actions?.(app, model, deps);
  }
  if (config.services.includes('ums')) {
    registerAuthRoutes(app, deps);
    registerStepUp(app, deps);
  }
  registerArtisan(app, deps);
  registerCheckers(app, deps);
  registerImports(app, deps);
  registerWordpress(app, deps);
  registerDashboard(app, deps);
  registerConversions(app, deps);
  registerRequests(app, deps);
  registerWebsiteAlerts(app, deps);
  registerConversations(app, deps);
  deps.jobs.bind(deps, app.log);
  registerHealth(app, deps);
  await registerWeb(app, deps);

  // Cached sign-in state follows identity and access changes: this process's own writes at once, other
  // processes' through the database's NOTIFY.
  const aclTables = new Set(['users', 'roles', 'permissions']);
  deps.engine.onCommit((table) => {
    if (aclTables.has(table)) deps.principals.clear();
  });
  let unlisten: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    unlisten = await deps.db.listen(
      'sitefleet_acl',
      () => deps.principals.clear(),
      () => deps.principals.lost(),
    );
  });
  app.addHook('onClose', async () => {
    logController.flush();
    await unlisten?.();
    await deps.jobs.stop();
    await deps.integrations.close();
  });
  app.addHook('onReady', async () => {
    const guarded = routes.filter((r) => r.access === 'permission' && !r.borrowed);
    await syncPermissions(deps.db, guarded, config.services);
  });
  return { app, routes };
}

export { buildModels };
