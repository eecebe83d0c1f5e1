import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { OutboundError } from './errors.js';

const tooLarge = (maxBytes: number) =>
  new OutboundError('too_large', `The response is larger than the ${maxBytes}-byte limit`);

/** A chunk as a Buffer over the same memory (Buffer.from would copy it; the chunks are copied once, by concat). */
const asBuffer = (chunk: Buffer | Uint8Array): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** Reads a body stream, aborting it as soon as it passes the cap rather than buffering the excess. */
export async function readCapped(
  body: AsyncIterable<Buffer | Uint8Array> & { destroy(error?: Error): unknown },
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += chunk.length;
    if (total > maxBytes) {
      body.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(asBuffer(chunk));
  }
  return Buffer.concat(chunks, total);
}

type Decoder = (buf: Buffer, options: { maxOutputLength: number }, cb: zlib.CompressCallback) => void;

const DECODERS: Record<string, Decoder[]> = {
  gzip: [zlib.gunzip],
  'x-gzip': [zlib.gunzip],
  br: [zlib.brotliDecompress],
  // "deflate" should be zlib-wrapped, but enough servers send a raw stream that both are tried.
  deflate: [zlib.inflate, zlib.inflateRaw],
};

const run = (decoder: Decoder, buf: Buffer, maxBytes: number) =>
  new Promise<Buffer>((resolve, reject) => {
    decoder(buf, { maxOutputLength: maxBytes }, (err, out) => (err ? reject(err) : resolve(out)));
  });

async function decodeOne(buf: Buffer, coding: string, decoders: Decoder[], maxBytes: number) {
  let lastError: unknown;
  for (const decoder of decoders) {
    try {
      return await run(decoder, buf, maxBytes);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge(maxBytes);
      lastError = err;
    }
  }
  throw new OutboundError('network', `Could not decode the ${coding} response body`, { cause: lastError });
}

/** The codings of a Content-Encoding header in the order they are undone (last applied first). */
function codingsOf(contentEncoding: string): string[] {
  return contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
}

/**
 * Undoes Content-Encoding (gzip, br, deflate; several in sequence) without ever producing more than
 * maxBytes, so a small compressed bomb cannot blow past the cap. Unknown codings are left as they are.
 */
export async function decodeBody(buf: Buffer, contentEncoding: string | undefined, maxBytes: number) {
  if (!contentEncoding || buf.length === 0) return buf;
  let out = buf;
  for (const coding of codingsOf(contentEncoding)) {
    const decoders = DECODERS[coding];
    if (!decoders) return buf;
    out = await decodeOne(out, coding, decoders, maxBytes);
  }
  return out;
}

/** Reads the first maxBytes of a body and drops the connection rather than download the rest. */
export async function readUpTo(body: AsyncIterable<Buffer | Uint8Array>, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const raw of body) {
    const chunk = asBuffer(raw);
    const room = maxBytes - total;
    chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk);
    total += Math.min(chunk.length, room);
    if (total >= maxBytes) break;
  }
  return Buffer.concat(chunks, total);
}

// Sync flush lets a body cut short at the byte cap inflate as far as it goes instead of failing.
const SYNC = { finishFlush: zlib.constants.Z_SYNC_FLUSH };
const STREAM_DECODERS: Record<string, (() => Transform)[]> = {
  gzip: [() => zlib.createGunzip(SYNC)],
  'x-gzip': [() => zlib.createGunzip(SYNC)],
  br: [() => zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })],
  deflate: [() => zlib.createInflate(SYNC), () => zlib.createInflateRaw(SYNC)],
};

function inflateUpTo(buf: Buffer, decoder: Transform, maxBytes: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const done = () => resolve(Buffer.concat(chunks, total));
    decoder.on('data', (chunk: Buffer) => {
      if (total >= maxBytes) return;
      chunks.push(chunk.subarray(0, maxBytes - total));
      total = Math.min(maxBytes, total + chunk.length);
      if (total < maxBytes) return;
      decoder.destroy();
      done();
    });
    decoder.on('end', done);
    decoder.on('error', reject);
    decoder.end(buf);
  });
}

/** decodeBody for a truncated body: at most maxBytes out, the tail that did not arrive ignored. */
export async function decodeTruncated(buf: Buffer, contentEncoding: string | undefined, maxBytes: number) {
  if (!contentEncoding || buf.length === 0) return buf;
  let out = buf;
  for (const coding of codingsOf(contentEncoding)) {
    const decoders = STREAM_DECODERS[coding];
    if (!decoders) return buf;
    let lastError: unknown;
    let decoded: Buffer | null = null;
    for (const make of decoders) {
      decoded = await inflateUpTo(out, make(), maxBytes).catch((err: unknown) => {
        lastError = err;
        return null;
      });
      if (decoded) break;
    }
    if (!decoded)
      throw new OutboundError('network', `Could not decode the ${coding} response body`, {
        cause: lastError,
      });
    out = decoded;
  }
  return out;
}

/** Decoders by charset label, made once each (a decode without `stream` keeps no state between calls). */
const decoders = new Map<string, TextDecoder>();
const DECODERS_KEPT = 64;

function decoderFor(label: string): TextDecoder {
  const key = label.toLowerCase();
  let decoder = decoders.get(key);
  if (!decoder) {
    try {
      decoder = new TextDecoder(key);
    } catch {
      // An unknown label reads as UTF-8.
      decoder = decoderFor('utf-8');
    }
    if (decoders.size < DECODERS_KEPT) decoders.set(key, decoder);
  }
  return decoder;
}

/** Decodes text by the charset in Content-Type, falling back to UTF-8 for unknown labels. */
export function decodeText(body: Uint8Array, contentType: string | undefined): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  return decoderFor(charset ?? 'utf-8').decode(body);
}
