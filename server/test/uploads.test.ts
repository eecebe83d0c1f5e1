import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  gifDeclaring,
  jpegDeclaring,
  PAYLOAD,
  pngDeclaring,
  polyglotGif,
  polyglotJpeg,
  noisyPng,
  polyglotPng,
} from './fixtures/images.js';
import { createTestApp, DATABASES, loggedTestApp, type DbKind, type TestApp } from './helper.js';
import { buildUploadBody, IMAGES_URL, type UploadBody } from './fixtures/multipart.js';

interface Reply {
  data: { url: string };
  error: { code: string; message: string; fields?: Record<string, string> };
}

for (const kind of DATABASES) {
  describe(`image uploads (${kind})`, () => {
    let t: TestApp;
    let admin: Record<string, string>;

    beforeAll(async () => {
      t = await createTestApp(kind);
      admin = await t.as('ADMIN');
    });
    afterAll(() => t.close());

    const send = (body: UploadBody) =>
      t.call<Reply>({
        method: 'POST',
        url: IMAGES_URL,
        headers: { ...admin, ...body.headers },
        payload: body.payload,
      });
    const upload = (filename: string, content: Buffer) => send(buildUploadBody(filename, content));
    const stored = async (name: string) =>
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM uploads WHERE original_name = $1', [
          name,
        ])
      ).rows[0]!.n;

    it('serves polyglot PNG, JPEG and GIF files re-encoded, without their payload', async () => {
      const cases = [
        ['poly.png', await polyglotPng(30, 20), 'image/png', [30, 20, 1]],
        // EXIF orientation 6: stored 30 x 20, served upright as 20 x 30.
        ['poly.jpg', await polyglotJpeg(), 'image/jpeg', [20, 30, 1]],
        ['poly.gif', await polyglotGif(), 'image/gif', [30, 20, 3]],
      ] as const;
      for (const [name, bytes, type, [width, height, frames]] of cases) {
        expect(bytes.includes(PAYLOAD), name).toBe(true);
        const r = await upload(name, bytes);
        expect(r.status, `${name}: ${JSON.stringify(r.body)}`).toBe(201);
        const res = await t.app.inject({ method: 'GET', url: r.body.data.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe(type);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(String(res.headers['content-security-policy'])).toContain('sandbox');
        const served = res.rawPayload;
        expect(served.equals(bytes), name).toBe(false);
        for (const part of ['<script', 'alert(', '<html', 'polyglot']) {
          expect(served.includes(part), `${name} still holds ${part}`).toBe(false);
        }
        const meta = await sharp(served, { animated: true }).metadata();
        expect([meta.width, meta.pageHeight ?? meta.height, meta.pages ?? 1], name).toEqual([
          width,
          height,
          frames,
        ]);
        const row = await t.db.query<{ size: number }>('SELECT size FROM uploads WHERE token = $1', [
          r.body.data.url.split('/').pop(),
        ]);
        expect(row.rows[0]!.size).toBe(served.length);
      }
    });

    it('refuses pixel bombs from their header with 422, nothing stored', async () => {
      // A 291 kB PNG declaring 50,000 x 50,000, as found: its IDAT is padding the header check never reads.
      const bomb = Buffer.concat([pngDeclaring(50_000, 50_000), randomBytes(290_000)]);
      const cases: Array<[string, Buffer, string]> = [
        ['bomb.png', bomb, 'The image is 50,000 x 50,000 pixels'],
        ['bomb.gif', gifDeclaring(65_535, 65_535, 1, 1), 'The image is 65,535 x 65,535 pixels'],
        ['frame-bomb.gif', gifDeclaring(1, 1, 65_535, 65_535), 'The image is 65,535 x 65,535 pixels'],
        ['bomb.jpg', jpegDeclaring(10_000, 10_000), 'The image is 10,000 x 10,000 pixels'],
      ];
      for (const [name, bytes, message] of cases) {
        const r = await upload(name, bytes);
        expect(r.status, name).toBe(422);
        expect(r.body.error.code).toBe('validation_failed');
        expect(r.body.error.message).toBe(
          `${message}: images may be at most 16,384 pixels on a side and 40 megapixels`,
        );
        expect(r.body.error.fields?.file).toBe(r.body.error.message);
        expect(await stored(name), name).toBe(0);
      }
    });

    it('refuses bad file names with 400, never a 500', async () => {
      const cases: Array<[string, string]> = [
        ['a\u0000.png', 'The file name contains control or invalid characters'],
        ['a\u0001b.png', 'The file name contains control or invalid characters'],
        ['a\tb.png', 'The file name contains control or invalid characters'],
        ['photo\u202egnp.exe.png', 'The file name contains control or invalid characters'],
        ['../../etc/passwd.png', 'The file name must not contain a path (/ or \\)'],
        ['..\\..\\boot.png', 'The file name must not contain a path (/ or \\)'],
        [`${'a'.repeat(300)}.png`, 'The file name is longer than 255 characters'],
      ];
      const png = await polyglotPng();
      for (const [name, message] of cases) {
        const r = await upload(name, png);
        expect(r.status, JSON.stringify(name)).toBe(400);
        expect(r.body.error).toEqual({ code: 'bad_request', message });
      }
      // The same NUL sent as RFC 5987 percent-encoding.
      const encoded = buildUploadBody('', png, `filename*=UTF-8''a%00.png`);
      const r = await send(encoded);
      expect(r.status).toBe(400);
      expect(r.body.error.message).toBe('The file name contains control or invalid characters');
      const rows = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM uploads WHERE original_name LIKE '%passwd%' OR length(original_name) > 255`,
      );
      expect(rows.rows[0]!.n).toBe(0);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const big = Buffer.concat([await polyglotPng(), Buffer.alloc(5 * 1024 * 1024)]);
      const r = await upload('big.png', big);
      expect(r.status).toBe(413);
      expect(r.body.error).toEqual({ code: 'payload_too_large', message: 'Images are limited to 5 MB' });
      expect(await stored('big.png')).toBe(0);
    });
  });

  describe(`image upload logs (${kind})`, () => {
    const lines: string[] = [];
    let server: Awaited<ReturnType<typeof loggedApp>>;

    beforeAll(async () => {
      server = await loggedApp(kind, lines);
    });
    afterAll(() => server.close());

    it('logs no file bytes, even when storing the upload fails', async () => {
      const image = await noisyPng(512 * 1024, 7);
      const upload = Buffer.concat([image, Buffer.from(PAYLOAD)]);
      const fromHere = lines.length;
      // The database refuses the row: the driver's error then carries the bound parameters, the image among them.
      await server.db.query('ALTER TABLE uploads ADD CONSTRAINT uploads_refused CHECK (size < 0)');
      try {
        const failed = await server.send(buildUploadBody('refused.png', upload));
        expect(failed.statusCode).toBe(500);
        expect(failed.json()).toEqual({
          error: { code: 'internal', message: 'Something went wrong on the server' },
        });
      } finally {
        await server.db.query('ALTER TABLE uploads DROP CONSTRAINT uploads_refused');
      }
      const refusals = [
        buildUploadBody('a\u0000.png', upload),
        buildUploadBody('big.png', Buffer.concat([upload, Buffer.alloc(5 * 1024 * 1024)])),
        buildUploadBody('bomb.png', Buffer.concat([pngDeclaring(50_000, 50_000), upload])),
      ];
      expect((await Promise.all(refusals.map((b) => server.send(b)))).map((r) => r.statusCode)).toEqual([
        400, 413, 422,
      ]);
      const log = lines.slice(fromHere).join('');
      const failure = lines.slice(fromHere).find((l) => l.includes('"level":50'));
      expect(failure, log.slice(0, 2000)).toMatch(/uploads_refused|23514/);
      expect(log).not.toContain('polyglot');
      expect(log).not.toMatch(/(\d{1,3},){32}/); // a buffer serialised as a number array
      expect(log).not.toMatch(/[A-Za-z0-9+/]{200}/); // or as base64
      expect(log).not.toContain(image.subarray(16, 48).toString('hex'));
      expect(log.length).toBeLessThan(16 * 1024);
    });
  });
}

/** A test app whose log lines (JSON, at info level) are captured, with a sender of uploads. */
async function loggedApp(kind: DbKind, lines: string[]) {
  const logged = await loggedTestApp(kind, lines, { logLevel: 'info' });
  const send = (body: UploadBody) =>
    logged.app.inject({
      method: 'POST',
      url: IMAGES_URL,
      headers: { authorization: `Bearer ${logged.token}`, authtype: 'password', ...body.headers },
      payload: body.payload,
    });
  return { db: logged.db, send, close: logged.close };
}
