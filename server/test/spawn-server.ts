import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

/** Starts server/src/server.ts as a child process with extra environment; collects what it prints. */
export function spawnServer(env: NodeJS.ProcessEnv): { child: ChildProcess; output: () => string } {
  let out = '';
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', 'server/src/server.ts'],
    {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  return { child, output: () => out };
}
