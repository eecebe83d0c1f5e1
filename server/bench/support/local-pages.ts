import { spawn } from 'node:child_process';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';

/*
 * Pages a bench checks, served from a thread or a process of their own, as remote sites would from their own
 * machines: the bench's side starts the helper and waits for what it serves; the helper's side announces it
 * and stops when the bench closes it (or goes away).
 */

/** A running pages helper: what it announced (its ports), and how to stop it. */
export interface LocalPages<T> {
  served: T;
  close(): Promise<void>;
}

/** How long a helper may take to stop before its thread is terminated. */
const CLOSE_GRACE_MS = 5_000;

/** A worker thread does not inherit tsx's loader: a tiny module registers it, then imports the entry. */
function threadEntry(entry: URL): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry.href)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/** Starts the helper module `entry` in a worker thread, handing it `data` (helperInput() there). */
export async function pagesInThread<T>(entry: URL, data: unknown): Promise<LocalPages<T>> {
  const worker = new Worker(threadEntry(entry), { workerData: data });
  const served = await new Promise<T>((resolve, reject) => {
    worker.once('message', (m: T) => resolve(m));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the pages thread exited with code ${code}`)));
  });
  return {
    served,
    close: async () => {
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.postMessage('close');
      const timer = setTimeout(() => void worker.terminate(), CLOSE_GRACE_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts the helper module `entry` (a path) in a child process of its own, `data` as JSON in its argv[2]. */
export async function pagesInProcess<T>(entry: string, data: unknown): Promise<LocalPages<T>> {
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', entry, JSON.stringify(data)],
    { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
  );
  const served = await new Promise<T>((resolve, reject) => {
    child.once('message', (m) => resolve(m as T));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the pages process exited with code ${code}`)));
  });
  return {
    served,
    close: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send('close');
      await exited;
    },
  };
}

/** In a helper: what the bench handed it (workerData in a thread, argv[2] in a process). */
export function helperInput<T>(): T {
  return (isMainThread ? JSON.parse(process.argv[2] ?? '{}') : workerData) as T;
}

/** In a helper: whether this module runs as one (a worker thread, or a process the bench spawned). */
export const isPagesHelper = (): boolean => !isMainThread || typeof process.send === 'function';

/**
 * In a helper: tells the bench what it serves, then runs `stop` (closing its servers) when the bench says
 * close, or, in a process, when the bench goes away; a process then exits.
 */
export function serveUntilClosed(served: unknown, stop: () => void | Promise<void>): void {
  if (!isMainThread) {
    parentPort!.on('message', (m: unknown) => {
      if (m === 'close') void Promise.resolve(stop()).then(() => parentPort!.close());
    });
    parentPort!.postMessage(served);
    return;
  }
  const end = () => void Promise.resolve(stop()).then(() => process.exit(0));
  process.on('message', (m) => {
    if (m === 'close') end();
  });
  process.on('disconnect', end);
  process.send!(served);
}
