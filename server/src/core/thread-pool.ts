import { parentPort, Worker } from 'node:worker_threads';

/*
 * A small pool of worker threads for CPU-bound, pure work (parsing pages): tasks go to the thread with the
 * fewest in flight; a thread that dies fails its own tasks only and is replaced on the next task. Threads
 * start on the first task and do not keep the process alive while idle.
 */

export interface ThreadPool<I, O> {
  run(input: I, transfer?: ArrayBuffer[]): Promise<O>;
  close(): Promise<void>;
}

type Reply<O> = { id: number; ok: true; value: O } | { id: number; ok: false; message: string };

interface Thread<O> {
  worker: Worker;
  inflight: Map<number, { resolve: (value: O) => void; reject: (err: Error) => void }>;
}

/**
 * Node options that let a thread or a child process load TypeScript when it runs from source (development
 * and tests, where the entry is a .ts file): the TypeScript loader the project runs with, and its source
 * conditions. Undefined for a built entry (a thread then takes no options; a child, its parent's flags).
 */
export function sourceExecArgv(entry: string): string[] | undefined {
  return entry.endsWith('.ts') ? ['--conditions=development', '--import', 'tsx'] : undefined;
}

export function createThreadPool<I, O>(entry: URL, size: number): ThreadPool<I, O> {
  const threads: Array<Thread<O>> = [];
  let nextId = 1;
  let closed = false;

  const fail = (thread: Thread<O>, err: Error) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    for (const task of thread.inflight.values()) task.reject(err);
    thread.inflight.clear();
  };

  const start = (): Thread<O> => {
    const execArgv = sourceExecArgv(entry.pathname);
    const worker = new Worker(entry, execArgv ? { execArgv } : {});
    const thread: Thread<O> = { worker, inflight: new Map() };
    worker.unref();
    worker.on('message', (reply: Reply<O>) => {
      const task = thread.inflight.get(reply.id);
      if (!task) return;
      thread.inflight.delete(reply.id);
      if (thread.inflight.size === 0) worker.unref();
      if (reply.ok) task.resolve(reply.value);
      else task.reject(new Error(reply.message));
    });
    worker.on('error', (err) => fail(thread, err));
    worker.on('exit', (code) => fail(thread, new Error(`The worker thread stopped (exit code ${code})`)));
    threads.push(thread);
    return thread;
  };

  const pick = (): Thread<O> => {
    if (threads.length < size) return start();
    return threads.reduce((a, b) => (b.inflight.size < a.inflight.size ? b : a));
  };

  return {
    run(input, transfer = []) {
      if (closed) return Promise.reject(new Error('The thread pool is closed'));
      const thread = pick();
      const id = nextId++;
      return new Promise<O>((resolve, reject) => {
        thread.inflight.set(id, { resolve, reject });
        thread.worker.ref();
        thread.worker.postMessage({ id, input }, transfer);
      });
    },
    async close() {
      closed = true;
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}

/** A worker module next to `base` (an import.meta.url): compiled JavaScript in a build, TypeScript from source. */
export function workerEntry(base: string, name: string): URL {
  return new URL(`./${name}${base.endsWith('.ts') ? '.ts' : '.js'}`, base);
}

export type OffThread<I, O> = ((input: I) => Promise<O>) & { close(): Promise<void> };

/**
 * `fn` run on `threads` worker threads (whose module `entry` serves the same function with serveTasks): the
 * work runs on other cores while this thread does its I/O. A task the threads fail (a thread that died) runs
 * here instead; with 0 threads every task runs here. `transferOf` names buffers of the input to move to the
 * thread rather than copy (a page's bytes): they are gone from the input here once it is sent, so a task
 * that moved any cannot run here after a failure (it fails with the thread's error) unless it failed
 * before it was sent (a closed pool).
 */
export function offThread<I, O>(
  entry: URL,
  threads: number,
  fn: (input: I) => O,
  transferOf?: (input: I) => ArrayBuffer[],
): OffThread<I, O> {
  if (threads <= 0)
    return Object.assign((input: I) => Promise.resolve(fn(input)), { close: () => Promise.resolve() });
  const pool = createThreadPool<I, O>(entry, threads);
  const run = (input: I) => {
    const moved = transferOf?.(input) ?? [];
    // A moved buffer reads as empty here (detached) once it was sent.
    const intact = () => moved.every((b) => b.byteLength > 0);
    return pool.run(input, moved).catch((err: unknown) => {
      if (!intact()) throw err;
      return fn(input);
    });
  };
  return Object.assign(run, { close: () => pool.close() });
}

/**
 * The memory of `bytes` when it can be moved to another thread as it is: a view of the whole of an
 * ArrayBuffer of its own (a Buffer cut from Node's shared pool of small buffers is not), not empty; else none.
 */
export function movableBuffer(bytes: Uint8Array): ArrayBuffer[] {
  const { buffer } = bytes;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  return buffer instanceof ArrayBuffer && whole && bytes.byteLength > 0 ? [buffer] : [];
}

/** The thread side: answers each task with `handle`'s value, or its error's message. */
export function serveTasks<I, O>(handle: (input: I) => O): void {
  const port = parentPort;
  if (!port) throw new Error('serveTasks runs in a worker thread');
  port.on('message', ({ id, input }: { id: number; input: I }) => {
    let reply: Reply<O>;
    try {
      reply = { id, ok: true, value: handle(input) };
    } catch (err) {
      reply = { id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
}
