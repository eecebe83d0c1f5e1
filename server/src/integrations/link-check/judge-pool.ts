import { offThread, workerEntry, type OffThread } from '../../core/thread-pool.js';
import { judgeAnswer } from './judge.js';
import type { JudgeInput, LinkCheckResult } from './types.js';

export type PageJudgePool = OffThread<JudgeInput, LinkCheckResult>;

/**
 * Judges pages on `threads` worker threads (judge-worker.ts): parsing a page is most of a link check's CPU,
 * and off the event loop it runs on another core while this thread fetches pages and records results.
 */
export function createJudgePool(threads: number): PageJudgePool {
  return offThread(workerEntry(import.meta.url, 'judge-worker'), threads, judgeAnswer);
}
