import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { AppError, databaseUnavailable } from '../core/errors.js';
import { isConnectionError } from '../db/db.js';
import { isDatabaseError, statementOf } from './logging.js';

/** How long a client is asked to wait before retrying when the database is unreachable (a restart takes seconds). */
const DATABASE_RETRY_AFTER_SECONDS = 5;

interface ErrorLike {
  statusCode?: number;
  code?: string;
  message: string;
  validation?: unknown;
}

/**
 * SQLSTATE classes a request value can cause however carefully the schemas are written: data exceptions
 * (22: text the encoding cannot hold, numbers out of range, malformed literals) and program limits (54:
 * an index row or tsvector too large). The input guard stops most before they reach SQL; this is the last
 * line, so they are a 400 and never a 500.
 */
function clientDatabaseError(code: string): string | null {
  if (code === '22021' || code === '22P05') return 'The request contains characters that cannot be stored';
  if (code.startsWith('54')) return 'A value in the request is too large to be processed';
  if (code.startsWith('22')) return 'A value in the request is not valid for its field';
  return null;
}

/**
 * Errors the router raises before a route is found, in the error contract's shape; Fastify's own answer
 * echoes the raw path back.
 */
export function frameworkError(err: FastifyError, _request: unknown, reply: FastifyReply): void {
  if (err.code === 'FST_ERR_BAD_URL') {
    void reply.status(400).send({ error: { code: 'bad_request', message: 'The URL is not valid UTF-8' } });
  } else if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({ error: { code: 'bad_request', message: 'A path parameter is too long' } });
  } else {
    reply.log.error({ err }, 'request failed');
    void reply
      .status(500)
      .send({ error: { code: 'internal', message: 'Something went wrong on the server' } });
  }
}

/** One error handler: typed errors keep their code; anything unexpected is a 500 with no internals. */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ErrorLike, request, reply) => {
    if (err instanceof AppError ? err.code === 'database_unavailable' : isConnectionError(err)) {
      // A restart or failover: the client retries; the process carries on with fresh connections.
      request.log.warn({ err }, 'database unavailable');
      const unavailable = databaseUnavailable();
      return reply
        .status(unavailable.status)
        .header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ error: { code: unavailable.code, message: unavailable.message } });
    }
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply.status(err.status).send({
        error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) },
      });
    }
    if (isDatabaseError(err)) {
      const message = clientDatabaseError(err.code);
      if (message) {
        request.log.info({ code: err.code }, 'database refused a request value');
        return reply.status(400).send({ error: { code: 'bad_request', message } });
      }
      request.log.debug({ sql: statementOf(err) }, 'failed statement');
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
