import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createFirstScreenGate } from './firstScreen';

/** A query that answers when `answer` is called. */
function deferredQuery(client: QueryClient, key: unknown[]) {
  let answer: (value: string) => void = () => undefined;
  const done = client.fetchQuery({
    queryKey: key,
    queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
  });
  return { answer: (value: string) => answer(value), done };
}

describe('the first screen gate', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('opens once a screen query answers, not on the session checks', async () => {
    const client = new QueryClient();
    const scheduled: Array<() => void> = [];
    const gate = createFirstScreenGate(60_000, (fn) => scheduled.push(fn));
    const opened = vi.fn();
    void gate.wait(client).then(opened);

    const auth = deferredQuery(client, ['auth', 'getPermissions']);
    const list = deferredQuery(client, ['dms/api/v1/websites', 'getList', { page: 1 }]);
    auth.answer('admin');
    await auth.done;
    expect(scheduled).toHaveLength(0);

    list.answer('rows');
    await list.done;
    expect(scheduled).toHaveLength(1);
    expect(gate.settled).toBe(false);
    // the page renders the answer first; the idle callback opens the gate
    scheduled[0]!();
    await vi.waitFor(() => expect(opened).toHaveBeenCalledTimes(1));
    expect(gate.settled).toBe(true);
    await expect(gate.wait(client)).resolves.toBeUndefined();
  });

  it('opens when a screen query fails too', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const gate = createFirstScreenGate(60_000, (fn) => fn());
    const failing = client.fetchQuery({
      queryKey: ['dms/api/v1/websites', 'getList'],
      queryFn: () => Promise.reject(new Error('down')),
    });
    await expect(failing).rejects.toThrow('down');
    await gate.wait(client);
    expect(gate.settled).toBe(true);
  });

  it('opens after the longest wait on a screen without data', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const gate = createFirstScreenGate(3_000, () => undefined);
    const opened = vi.fn();
    void gate.wait(client).then(opened);
    await vi.advanceTimersByTimeAsync(2_999);
    expect(opened).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
