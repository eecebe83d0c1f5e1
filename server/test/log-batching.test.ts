import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BatchedLines, loggerOptions } from '../src/plugins/logging.js';

function capture() {
  const chunks: string[] = [];
  const lines = new BatchedLines({ write: (chunk: string) => chunks.push(chunk) });
  const app = Fastify({ logger: { ...loggerOptions('info'), stream: lines } });
  const written = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as { msg: string });
  return { app, chunks, lines, written };
}

describe('batched log lines', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes info lines together a moment later, and an error line at once with those before it', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { app, chunks, written } = capture();
    app.log.info('one');
    app.log.info('two');
    expect(chunks).toEqual([]);
    vi.advanceTimersByTime(250);
    expect(chunks).toHaveLength(1);
    expect(written().map((l) => l.msg)).toEqual(['one', 'two']);

    app.log.info('three');
    app.log.error('broken');
    expect(chunks).toHaveLength(2);
    expect(written().map((l) => l.msg)).toEqual(['one', 'two', 'three', 'broken']);
    vi.advanceTimersByTime(250);
    expect(chunks).toHaveLength(2); // nothing was left waiting
    await app.close();
  });

  it('writes as soon as a batch is full, and everything waiting on flush', async () => {
    const { app, chunks, lines, written } = capture();
    const filler = 'x'.repeat(1000);
    for (let i = 0; i < 20; i++) app.log.info({ filler }, `line ${i}`);
    expect(chunks.length).toBeGreaterThanOrEqual(1);
    const before = written().length;
    expect(before).toBeLessThan(20);
    lines.flush();
    expect(written().map((l) => l.msg)).toEqual(Array.from({ length: 20 }, (_, i) => `line ${i}`));
    await app.close();
  });
});
