import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv } from './env';
import { repoRoot, webDist } from './paths';

export interface RunningServer {
  baseURL: string;
  stop: () => Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function waitForListening(child: ChildProcess, log: string[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready after ${timeoutMs} ms:\n${log.join('')}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      log.push(text);
      if (text.includes('listening on http://')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => log.push(chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${log.join('')}`));
    });
  });
}

/** Starts the real server on a free port with a fresh embedded database; stop() ends its process group. */
export async function startServer(
  admin: { email: string; password: string },
  /** More of the server's environment: where the local stand-ins of outside services listen. */
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sitefleet-e2e-'));
  const log: string[] = [];
  const child = spawn(
    process.execPath,
    ['--conditions=development', '--import', 'tsx', 'server/src/server.ts'],
    {
      cwd: repoRoot,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: cleanEnv({
        PORT: String(port),
        DATA_DIR: dataDir,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        WEB_DIST: webDist,
        LOG_LEVEL: 'warn',
        // the inventory specs browse the demo portfolio; its seed is deterministic, whatever the caller's env
        SEED_DEMO: 'true',
        // the job specs serve their pages from a local HTTP server and the WordPress specs reach the real
        // local sites (scripts/wordpress/up.sh: 127.0.0.2 to .4); nothing else may reach the internet, so the
        // deindex checker has no search-index provider whatever the caller's env holds
        OUTBOUND_ALLOW_HOSTS: '127.0.0.1,127.0.0.2,127.0.0.3,127.0.0.4',
        SERP_API_KEY: '',
        ...extraEnv,
      }),
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const stop = async () => {
    if (child.exitCode === null && child.pid) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      const killer = setTimeout(() => {
        try {
          process.kill(-child.pid!, 'SIGKILL');
        } catch {
          // already gone
        }
      }, 5_000);
      await exited;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForListening(child, log, 90_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL: `http://127.0.0.1:${port}/`, stop };
}
