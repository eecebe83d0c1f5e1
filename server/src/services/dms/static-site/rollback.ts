import path from 'node:path';
import type { Queryable } from '../../../db/db.js';
import type { UnitResult } from '../../../jobs/types.js';
import { staticRoot, type RunContext } from './context.js';
import { ProgressReporter } from './progress.js';
import {
  clearCurrent,
  discard,
  releaseExists,
  siteFolders,
  switchCurrent,
  type SiteFolders,
} from './release.js';
import { claimSite, loadTarget, markPruned, recordRollback, releasesOf, releaseSite } from './repository.js';
import { refusal } from './state.js';

/** Published releases kept on disk (the live one and the newest previous ones): rollback targets. */
export const KEEP_RELEASES = 5;

/**
 * Removes the folders of releases no rollback can reach any more: previous ones beyond the newest
 * KEEP_RELEASES, and rolled-back ones (a rollback goes to the release before, never forward). Their records
 * stay, previous ones marked pruned.
 */
export async function pruneReleases(db: Queryable, folders: SiteFolders, websiteId: number): Promise<void> {
  const rows = await releasesOf(db, websiteId);
  const published = rows.filter((r) => r.status === 'live' || r.status === 'previous');
  const old = published.slice(KEEP_RELEASES).filter((r) => r.status === 'previous');
  const rolledBack = rows.filter((r) => r.status === 'rolled_back');
  for (const r of [...old, ...rolledBack]) await discard(path.join(folders.releases, r.release));
  await markPruned(
    db,
    old.map((r) => r.id),
  );
}

/** Rollback: `current` repointed to the newest previous release still on disk, or removed (WordPress again). */
export async function rollBack(rc: RunContext, websiteId: number): Promise<UnitResult> {
  const { deps } = rc;
  const target = await loadTarget(deps.db, websiteId);
  if (!target) return { output: { message: `#${websiteId}: the website no longer exists` }, failed: true };
  const why = refusal('rollback', target);
  if (why) return { output: { message: `${target.hostname}: ${why}` }, failed: true };
  if (!(await claimSite(deps.db, websiteId, rc.runId)))
    return {
      output: {
        message: `${target.hostname}: another static operation (run #${target.busyRunId}) is working on it`,
      },
      failed: true,
    };
  const progress = new ProgressReporter(deps.db, websiteId, rc.runId, rc.log);
  try {
    const folders = siteFolders(staticRoot(deps), new URL(target.url).hostname);
    const rows = await releasesOf(deps.db, websiteId);
    const live =
      rows.find((r) => r.id === target.currentReleaseId) ?? rows.find((r) => r.status === 'live') ?? null;
    const to = rows.find((r) => r.status === 'previous' && r.id !== live?.id) ?? null;
    // A release the records keep for a rollback must still be on disk: never fall back to WordPress instead.
    if (to && !(await releaseExists(folders, to.release))) {
      const message = `release ${to.release} has no folder under ${folders.releases}: publish the site again instead`;
      await progress.settle();
      await releaseSite(deps.db, websiteId, rc.runId, progress.final('failed', message));
      return { output: { message: `${target.hostname}: cannot roll back: ${message}` }, failed: true };
    }
    await progress.phase(
      'switching',
      to ? `Switching to ${to.release}` : 'Handing the site back to WordPress',
    );
    await progress.settle();
    const from = live?.release ?? 'the live release';
    const message = to
      ? `rolled back from ${from} to ${to.release}`
      : `rolled back to WordPress: no earlier release is left, ${from} is no longer served`;
    const final = progress.final('done', message);
    return {
      output: {
        message: `${target.hostname}: ${message}`,
        from: live?.release ?? null,
        to: to?.release ?? null,
      },
      commit: async (tx) => {
        await recordRollback(tx, websiteId, live?.id ?? null, to?.id ?? null, final);
        if (to) await switchCurrent(folders, to.release);
        else await clearCurrent(folders);
      },
    };
  } catch (err) {
    await progress.settle();
    await releaseSite(
      deps.db,
      websiteId,
      rc.runId,
      progress.final('failed', err instanceof Error ? err.message : String(err)),
    );
    throw err;
  }
}
