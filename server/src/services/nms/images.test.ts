import { describe, expect, it } from 'vitest';
import { detectImage, IMAGE_MAX_BYTES, type DetectedImage } from './images.js';

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
  it('recognises GIF, JPEG and PNG by their first bytes and keeps the bytes as sent', () => {
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
