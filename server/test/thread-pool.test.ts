import { threadId } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadPool, movableBuffer, type ThreadPool } from '../src/core/thread-pool.js';
import { blankEvidence } from '../src/integrations/link-check/check.js';
import { judgeAnswer } from '../src/integrations/link-check/judge.js';
import { createJudgePool } from '../src/integrations/link-check/judge-pool.js';
import type { JudgeInput, LinkCheckResult } from '../src/integrations/link-check/types.js';

type Echo = { value: number; fail?: 'throw' | 'exit' };
const ECHO = new URL('./fixtures/threads/echo-worker.ts', import.meta.url);
const JUDGE = new URL('../src/integrations/link-check/judge-worker.ts', import.meta.url);

const page = (body: string): JudgeInput => ({
  expected: {
    backlink: 'https://blog.example/post/',
    url: 'https://money.example/offers/',
    anchor: 'best offers',
    rel: 'follow',
  },
  answer: {
    status: 200,
    url: 'https://blog.example/post/',
    headers: { 'content-type': 'text/html; charset=utf-8' },
    address: '203.0.113.7',
    body: Buffer.from(body),
    truncated: false,
  },
  evidence: blankEvidence(1_790_000_000),
});
const HTML = `<html><head><title>Picks</title></head><body><p>See <a href="https://money.example/offers/"
  rel="sponsored">best offers</a> today.</p></body></html>`;

describe('thread pool', () => {
  let pool: ThreadPool<Echo, { value: number; threadId: number }> | null = null;
  afterEach(async () => {
    await pool?.close();
    pool = null;
  });

  it('runs tasks on worker threads, spread over them', async () => {
    pool = createThreadPool(ECHO, 2);
    const out = await Promise.all([1, 2, 3, 4].map((value) => pool!.run({ value })));
    expect(out.map((o) => o.value)).toEqual([2, 4, 6, 8]);
    const threads = new Set(out.map((o) => o.threadId));
    expect(threads.size).toBe(2);
    expect(threads.has(threadId)).toBe(false);
  });

  it("fails a task with its error, and a dead thread's tasks only; the next task gets a new thread", async () => {
    pool = createThreadPool(ECHO, 1);
    await expect(pool.run({ value: 1, fail: 'throw' })).rejects.toThrow('refused 1');
    const first = await pool.run({ value: 2 });
    await expect(pool.run({ value: 3, fail: 'exit' })).rejects.toThrow(/exit code 3/);
    const next = await pool.run({ value: 4 });
    expect(next.value).toBe(8);
    expect(next.threadId).not.toBe(first.threadId);
  });

  it('refuses tasks once closed', async () => {
    const closing = createThreadPool<Echo, unknown>(ECHO, 1);
    await closing.close();
    await expect(closing.run({ value: 1 })).rejects.toThrow('closed');
  });
});

describe('link check judge on threads', () => {
  it('judges a page on a thread exactly as on this one', async () => {
    const threads = createThreadPool<JudgeInput, LinkCheckResult>(JUDGE, 1);
    try {
      const there = await threads.run(page(HTML));
      const here = judgeAnswer(page(HTML));
      expect(there).toEqual(here);
      expect(there).toMatchObject({ status: 'wrong_rel', found_anchor: 'best offers', ip: '203.0.113.7' });
    } finally {
      await threads.close();
    }
  });

  it('judges on this thread with 0 threads', async () => {
    const judge = createJudgePool(0);
    expect((await judge(page(HTML))).status).toBe('wrong_rel');
    await judge.close();
  });

  it("moves a page's bytes to the thread instead of copying them, and copies a buffer it cannot move", async () => {
    const judge = createJudgePool(1);
    try {
      const here = judgeAnswer(page(HTML));
      // A buffer of its own (as a fetched page's is): moved, so it is empty here once handed over.
      const own = page(HTML);
      own.answer.body = new Uint8Array(new TextEncoder().encode(HTML));
      const moved = await judge(own);
      expect(own.answer.body.byteLength).toBe(0);
      expect(moved).toEqual(here);
      // A view into a larger buffer (Node's pool of small buffers): copied, and left as it was.
      const pooled = page(HTML);
      const bytes = Buffer.from(HTML);
      expect(bytes.buffer.byteLength).toBeGreaterThan(bytes.byteLength);
      pooled.answer.body = bytes;
      expect(await judge(pooled)).toEqual(here);
      expect(pooled.answer.body.byteLength).toBe(bytes.byteLength);
    } finally {
      await judge.close();
    }
  });
});

describe('movableBuffer', () => {
  it('names the memory of a view that spans all of its own ArrayBuffer, and nothing for any other', () => {
    const own = new Uint8Array(8);
    expect(movableBuffer(own)).toEqual([own.buffer]);
    expect(movableBuffer(own.subarray(1))).toEqual([]);
    expect(movableBuffer(new Uint8Array(new SharedArrayBuffer(8)))).toEqual([]);
    expect(movableBuffer(new Uint8Array(0))).toEqual([]);
  });
});
