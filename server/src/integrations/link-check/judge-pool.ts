import { createThreadPool } from '../../core/thread-pool.js';
import { judgeAnswer } from './judge.js';
import type { JudgeInput, LinkCheckResult, PageJudge } from './types.js';

/** The worker next to this file: compiled JavaScript in a build, TypeScript when run from source. */
const ENTRY = new URL(
  import.meta.url.endsWith('.ts') ? './judge-worker.ts' : './judge-worker.js',
  import.meta.url,
);

export type PageJudgePool = PageJudge & { close(): Promise<void> };

/**
 * Judges pages on `threads` worker threads: parsing a page is most of a link check's CPU, and off the event
 * loop it runs on another core while this thread fetches pages and records results. A task the threads fail
 * (a thread that died) is judged here instead. With 0 threads, pages are judged on this thread.
 */
export function createJudgePool(threads: number): PageJudgePool {
  if (threads <= 0)
    return Object.assign((input: JudgeInput) => Promise.resolve(judgeAnswer(input)), {
      close: () => Promise.resolve(),
    });
  const pool = createThreadPool<JudgeInput, LinkCheckResult>(ENTRY, threads);
  const judge = (input: JudgeInput) => pool.run(input).catch(() => judgeAnswer(input));
  return Object.assign(judge, { close: () => pool.close() });
}
