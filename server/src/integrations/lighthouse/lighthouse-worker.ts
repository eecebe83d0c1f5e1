// Runs one Lighthouse audit in a worker thread against a Chromium the parent launched (and will kill).
// Kept apart from the server thread because Lighthouse's audit phase blocks its thread for seconds, and
// because a browser that dies mid-navigation leaves a rejected promise inside Lighthouse that nothing
// handles: here it can only end this worker. Only type imports from the project, so the file also runs
// as-is under type stripping in tests.
import { parentPort, workerData } from 'node:worker_threads';
import lighthouse, { desktopConfig, type Flags } from 'lighthouse';
import type { LighthouseWorkerReply, LighthouseWorkerRequest } from './types.js';

const request = workerData as LighthouseWorkerRequest;

async function audit(): Promise<LighthouseWorkerReply> {
  const flags: Flags = {
    port: request.port,
    output: 'json',
    logLevel: 'silent',
    ...(request.categories ? { onlyCategories: request.categories } : {}),
  };
  try {
    const runner = await lighthouse(
      request.url,
      flags,
      request.device === 'desktop' ? desktopConfig : undefined,
    );
    if (!runner) return { ok: false, message: 'Lighthouse returned no result' };
    const { lhr } = runner;
    const scores: Record<string, number | null> = {};
    for (const [id, category] of Object.entries(lhr.categories)) scores[id] = category.score;
    return {
      ok: true,
      finalUrl: lhr.mainDocumentUrl ?? lhr.finalDisplayedUrl,
      lighthouseVersion: lhr.lighthouseVersion,
      fetchTime: lhr.fetchTime,
      scores,
      runtimeError: lhr.runtimeError
        ? { code: lhr.runtimeError.code, message: lhr.runtimeError.message }
        : null,
      warnings: lhr.runWarnings.map(String),
    };
  } catch (err) {
    const friendly =
      err instanceof Error ? (err as { friendlyMessage?: unknown }).friendlyMessage : undefined;
    const code = err instanceof Error ? (err as { code?: unknown }).code : undefined;
    return {
      ok: false,
      message:
        typeof friendly === 'string' && friendly
          ? friendly
          : err instanceof Error
            ? err.message
            : String(err),
      ...(typeof code === 'string' ? { code } : {}),
    };
  }
}

parentPort!.postMessage(await audit());
