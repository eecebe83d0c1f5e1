import zlib from 'node:zlib';
import { OutboundError } from './errors.js';

const tooLarge = (maxBytes: number) =>
  new OutboundError('too_large', `The response is larger than the ${maxBytes}-byte limit`);

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
    chunks.push(Buffer.from(chunk));
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

/**
 * Undoes Content-Encoding (gzip, br, deflate; several in sequence) without ever producing more than
 * maxBytes, so a small compressed bomb cannot blow past the cap. Unknown codings are left as they are.
 */
export async function decodeBody(buf: Buffer, contentEncoding: string | undefined, maxBytes: number) {
  if (!contentEncoding || buf.length === 0) return buf;
  const codings = contentEncoding
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c && c !== 'identity')
    .reverse();
  let out = buf;
  for (const coding of codings) {
    const decoders = DECODERS[coding];
    if (!decoders) return buf;
    out = await decodeOne(out, coding, decoders, maxBytes);
  }
  return out;
}

/** Decodes text by the charset in Content-Type, falling back to UTF-8 for unknown labels. */
export function decodeText(body: Buffer, contentType: string | undefined): string {
  const charset = /charset="?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(body);
  } catch {
    return new TextDecoder('utf-8').decode(body);
  }
}
