import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../../deps.js';
import type { StartRunOptions } from '../../../jobs/engine.js';
import { claimForGeneration, releaseClaims } from './content-repository.js';

/** The command that writes articles (commands.ts). */
export const GENERATE_COMMAND = 'content:generate';

/**
 * Claims articles and starts the run that writes them: the given ones (a regeneration), or every queued
 * article nobody writes. Answers the run, or null when nothing was claimed (a run already holds them).
 */
export async function startGeneration(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  ids: number[] | null,
  opts: StartRunOptions,
): Promise<{ runId: number | null; ids: number[] }> {
  const claimed = await claimForGeneration(deps.db, ids);
  if (!claimed.length) return { runId: null, ids: [] };
  try {
    const runId = await deps.jobs.startRun('dms', GENERATE_COMMAND, { ids: claimed.join(',') }, opts);
    return { runId, ids: claimed };
  } catch (err) {
    await releaseClaims(deps.db, claimed);
    throw err;
  }
}

/**
 * After a write to the articles (a new one is queued), starts writing the queued ones at once rather
 * than at the next sweep. Kicks run one after another; a failure is logged and left to the sweep. Answers
 * when this kick is done (the write's answer waits for it, so its run exists then).
 */
export function generationKicker(
  deps: Pick<AppDeps, 'db' | 'jobs'>,
  log: FastifyBaseLogger,
): () => Promise<void> {
  let chain: Promise<void> = Promise.resolve();
  return () => {
    chain = chain
      .then(() => startGeneration(deps, null, { trigger: 'api', userId: null }))
      .then(
        () => undefined,
        (err: unknown) => log.warn({ err }, 'could not start writing queued articles; the sweep will'),
      );
    return chain;
  };
}
