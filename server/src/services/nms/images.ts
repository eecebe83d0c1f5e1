import { NOTIFICATION_IMAGE_TYPES } from '@sitefleet/shared';
import { reencodeImage } from './image-codec.js';
import { sanitizeSvg } from './sanitize.js';

export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** Longest accepted file name, in characters (the name is only kept for the record). */
export const IMAGE_NAME_MAX_LENGTH = 255;

/**
 * Why a client's file name is refused, or null. The stored image's name is the server's own; the client's
 * is kept for the record, so it must be a plain name: no control characters (NUL among them), no
 * direction overrides that make "gnp.exe" read as "exe.png", no path.
 */
export function fileNameProblem(name: string): string | null {
  if (!name.trim()) return 'The file has no name';
  if (name.length > IMAGE_NAME_MAX_LENGTH) {
    return `The file name is longer than ${IMAGE_NAME_MAX_LENGTH} characters`;
  }
  if (/[\p{Cc}\p{Cs}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(name)) {
    return 'The file name contains control or invalid characters';
  }
  if (/[/\\]/.test(name)) return 'The file name must not contain a path (/ or \\)';
  return null;
}

export type DetectedImage =
  { ext: 'gif' | 'jpg' | 'png' | 'svg'; contentType: string; bytes: Buffer } | { error: string };

/** Re-encoded output may outgrow its input a little (a palette image saved in full colour), not more. */
const OUTPUT_MAX_BYTES = 2 * IMAGE_MAX_BYTES;

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

/**
 * An uploaded file made safe to serve: detected by its bytes, then an SVG sanitised and a GIF, JPEG or PNG
 * decoded and re-encoded (see reencodeImage), so no byte of the upload is served as sent.
 */
export async function prepareImage(bytes: Buffer, filename: string): Promise<DetectedImage> {
  const found = detectImage(bytes, filename);
  if ('error' in found || found.ext === 'svg') return found;
  const clean = await reencodeImage(found.bytes, found.ext);
  if (!Buffer.isBuffer(clean)) return clean;
  if (clean.length > OUTPUT_MAX_BYTES) return { error: 'The image does not compress well enough to be kept' };
  return { ...found, bytes: clean };
}
