/** The canvas an image declares, read from its header without decoding any pixel. */
export interface DeclaredSize {
  width: number;
  height: number;
  /** Frames of an animated GIF (each as large as the canvas once decoded); 1 otherwise. */
  frames: number;
}

export type RasterKind = 'gif' | 'jpg' | 'png';

const u16be = (b: Buffer, at: number) => b.readUInt16BE(at);

function pngSize(b: Buffer): DeclaredSize | null {
  // The IHDR chunk must come first, right after the 8-byte signature.
  if (b.length < 24 || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20), frames: 1 };
}

/** Start of frame markers (SOF0-SOF15), less DHT (C4), JPG (C8) and DAC (CC) which share the range. */
const isSof = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(b: Buffer): DeclaredSize | null {
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2; // standalone markers carry no length
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return null; // scan data or the end before any frame header
    const length = u16be(b, at + 2);
    if (isSof(marker)) {
      if (at + 9 > b.length) return null;
      return { width: u16be(b, at + 7), height: u16be(b, at + 5), frames: 1 };
    }
    at += 2 + length;
  }
  return null;
}

/** Skips a run of GIF data sub-blocks (length byte, bytes) up to its zero terminator. */
function skipSubBlocks(b: Buffer, at: number): number {
  while (at < b.length && b[at] !== 0) at += 1 + b[at]!;
  return at + 1;
}

/**
 * A GIF's logical screen, grown to any frame that reaches past it (decoders enlarge the canvas for such
 * frames, so a 1 x 1 screen cannot hide a 65,535-pixel frame), and its number of frames.
 */
function gifSize(b: Buffer): DeclaredSize | null {
  if (b.length < 13) return null;
  let width = b.readUInt16LE(6);
  let height = b.readUInt16LE(8);
  let frames = 0;
  let at = 13 + (b[10]! & 0x80 ? 3 * 2 ** ((b[10]! & 0x07) + 1) : 0);
  while (at < b.length) {
    const block = b[at]!;
    if (block === 0x3b) break; // trailer
    if (block === 0x21) {
      at = skipSubBlocks(b, at + 2);
    } else if (block === 0x2c) {
      if (at + 10 > b.length) break;
      width = Math.max(width, b.readUInt16LE(at + 1) + b.readUInt16LE(at + 5));
      height = Math.max(height, b.readUInt16LE(at + 3) + b.readUInt16LE(at + 7));
      frames += 1;
      const packed = b[at + 9]!;
      at += 10 + (packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0);
      at = skipSubBlocks(b, at + 1); // after the LZW minimum code size
    } else {
      break; // garbage after the last frame: the decoder stops here too
    }
  }
  return { width, height, frames: Math.max(frames, 1) };
}

/** The declared canvas of a PNG, JPEG or GIF; null when the header is missing or malformed. */
export function declaredSize(bytes: Buffer, kind: RasterKind): DeclaredSize | null {
  const size = kind === 'png' ? pngSize(bytes) : kind === 'jpg' ? jpegSize(bytes) : gifSize(bytes);
  return size && size.width > 0 && size.height > 0 ? size : null;
}
