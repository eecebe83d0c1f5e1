import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';

/** What a static command's unit works with. */
export interface RunContext {
  deps: AppDeps;
  log: FastifyBaseLogger;
  runId: number;
}

/** Where the releases are written (STATIC_SITES_ROOT, else under the data folder). */
export const staticRoot = (deps: AppDeps): string =>
  deps.config.staticSitesRoot ?? path.join(deps.config.dataDir, 'static-sites');
