import fastifyStatic from '@fastify/static';
import { actions } from '@sitefleet/shared';
import type { FastifyInstance } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { registerAction } from '../../core/actions.js';
import type { AppDeps } from '../../deps.js';
import { serverVersion } from '../../version.js';

/** Marks every route registered inside a third-party plugin's context as public. */
export function publicContext(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), access: 'public' };
  });
}

/** The console (web/dist) at /, version.txt for the new-version dialog, and the console's public config. */
export async function registerWeb(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const { config } = deps;
  const versionFile = path.join(config.webDist, 'version.txt');
  const version = () =>
    existsSync(versionFile) ? readFileSync(versionFile, 'utf8').trim() : serverVersion();

  registerAction(app, actions.system.version, {
    handler: async ({ reply }) => {
      void reply.header('cache-control', 'no-store');
      return version();
    },
  });

  registerAction(app, actions.system.config, {
    handler: async () => ({
      google_client_id: config.googleClientId,
      allowed_google_domains: config.allowedGoogleDomains,
      version: version(),
    }),
  });

  if (!existsSync(path.join(config.webDist, 'index.html'))) {
    app.log.warn(`No console build at ${config.webDist}; run npm run build -w web`);
    return;
  }
  await app.register(async (child) => {
    publicContext(child);
    // compressed once at build time, never again per request: a file without a smaller sibling goes as it is
    child.addHook('onRequest', async (request) => {
      request.headers['x-no-compression'] = 'prebuilt';
    });
    await child.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      wildcard: false,
      // the build writes brotli and gzip siblings of every compressible file (web/vite.config.ts): they are
      // sent as they are to a client that accepts them, with Vary: Accept-Encoding, never routed themselves
      preCompressed: true,
      globIgnore: ['version.txt', '**/*.br', '**/*.gz'],
      index: ['index.html'],
      setHeaders(res, file) {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  });
}
