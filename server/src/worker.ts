import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './deps.js';
import { purgeExpiredAttempts } from './services/ums/throttle.js';

const MAINTENANCE_INTERVAL_MS = 10 * 60_000;

/**
 * Background work of a worker process (ROLE=worker, or ROLE=all in embedded mode): periodic maintenance
 * today; the job queue of cron commands registers here as it lands. Returns a stop function.
 */
export function startWorker(deps: AppDeps, log: FastifyBaseLogger): () => void {
  const tick = async () => {
    try {
      const purged = await purgeExpiredAttempts(deps.db, deps.config.loginWindowSeconds);
      if (purged) log.debug({ purged }, 'expired sign-in throttle rows purged');
    } catch (err) {
      log.error({ err }, 'maintenance failed');
    }
  };
  const timer = setInterval(() => void tick(), MAINTENANCE_INTERVAL_MS);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
