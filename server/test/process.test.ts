import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
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

/**
 * Opens a connection and sends a request's headers with `Expect: 100-continue`; resolves once the server
 * has answered 100 Continue (it has read the headers and started the request). finish() sends the body and
 * resolves with the final response's status line and headers.
 */
async function beginRequest(
  port: number,
  method: string,
  url: string,
  json: unknown,
): Promise<{ finish: () => Promise<string> }> {
  const body = JSON.stringify(json);
  const socket = connect(port, '127.0.0.1');
  let received = '';
  const ended = new Promise<string>((resolve, reject) => {
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('end', () => resolve(received));
    socket.on('error', reject);
  });
  socket.write(
    `${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
  );
  await waitFor(() => received.includes('100 Continue\r\n\r\n'), 30_000);
  return {
    finish: async () => {
      socket.write(body);
      const all = await ended;
      return all.slice(all.indexOf('\r\n\r\n') + 4);
    },
  };
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
    // the first run (prepared by a child process) granted every seeded role the permissions of the routes
    const { access_token: token } = (await login.json()) as { access_token: string };
    const roles = await fetch(`http://127.0.0.1:${port}/ums/api/v1/roles?perPage=100`, {
      headers: { authorization: `Bearer ${token}`, authtype: 'password' },
    });
    const { data } = (await roles.json()) as { data: Array<{ name: string; permissions: number[] }> };
    expect(data.length).toBeGreaterThan(1);
    // (ADMIN holds every permission without grants)
    for (const role of data.filter((r) => r.name !== 'ADMIN'))
      expect(role.permissions.length, role.name).toBeGreaterThan(100);
    expect(existsSync(path.join(dir, 'sitefleet.lock'))).toBe(true);

    const second = start(dir, port + 1);
    expect(await second.exited).toBe(2);
    expect(second.output()).toMatch(/in use by another Sitefleet process/);

    // A request the server has begun (its headers read, which the 100 Continue shows) finishes during
    // shutdown. Its body is sent only after SIGTERM, so the request is in flight for certain.
    const inflight = await beginRequest(port, 'POST', '/ums/auth/login', {
      email: 'admin@sitefleet.local',
      password,
    });
    first.child.kill('SIGTERM');
    expect(await inflight.finish()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await first.exited).toBe(0);
    expect(existsSync(path.join(dir, 'sitefleet.lock'))).toBe(false);

    const third = start(dir, port + 2);
    await waitFor(() => third.output().includes('listening on'), 60_000);
    expect(third.output()).not.toMatch(/Generated admin password/);
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000); // three cold starts of a process (PGlite, migrations, job queue), on a busy CI machine too

  it('prepares a new data folder only under its lock: a folder another live process holds is left untouched', async () => {
    const fresh = mkdtempSync(path.join(tmpdir(), 'sitefleet-proc-locked-'));
    try {
      // this test process holds the lock, as another server would
      writeFileSync(path.join(fresh, 'sitefleet.lock'), String(process.pid));
      const server = start(fresh, 20000 + Math.floor(Math.random() * 20000));
      expect(await server.exited).toBe(2);
      expect(server.output()).toMatch(/in use by another Sitefleet process/);
      expect(existsSync(path.join(fresh, 'pg'))).toBe(false);
      expect(existsSync(path.join(fresh, 'keys.json'))).toBe(false);
    } finally {
      rmSync(fresh, { recursive: true, force: true });
    }
  }, 60_000);
});
