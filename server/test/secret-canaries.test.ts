import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from './spawn-server.js';

const PASSWORD = 'canary test admin passphrase';
const CANARIES = ['canary-http-5501', 'canary-rdp-5502', 'canary-google-5503', 'canary-nested-5504'];

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('secret canaries in a running server', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitefleet-canary-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('never writes a secret to the log (at trace level) or in clear to the database files', async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const { child, output } = spawnServer({
      DATA_DIR: dir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'trace',
      ADMIN_EMAIL: 'canary-admin@test.local',
      ADMIN_PASSWORD: PASSWORD,
      SEED_DEMO: 'false',
      DATABASE_URL: '',
    });
    const exited = new Promise<number | null>((r) => child.on('exit', r));
    try {
      await until(() => output().includes('listening on'), 90_000);
      const base = `http://127.0.0.1:${port}`;
      const call = async (method: string, url: string, token: string | null, body?: unknown) => {
        const res = await fetch(`${base}${url}`, {
          method,
          headers: {
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, text: await res.text() };
      };
      const login = await call('POST', '/ums/auth/login', null, {
        email: 'canary-admin@test.local',
        password: PASSWORD,
      });
      const token = (JSON.parse(login.text) as { access_token: string }).access_token;
      const site = await call('POST', '/dms/api/v1/websites', token, {
        url: 'canary-process.example',
        target_market: 'UK',
        http_auth_credentials: CANARIES[0],
        remote_desktop: { username: 'ops', password: CANARIES[1] },
        google_account: { username: 'ops@example.com', password: CANARIES[2] },
      });
      expect(site.status).toBe(201);
      const id = (JSON.parse(site.text) as { data: { id: number } }).data.id;
      const nested = await call('PUT', `/dms/api/v1/websites/${id}`, token, {
        remote_desktop: { username: 'ops', extra: { password: CANARIES[3] } },
        version: 1,
      });
      expect(nested.status).toBe(422);
      expect((await call('POST', '/ums/auth/step-up', token, { password: PASSWORD })).status).toBe(200);
      const revealed = await call('POST', `/dms/api/v1/websites/${id}/reveal`, token, {
        field: 'remote_desktop.password',
      });
      expect(JSON.parse(revealed.text)).toEqual({ data: { value: CANARIES[1] } });
      const list = await call('GET', '/dms/api/v1/websites?perPage=5000', token);
      expect(list.status).toBe(200);
      for (const c of CANARIES) expect(list.text).not.toContain(c);
    } finally {
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    // The log did record the calls (so it was searched, not empty), just never a value.
    expect(output()).toMatch(/websites\/(:id|\d+)\/reveal/);
    for (const c of CANARIES) expect(output()).not.toContain(c);
    const files = filesUnder(dir);
    expect(files.some((f) => readFileSync(f).includes('canary-process.example'))).toBe(true);
    expect(files.filter((f) => CANARIES.some((c) => readFileSync(f).includes(c)))).toEqual([]);
  }, 180_000); // a cold start of the server process (PGlite, migrations, job queue) on a busy machine
});
