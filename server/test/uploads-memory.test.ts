import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noisyPng } from './fixtures/images.js';
import { IMAGES_URL } from './fixtures/multipart.js';
import { DATABASES, scratchPostgres } from './helper.js';
import { spawnServer } from './spawn-server.js';

/**
 * How much ten concurrent 5 MB uploads may grow the server process's resident memory. Each upload holds
 * its file (read into one buffer of the request's size) while it waits its turn; one at a time, an upload
 * is decoded in strips, re-encoded (about 5 MB for noise) and handed to the driver (as base64 text on
 * PGlite, 7 MB). Measured over several runs on a 2-core machine: +60 to +115 MB on embedded PGlite (on
 * disk, as `npm start` runs it) and +100 to +145 MB on PostgreSQL, the rest being chunks the garbage
 * collector had not yet freed. Before re-encoding, one such upload grew the server by about 420 MB and
 * ten by over 1 GB. The bound leaves room for a slower collector on a busier machine.
 */
const MEMORY_BOUND_MB = 200;
const ADMIN_EMAIL = 'memory@test.local';
const ADMIN_PASSWORD = 'memory test passphrase';

/** Resident and peak resident memory of a process, in MB (Linux). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function waitFor(check: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

for (const kind of DATABASES) {
  describe(`image upload memory (${kind})`, () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sitefleet-upload-memory-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const origin = `http://127.0.0.1:${port}`;
    let server: ReturnType<typeof spawnServer>;
    let drop: (() => Promise<void>) | null = null;
    let authorization = '';

    beforeAll(async () => {
      const env: NodeJS.ProcessEnv = {
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        DATABASE_URL: '',
      };
      if (kind === 'postgres') {
        const scratch = await scratchPostgres();
        drop = scratch.drop;
        Object.assign(env, {
          DATABASE_URL: scratch.url,
          SECRETS_KEY: randomBytes(32).toString('hex'),
          JWT_SECRET: randomBytes(48).toString('base64url'),
        });
      }
      server = spawnServer(env);
      await waitFor(() => server.output().includes('listening on'), 90_000);
      const login = await fetch(`${origin}/ums/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
      });
      expect(login.status).toBe(200);
      authorization = `Bearer ${((await login.json()) as { access_token: string }).access_token}`;
    }, 120_000);

    afterAll(async () => {
      if (server.child.exitCode === null) {
        const exited = new Promise((r) => server.child.once('exit', r));
        server.child.kill('SIGTERM');
        await exited;
      }
      await drop?.();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const upload = async (name: string, bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      const res = await fetch(`${origin}${IMAGES_URL}`, {
        method: 'POST',
        headers: { authorization, authtype: 'password' },
        body: form,
      });
      return { status: res.status, body: await res.text() };
    };

    it('takes ten concurrent 5 MB uploads within a bounded growth of the server', async () => {
      const images = await Promise.all(
        Array.from({ length: 11 }, (_, i) => noisyPng(5 * 1024 * 1024, i + 1)),
      );
      // The first upload loads the codec and grows the database's buffers to a row of this size.
      const warm = await upload('warm.png', images.pop()!);
      expect(warm.status, warm.body).toBe(201);
      const pid = server.child.pid!;
      const base = memoryOf(pid).rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 10);
      const started = performance.now();
      const replies = await Promise.all(images.map((bytes, i) => upload(`noise-${i}.png`, bytes)));
      clearInterval(sampler);
      peak = Math.max(peak, memoryOf(pid).rss);
      console.info(
        `${kind}: ten ${(images[0]!.length / 2 ** 20).toFixed(2)} MB uploads in ${Math.round(performance.now() - started)} ms; ` +
          `server rss ${Math.round(base)} MB before, ${Math.round(peak)} MB at most (+${Math.round(peak - base)} MB)`,
      );
      expect(replies.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(peak - base).toBeLessThan(MEMORY_BOUND_MB);
    }, 120_000);

    it('answers a file past the limit with 413 over HTTP, without holding it', async () => {
      const huge = Buffer.alloc(64 * 1024 * 1024);
      const pid = server.child.pid!;
      const base = memoryOf(pid).rss;
      let peak = base;
      const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rss)), 10);
      const r = await upload('huge.png', huge);
      clearInterval(sampler);
      expect(r.status).toBe(413);
      expect(JSON.parse(r.body)).toEqual({
        error: { code: 'payload_too_large', message: 'Images are limited to 5 MB' },
      });
      expect(peak - base).toBeLessThan(32);
    });
  });
}
