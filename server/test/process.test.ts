import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './spawn-server.js';

function start(
  dataDir: string,
  port: number,
): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const { child, output: printed } = spawnServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: '',
    ADMIN_PASSWORD: '',
    DATABASE_URL: '',
  });
  let done = false;
  const exited = new Promise<number | null>((r) =>
    child.on('exit', (code) => {
      done = true;
      r(code);
    }),
  );
  const output = () => {
    const out = printed();
    if (done && !out.includes('listening on') && !out.includes('in use'))
      throw new Error(`server exited: ${out}`);
    return out;
  };
  return { child, output, exited };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the server process (embedded PGlite)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitefleet-proc-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('prints the admin login once, locks its data folder, and shuts down cleanly on SIGTERM', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const first = start(dir, port);
    await waitFor(() => first.output().includes('listening on'), 60_000);
    expect(first.output()).toMatch(/sign in as admin@sitefleet\.local/);
    const password = /Generated admin password[^:]*: (\S+)/.exec(first.output())?.[1];
    expect(password).toBeTruthy();
    const login = await fetch(`http://127.0.0.1:${port}/ums/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@sitefleet.local', password }),
    });
    expect(login.status).toBe(200);
    expect(existsSync(path.join(dir, 'sitefleet.lock'))).toBe(true);

    const second = start(dir, port + 1);
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(/in use by another Sitefleet process/);

    // An in-flight request finishes during shutdown.
    const inflight = fetch(`http://127.0.0.1:${port}/dms/health/heartbeat`);
    first.child.kill('SIGTERM');
    expect((await inflight).status).toBe(200);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dir, 'sitefleet.lock'))).toBe(false);

    const third = start(dir, port + 2);
    await waitFor(() => third.output().includes('listening on'), 60_000);
    expect(third.output()).not.toMatch(/Generated admin password/);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000); // three cold starts of a process (PGlite, migrations, job queue), on a busy CI machine too
});
