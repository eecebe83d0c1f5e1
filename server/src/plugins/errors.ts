import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.js';

interface ErrorLike {
  statusCode?: number;
  code?: string;
  message: string;
  validation?: unknown;
}

/** One error handler: typed errors keep their code; anything unexpected is a 500 with no internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ErrorLike, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      });
    }
    const e = err as ErrorLike;
    const status = e.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { code: 'payload_too_large', message: 'The request body is too large' } });
    }
    if (status === 429) {
      return reply.status(429).send({ error: { code: 'too_many_requests', message: e.message } });
    }
    if (status >= 400 && status < 500) {
      const code =
        status === 404
          ? 'not_found'
          : status === 401
            ? 'unauthorized'
            : status === 403
              ? 'forbidden'
              : 'bad_request';
      return reply.status(status === 415 ? 415 : status).send({ error: { code, message: e.message } });
    }
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on the server' } });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: { code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` },
    });
  });
}
