import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD } from '../src/plugins/compression.js';
import { createTestApp, type TestApp } from './helper.js';

/** A console build as web/vite.config.ts leaves it: each compressible file with its .br and .gz siblings. */
function fakeBuild(dir: string): { html: Buffer; script: Buffer; unpaired: Buffer } {
  const html = Buffer.from(`<!doctype html><html><body>${'<div id="root"></div>'.repeat(200)}</body></html>`);
  const script = Buffer.from(`export const rows = [${'{"name":"sitefleet","id":1},'.repeat(400)}];\n`);
  const unpaired = Buffer.from(`console.log(${JSON.stringify('no siblings '.repeat(300))});\n`);
  mkdirSync(path.join(dir, 'assets'));
  const withSiblings = (file: string, body: Buffer) => {
    writeFileSync(path.join(dir, file), body);
    writeFileSync(path.join(dir, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${file}.gz`), gzipSync(body, { level: 9 }));
  };
  withSiblings('index.html', html);
  withSiblings('assets/index-AbC123xy.js', script);
  writeFileSync(path.join(dir, 'assets/plain-ZyX987ab.js'), unpaired);
  return { html, script, unpaired };
}

const decode = (encoding: string | undefined, body: Buffer): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

describe('compression', () => {
  let t: TestApp;
  let dist: string;
  let files: ReturnType<typeof fakeBuild>;
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), 'sitefleet-dist-'));
    files = fakeBuild(dist);
    t = await createTestApp('pglite', { webDist: dist });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding: string | null, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: { ...headers, ...(acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding }) },
    });

  describe('console files, compressed at build time', () => {
    it.each([
      ['br', 'gzip, deflate, br', 'br'],
      ['gzip', 'gzip, deflate', 'gzip'],
      ['identity', 'identity', undefined],
      ['no header', null, undefined],
    ])(
      'answers a hashed asset (%s) with the matching file and immutable caching',
      async (_, accept, sent) => {
        const res = await get('/assets/index-AbC123xy.js', accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(sent);
        expect(res.headers['content-type']).toMatch(/javascript/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decode(sent, res.rawPayload).equals(files.script)).toBe(true);
        if (sent) expect(res.rawPayload.length).toBeLessThan(files.script.length / 4);
      },
    );

    it.each([
      ['br', 'br', 'br'],
      ['gzip', 'gzip', 'gzip'],
      ['identity', 'identity', undefined],
    ])('answers index.html (%s) at / and keeps it revalidated', async (_, accept, sent) => {
      for (const url of ['/', '/index.html']) {
        const res = await get(url, accept);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(sent);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(decode(sent, res.rawPayload).equals(files.html)).toBe(true);
      }
    });

    it('sends a file without siblings as it is, never compressing it per request', async () => {
      const res = await get('/assets/plain-ZyX987ab.js', 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.rawPayload.equals(files.unpaired)).toBe(true);
    });

    it('does not serve the compressed siblings under their own names', async () => {
      expect((await get('/assets/index-AbC123xy.js.br', null)).statusCode).toBe(404);
      expect((await get('/index.html.gz', null)).statusCode).toBe(404);
    });
  });

  describe('API answers', () => {
    const list = '/ums/api/v1/permissions?perPage=100';

    it.each([
      ['br', 'gzip, deflate, br'],
      ['gzip', 'gzip, deflate'],
    ])('compresses a long list with %s when the client accepts it', async (encoding, accept) => {
      const admin = await t.as('ADMIN');
      const plain = await get(list, null, admin);
      expect(plain.statusCode).toBe(200);
      expect(plain.rawPayload.length).toBeGreaterThan(10 * COMPRESS_THRESHOLD);

      const res = await get(list, accept, admin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(JSON.parse(decode(encoding, res.rawPayload).toString())).toEqual(plain.json());
    });

    it('answers uncompressed when the client asks for identity or sends no header', async () => {
      const admin = await t.as('ADMIN');
      for (const accept of ['identity', null]) {
        const res = await get(list, accept, admin);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect((res.json() as { data: unknown[] }).data.length).toBeGreaterThan(0);
      }
    });

    it('leaves a body under the threshold as it is', async () => {
      const res = await get('/dms/health/heartbeat', 'br, gzip');
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect((res.json() as { data: number }).data).toBeGreaterThan(0);
    });

    it('leaves a small error answer as it is', async () => {
      const res = await get('/ums/api/v1/permissions?perPage=100', 'br');
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-encoding']).toBeUndefined();
    });
  });
});
