import { describe, expect, it } from 'vitest';
import { messagesFor, messagesPerBatch, unitsIn, unitsPerMessage } from './job-data.js';

describe('queue message payloads', () => {
  const units = Array.from({ length: 7 }, (_, i) => ({ id: 10 + i, key: `k${i}`, input: { i } }));

  it('carries units in messages of at most the given size, in order', () => {
    const messages = messagesFor(3, units, 3);
    expect(messages.map((m) => m.units!.map((u) => u.jobId))).toEqual([[10, 11, 12], [13, 14, 15], [16]]);
    expect(messages.every((m) => m.runId === 3)).toBe(true);
    expect(messages[0]!.units![1]).toEqual({ jobId: 11, key: 'k1', input: { i: 1 } });
    expect(messagesFor(3, units, 1)).toHaveLength(7);
    expect(messagesFor(3, [], 4)).toEqual([]);
  });

  it('reads the units of either payload shape', () => {
    expect(unitsIn({ runId: 1, units: [{ jobId: 5, key: 'a' }] })).toEqual([{ jobId: 5, key: 'a' }]);
    expect(unitsIn({ runId: 1, jobId: 9 })).toEqual([{ jobId: 9, key: undefined, input: undefined }]);
    expect(unitsIn({ runId: 1 })).toEqual([]);
  });

  it('carries a quarter of the slots per message unless told, and takes about a batch of units', () => {
    expect(unitsPerMessage({})).toBe(5);
    expect(messagesPerBatch({})).toBe(4);
    expect(unitsPerMessage({ batchSize: 100 })).toBe(25);
    expect(unitsPerMessage({ batchSize: 5 })).toBe(2);
    expect(messagesPerBatch({ batchSize: 5 })).toBe(3);
    expect(unitsPerMessage({ batchSize: 1 })).toBe(1);
    expect(unitsPerMessage({ batchSize: 24, unitsPerJob: 8 })).toBe(8);
    expect(messagesPerBatch({ batchSize: 24, unitsPerJob: 8 })).toBe(3);
    expect(messagesPerBatch({ batchSize: 7, unitsPerJob: 1 })).toBe(7);
  });
});
