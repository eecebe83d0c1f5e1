import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  gifDeclaring,
  jpegDeclaring,
  PAYLOAD,
  pngDeclaring,
  polyglotGif,
  polyglotJpeg,
  polyglotPng,
} from '../../../test/fixtures/images.js';
import { IMAGE_MAX_PIXELS, IMAGE_MAX_SIDE } from './image-codec.js';
import { detectImage, fileNameProblem, IMAGE_MAX_BYTES, prepareImage, type DetectedImage } from './images.js';

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01,
  0x00, 0x00, 0xff, 0xd9,
]);

const ok = (r: DetectedImage) => {
  if ('error' in r) throw new Error(`refused: ${r.error}`);
  return r;
};
const refused = (r: DetectedImage) => {
  if (!('error' in r)) throw new Error(`accepted as ${r.contentType}`);
  return r.error;
};
const svg = (body: string) => Buffer.from(body, 'utf8');

describe('detectImage', () => {
  it('recognises GIF, JPEG and PNG by their first bytes (re-encoding comes after)', () => {
    for (const [bytes, name, ext, type] of [
      [GIF, 'a.gif', 'gif', 'image/gif'],
      [Buffer.concat([Buffer.from('GIF87a'), GIF.subarray(6)]), 'old.gif', 'gif', 'image/gif'],
      [PNG, 'b.png', 'png', 'image/png'],
      [PNG, 'SHOUTING.PNG', 'png', 'image/png'],
      [JPEG, 'c.jpg', 'jpg', 'image/jpeg'],
      [JPEG, 'c.jpeg', 'jpg', 'image/jpeg'],
    ] as const) {
      const r = ok(detectImage(bytes, name));
      expect(r).toMatchObject({ ext, contentType: type });
      expect(r.bytes.equals(bytes)).toBe(true);
    }
  });

  it('refuses a file whose name and content disagree', () => {
    expect(refused(detectImage(PNG, 'photo.gif'))).toMatch(/PNG image, not GIF/);
    expect(refused(detectImage(GIF, 'photo.jpg'))).toMatch(/GIF image, not JPG/);
    expect(refused(detectImage(JPEG, 'photo.png'))).toMatch(/JPG image, not PNG/);
    expect(refused(detectImage(PNG, 'photo.svg'))).toMatch(/PNG image, not SVG/);
    expect(
      refused(detectImage(svg('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'), 'x.png')),
    ).toMatch(/SVG image, not PNG/);
  });

  it('refuses names outside the allowed types, whatever the bytes', () => {
    for (const name of ['a', 'a.html', 'a.png.html', 'a.svgz', 'a.webp', 'a.bmp', 'a.exe', 'png', '.png.']) {
      expect(refused(detectImage(PNG, name)), name).toMatch(/Only gif, jpeg, jpg, png, svg/);
    }
  });

  it('refuses content that is not an image', () => {
    const notImages = [
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
      '<html><svg onload=alert(1)></svg></html>',
      'GIF8 is not enough',
      'GIF89b',
      '\x89PNG\r\n', // a truncated signature
      'just text',
      '%PDF-1.7',
      'x<svg xmlns="http://www.w3.org/2000/svg"></svg>',
    ];
    for (const text of notImages) {
      expect(refused(detectImage(Buffer.from(text, 'latin1'), 'a.png')), text).toMatch(/not a gif/);
    }
    expect(refused(detectImage(Buffer.alloc(0), 'a.png'))).toMatch(/empty/);
  });

  it('sanitises an SVG and serves the cleaned text', () => {
    const r = ok(
      detectImage(
        svg(
          '\uFEFF<?xml version="1.0" encoding="UTF-8"?><!-- made by hand --><!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">' +
            '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script>' +
            '<foreignObject><iframe src="javascript:alert(3)"/></foreignObject>' +
            '<a href="javascript:alert(4)"><rect width="5" height="5"/></a>' +
            '<use href="https://evil.example/s.svg#x"/><circle r="2" fill="red"/></svg>',
        ),
        'logo.svg',
      ),
    );
    expect(r.contentType).toBe('image/svg+xml');
    expect(r.ext).toBe('svg');
    const text = r.bytes.toString('utf8');
    expect(text.startsWith('<svg')).toBe(true);
    expect(text).toContain('<circle r="2" fill="red"');
    expect(text).toContain('<rect width="5" height="5"');
    expect(text).not.toMatch(/onload|<script|alert|foreignObject|javascript:|evil\.example|<a\b/);
  });

  it('refuses an SVG declaring entities (billion laughs, external entities)', () => {
    const xxe = [
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>',
      '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg"><text>&b;</text></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><!ENTITY late "x"><circle r="1"/></svg>',
    ];
    for (const body of xxe) expect(refused(detectImage(svg(body), 'x.svg'))).toMatch(/entity/i);
  });

  it('refuses an SVG with nothing drawable left', () => {
    expect(refused(detectImage(svg('<SVG onload="alert(1)"></SVG>'), 'x.svg'))).toMatch(/not a gif/);
  });

  it('caps images at 5 MB', () => {
    expect(IMAGE_MAX_BYTES).toBe(5 * 1024 * 1024);
  });
});

describe('prepareImage', () => {
  const prepared = async (bytes: Buffer, name: string) => ok(await prepareImage(bytes, name));

  it('re-encodes a PNG: text chunks and bytes after IEND are gone, the pixels stay', async () => {
    const upload = await polyglotPng(30, 20);
    const r = await prepared(upload, 'chart.png');
    expect(r).toMatchObject({ ext: 'png', contentType: 'image/png' });
    for (const marker of [PAYLOAD, 'tEXt']) {
      expect(upload.includes(marker), `${marker} in the upload`).toBe(true);
      expect(r.bytes.includes(marker), marker).toBe(false);
    }
    const meta = await sharp(r.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 30, 20]);
    const { data } = await sharp(r.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([200, 80, 20]);
  });

  it('keeps a palette PNG a palette, pixel for pixel', async () => {
    const raw = Buffer.alloc(64 * 48 * 3);
    for (let i = 0; i < 64 * 48; i += 1) raw.set([(i % 7) * 30, (i % 5) * 50, (i % 3) * 90], i * 3);
    const upload = await sharp(raw, { raw: { width: 64, height: 48, channels: 3 } })
      .png({ palette: true, colours: 128, dither: 0 })
      .toBuffer();
    const r = await prepared(upload, 'palette.png');
    expect((await sharp(r.bytes).metadata()).isPalette).toBe(true);
    const pixels = (png: Buffer) => sharp(png).raw().toBuffer();
    expect((await pixels(r.bytes)).equals(await pixels(upload))).toBe(true);
  });

  it('re-encodes a JPEG upright, without its comment, EXIF, XMP or ICC profile', async () => {
    const upload = await polyglotJpeg();
    const r = await prepared(upload, 'photo.jpeg');
    expect(r).toMatchObject({ ext: 'jpg', contentType: 'image/jpeg' });
    for (const marker of ['polyglot', 'Exif', 'adobe:ns:meta', 'ICC_PROFILE']) {
      expect(upload.includes(marker), `${marker} in the upload`).toBe(true);
      expect(r.bytes.includes(marker), marker).toBe(false);
    }
    const meta = await sharp(r.bytes).metadata();
    expect([meta.format, meta.width, meta.height, meta.orientation]).toEqual(['jpeg', 20, 30, undefined]);
  });

  it('re-encodes an animated GIF keeping its frames, delays and loop, without its comment', async () => {
    const upload = await polyglotGif();
    const r = await prepared(upload, 'anim.gif');
    expect(r).toMatchObject({ ext: 'gif', contentType: 'image/gif' });
    expect(upload.includes(PAYLOAD)).toBe(true);
    expect(r.bytes.includes('polyglot')).toBe(false);
    const meta = await sharp(r.bytes, { animated: true }).metadata();
    expect([meta.width, meta.pageHeight, meta.pages, meta.loop]).toEqual([30, 20, 3, 0]);
    expect(meta.delay).toEqual([100, 200, 300]);
  });

  it('refuses a pixel bomb from its header, before decoding it', async () => {
    const cases: Array<[Buffer, string, RegExp]> = [
      [pngDeclaring(50_000, 50_000), 'bomb.png', /50,000 x 50,000 pixels/],
      [pngDeclaring(IMAGE_MAX_SIDE, IMAGE_MAX_SIDE), 'square.png', /16,384 x 16,384 pixels/],
      [gifDeclaring(65_535, 65_535, 1, 1), 'bomb.gif', /65,535 x 65,535 pixels/],
      [gifDeclaring(1, 1, 65_535, 30_000), 'frame.gif', /65,535 x 30,000 pixels/],
      [jpegDeclaring(16_000, 16_000), 'bomb.jpg', /16,000 x 16,000 pixels/],
    ];
    for (const [bytes, name, message] of cases) {
      const started = performance.now();
      const error = refused(await prepareImage(bytes, name));
      expect(error, name).toMatch(message);
      expect(error, name).toContain('at most 16,384 pixels on a side and 40 megapixels');
      expect(performance.now() - started, name).toBeLessThan(200);
    }
    expect(IMAGE_MAX_PIXELS).toBe(40_000_000);
  });

  it('refuses a file the decoder cannot read', async () => {
    const png = await polyglotPng();
    expect(refused(await prepareImage(png.subarray(0, 60), 'cut.png'))).toBe(
      'The PNG image is damaged or incomplete',
    );
    expect(refused(await prepareImage(JPEG, 'empty.jpg'))).toBe('The JPEG image is damaged or incomplete');
  });

  it('sanitises an SVG rather than decoding it', async () => {
    const r = await prepared(svg('<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>'), 'a.svg');
    expect(r.bytes.toString('utf8')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"></circle></svg>',
    );
  });
});

describe('fileNameProblem', () => {
  it('accepts plain names, accents and spaces included', () => {
    for (const name of ['chart.png', 'Graphique été 2026.PNG', 'a'.repeat(251) + '.png', 'ユーザー.gif']) {
      expect(fileNameProblem(name), name).toBeNull();
    }
  });

  it('refuses control characters, direction overrides, paths and over-long names', () => {
    const cases: Array<[string, RegExp]> = [
      ['a\u0000.png', /control/],
      ['a\n.png', /control/],
      ['a\u007f.png', /control/],
      ['a\u0085.png', /control/],
      ['invoice\u202egnp.exe', /control/],
      ['a\ud800.png', /control or invalid/],
      ['../../etc/passwd.png', /path/],
      ['C:\\Users\\me\\a.png', /path/],
      ['dir/a.png', /path/],
      ['a'.repeat(252) + '.png', /longer than 255 characters/],
      ['   ', /no name/],
    ];
    for (const [name, message] of cases) expect(fileNameProblem(name), JSON.stringify(name)).toMatch(message);
  });
});
