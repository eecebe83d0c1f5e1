import type { Sharp } from 'sharp';
import type sharpFactory from 'sharp';
import { declaredSize, type DeclaredSize, type RasterKind } from './image-header.js';

/** Largest decoded image: 40 megapixels (all frames of an animated GIF together). */
export const IMAGE_MAX_PIXELS = 40_000_000;
/** Longest side in pixels. */
export const IMAGE_MAX_SIDE = 16_384;
/** Frames of an animated GIF: past this, re-encoding costs more than any message image is worth. */
export const IMAGE_MAX_FRAMES = 1_000;

let loading: Promise<typeof sharpFactory> | null = null;

/**
 * sharp (libvips and its threads, about 20 MB resident) loads on the first upload, not at start: most
 * servers never re-encode an image. Configured once as it loads.
 */
function loadSharp(): Promise<typeof sharpFactory> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    // Uploads are decoded one at a time (the caller serialises them): libvips' own thread pool and
    // operation cache would only keep decoded pixels alive between uploads.
    sharp.cache(false);
    sharp.concurrency(1);
    // Only the decoders of the accepted types may run, whatever a file's bytes turn out to be.
    sharp.block({ operation: ['VipsForeignLoad'] });
    sharp.unblock({
      operation: ['VipsForeignLoadPngBuffer', 'VipsForeignLoadJpegBuffer', 'VipsForeignLoadNsgifBuffer'],
    });
    return sharp;
  });
  return loading;
}

const NAMES: Record<RasterKind, string> = { gif: 'GIF', jpg: 'JPEG', png: 'PNG' };
const SHARP_FORMATS: Record<RasterKind, string> = { gif: 'gif', jpg: 'jpeg', png: 'png' };
const fmt = (n: number) => n.toLocaleString('en-US');
const CAPS = `images may be at most ${fmt(IMAGE_MAX_SIDE)} pixels on a side and ${IMAGE_MAX_PIXELS / 1e6} megapixels`;

/** Why an image of this declared size is refused, or null when it is within the caps. */
export function sizeProblem(size: DeclaredSize): string | null {
  const { width, height, frames } = size;
  if (width > IMAGE_MAX_SIDE || height > IMAGE_MAX_SIDE) {
    return `The image is ${fmt(width)} x ${fmt(height)} pixels: ${CAPS}`;
  }
  if (frames > IMAGE_MAX_FRAMES) {
    return `The image has ${fmt(frames)} frames: animations may have at most ${fmt(IMAGE_MAX_FRAMES)}`;
  }
  if (width * height * frames > IMAGE_MAX_PIXELS) {
    const what =
      frames > 1
        ? `${fmt(frames)} frames of ${fmt(width)} x ${fmt(height)}`
        : `${fmt(width)} x ${fmt(height)}`;
    return `The image is ${what} pixels: ${CAPS}`;
  }
  return null;
}

function encoder(image: Sharp, kind: RasterKind, isPalette: boolean): Sharp {
  // A palette stays a palette (exactly: no dithering with at most 256 colours), not four bytes a pixel.
  if (kind === 'png') return image.png(isPalette ? { palette: true, dither: 0 } : {});
  // A second generation of a photo: high enough that the loss does not show.
  if (kind === 'jpg') return image.jpeg({ quality: 90 });
  return image.gif();
}

/**
 * Decodes a PNG, JPEG or GIF and encodes its pixels afresh in the same format, so nothing but pixels
 * survives: comments, text chunks, EXIF/XMP/ICC metadata and bytes after the image's end (where polyglots
 * hide their HTML or script) are gone. EXIF orientation is applied to the pixels first. Animated GIFs keep
 * every frame with its delay and loop count; an animated PNG keeps its still image only (the PNG decoder
 * reads no other frame). The declared size is checked against the caps before anything is decoded, and
 * again as the decoder reads the header.
 */
export async function reencodeImage(bytes: Buffer, kind: RasterKind): Promise<Buffer | { error: string }> {
  const name = NAMES[kind];
  const damaged = { error: `The ${name} image is damaged or incomplete` };
  const declared = declaredSize(bytes, kind);
  if (!declared) return damaged;
  const problem = sizeProblem(declared);
  if (problem) return { error: problem };
  const sharp = await loadSharp();
  const image = sharp(bytes, {
    limitInputPixels: IMAGE_MAX_PIXELS,
    animated: kind === 'gif',
    autoOrient: kind !== 'gif',
  });
  try {
    const meta = await image.metadata();
    if (meta.format !== SHARP_FORMATS[kind]) return damaged;
    const pages = meta.pages ?? 1;
    const frameHeight = meta.pageHeight ?? meta.height;
    const decoded = sizeProblem({ width: meta.width, height: frameHeight, frames: pages });
    if (decoded) return { error: decoded };
    return await encoder(image, kind, meta.isPalette).toBuffer();
  } catch (err) {
    // The decoder's message names its internals; the file's fault is all the client needs to know.
    if (err instanceof Error && /pixel limit/.test(err.message)) {
      return { error: `The image is too large: ${CAPS}` };
    }
    return damaged;
  }
}
