import os from 'node:os';
import { offThread, workerEntry } from '../../../core/thread-pool.js';
import { transformPage, type PageInput, type PageOutput } from './transform.js';

export type PageTransform = (input: PageInput) => Promise<PageOutput>;

/** Pages transformed on this thread (tests of single pages, a machine with one core). */
export const inlineTransform: PageTransform = (input) => Promise.resolve(transformPage(input));

let shared: PageTransform | null = null;

/**
 * Page transforms on worker threads (one per core beyond the first, at most two), shared by every export of the
 * process: parsing pages runs on another core while this thread fetches and writes. A page the threads fail (a
 * thread that died) is transformed here instead. The threads start with the first page and do not keep the
 * process alive when idle.
 */
export function pooledTransform(): PageTransform {
  const threads = Math.min(2, os.availableParallelism() - 1);
  if (threads < 1) return inlineTransform;
  shared ??= offThread(workerEntry(import.meta.url, 'transform-worker'), threads, transformPage);
  return shared;
}
