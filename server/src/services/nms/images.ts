import { NOTIFICATION_IMAGE_TYPES } from '@sitefleet/shared';
import { sanitizeSvg } from './sanitize.js';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export type DetectedImage =
  { ext: 'gif' | 'jpg' | 'png' | 'svg'; contentType: string; bytes: Buffer } | { error: string };

const startsWith = (b: Buffer, sig: number[]) => sig.every((v, i) => b[i] === v);

/**
 * What an uploaded file really is, from its first bytes: GIF, JPEG, PNG, or an SVG document (then
 * sanitised). The file name's extension must be one of the allowed types and agree with the content.
 */
export function detectImage(bytes: Buffer, filename: string): DetectedImage {
  const allowed = NOTIFICATION_IMAGE_TYPES.join(', ');
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase() ?? '';
  if (!(NOTIFICATION_IMAGE_TYPES as readonly string[]).includes(ext)) {
    return { error: `Only ${allowed} images can be uploaded` };
  }
  if (!bytes.length) return { error: 'The file is empty' };
  let found: DetectedImage | null = null;
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  ) {
    found = { ext: 'gif', contentType: 'image/gif', bytes };
  } else if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    found = { ext: 'jpg', contentType: 'image/jpeg', bytes };
  } else if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    found = { ext: 'png', contentType: 'image/png', bytes };
  } else {
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const head = text
      .replace(/^\s*<\?xml[^>]*\?>/, '')
      .replace(/^(\s*<!--[\s\S]*?-->)*/, '')
      .replace(/^\s*<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (/^\s*<svg[\s>]/.test(head)) {
      if (/<!ENTITY/i.test(text)) return { error: 'SVG files with entity declarations are refused' };
      const clean = sanitizeSvg(head);
      if (!clean) return { error: 'The SVG has no drawable content' };
      found = { ext: 'svg', contentType: 'image/svg+xml', bytes: Buffer.from(clean, 'utf8') };
    }
  }
  if (!found) return { error: `The file is not a ${allowed} image` };
  const expected = ext === 'jpeg' ? 'jpg' : ext;
  if (found.ext !== expected)
    return { error: `The file is a ${found.ext.toUpperCase()} image, not ${ext.toUpperCase()}` };
  return found;
}
