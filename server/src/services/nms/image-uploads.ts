import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { actions } from '@sitefleet/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerAction } from '../../core/actions.js';
import { AppError, badRequest, invalid, notFound } from '../../core/errors.js';
import type { AppDeps } from '../../deps.js';
import { readUpload, storeUpload } from './upload-repository.js';
import { fileNameProblem, IMAGE_MAX_BYTES, prepareImage } from './images.js';
import { UPLOADS_PATH } from './sanitize.js';

const tooLarge = () =>
  new AppError('payload_too_large', `Images are limited to ${IMAGE_MAX_BYTES / 1024 / 1024} MB`);

/**
 * Reads an uploaded file into one buffer, holding at most `max` bytes: each chunk is copied in as it comes
 * (sized from the request's length when it has one), so the parser's chunks are not all kept until the
 * end. Past the limit the stream is destroyed, which stops the multipart parser reading the request.
 */
async function readFile(
  file: Readable & { truncated?: boolean },
  max: number,
  expected: number,
): Promise<Buffer> {
  let buffer = Buffer.allocUnsafe(Math.min(max, expected > 0 ? expected : 64 * 1024));
  let total = 0;
  let over = false;
  const stop = () => file.destroy();
  file.once('limit', stop);
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      if (total + chunk.length > max) {
        over = true;
        break;
      }
      if (total + chunk.length > buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(max, Math.max(2 * buffer.length, total + chunk.length)));
        buffer.copy(grown, 0, 0, total);
        buffer = grown;
      }
      chunk.copy(buffer, total);
      total += chunk.length;
    }
  } catch (err) {
    if (!file.truncated) throw err;
  } finally {
    file.off('limit', stop);
  }
  if (file.truncated || over) throw tooLarge();
  return buffer.subarray(0, total);
}

/**
 * The uploaded file and its bytes. The multipart parser rejects a truncated or malformed body with a plain
 * Error while the parts are read: that is the client's body, like malformed JSON, so it is a 400.
 */
export async function receiveImage(
  request: FastifyRequest,
  field?: string,
): Promise<{ file: MultipartFile; bytes: Buffer }> {
  try {
    const file = await request.file();
    if (!file) throw badRequest('Send the image as a multipart file');
    if (field && file.fieldname !== field) throw badRequest(`Send the image in the multipart field ${field}`);
    const nameProblem = fileNameProblem(file.filename);
    if (nameProblem) throw badRequest(nameProblem);
    const bytes = await readFile(file.file, IMAGE_MAX_BYTES, Number(request.headers['content-length']));
    return { file, bytes };
  } catch (err) {
    if (err instanceof AppError || (err instanceof Error && 'statusCode' in err)) throw err;
    throw badRequest('The multipart body is malformed');
  }
}

/**
 * One upload is decoded and stored at a time per process: the decoded pixels and the database's copy of
 * the bytes are what weigh, not the waiting files (each at most IMAGE_MAX_BYTES).
 */
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A plugin scope that parses multipart bodies with the image limits (one file of at most IMAGE_MAX_BYTES),
 * for the routes `register` adds to it.
 */
export function withUploads(register: (scope: FastifyInstance) => void | Promise<void>) {
  return async (scope: FastifyInstance) => {
    await scope.register(multipart, {
      // The raw name, so a path in it is refused rather than silently cut off.
      preservePath: true,
      throwFileSizeLimit: false,
      limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    await register(scope);
  };
}

/** Images for the rich-text editor: the upload route and the public route that serves them. */
export function registerImageUploads(app: FastifyInstance, deps: AppDeps): void {
  app.register(
    withUploads((scope) => {
      registerAction(scope, actions.nms.uploadImage, {
        perMinute: 60,
        handler: async ({ request, ctx }) => {
          const { file, bytes } = await receiveImage(request);
          const token = await oneAtATime(async () => {
            const image = await prepareImage(bytes, file.filename);
            if ('error' in image) throw invalid({ file: image.error }, image.error);
            const name = `${randomBytes(16).toString('hex')}.${image.ext}`;
            await storeUpload(deps.db, {
              token: name,
              contentType: image.contentType,
              bytes: image.bytes,
              originalName: file.filename,
              createdBy: ctx.user?.id ?? null,
            });
            await ctx.audit('upload', `uploads/${name}`, {
              type: image.contentType,
              size: image.bytes.length,
            });
            return name;
          });
          return { data: { url: `${UPLOADS_PATH}${token}` } };
        },
      });
    }),
  );

  registerAction(app, actions.nms.image, {
    handler: async ({ params: { token }, reply }) => {
      const row = await readUpload(deps.db, token);
      if (!row) throw notFound('No such image');
      void reply
        .header('content-type', row.contentType)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // An SVG opened on its own must not run anything, whatever slipped through.
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return row.bytes;
    },
  });
}
