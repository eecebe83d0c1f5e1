import { movableBuffer, offThread, workerEntry, type OffThread } from '../../core/thread-pool.js';
import { judgeAnswer } from './judge.js';
import type { JudgeInput, LinkCheckResult } from './types.js';

export type PageJudgePool = OffThread<JudgeInput, LinkCheckResult>;

/**
 * Judges pages on `threads` worker threads (judge-worker.ts): parsing a page is most of a link check's CPU,
 * and off the event loop it runs on another core while this thread fetches pages and records results. The
 * page's bytes move to the thread instead of being copied (the caller does not read them again): no copy,
 * and no tens of kilobytes per page left behind for this thread's garbage collector, whose full collections
 * of the app's heap external memory like that brings on.
 */
export function createJudgePool(threads: number): PageJudgePool {
  return offThread(workerEntry(import.meta.url, 'judge-worker'), threads, judgeAnswer, (input) =>
    movableBuffer(input.answer.body),
  );
}
