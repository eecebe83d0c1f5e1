import { isUtf8 } from 'node:buffer';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest, invalid } from '../core/errors.js';
import { findHostile, type Hostile } from '../core/hostile.js';

/** A body field is answered like the schema's own field errors (422 naming it); the rest is a 400. */
function bodyError(h: Hostile): AppError {
  if (!h.path) return badRequest(`The request body ${h.problem}`);
  const field = h.path.split('.')[0]!;
  return invalid({ [field]: h.problem.charAt(0).toUpperCase() + h.problem.slice(1) });
}

function partError(part: 'query' | 'path', h: Hostile): AppError {
  return badRequest(`${part} parameter ${h.path || '(name)'}: ${h.problem}`);
}

/** Percent-escapes that do not decode to UTF-8 (bytes like %FF, encoded surrogates like %ED%A0%80). */
function badlyEncodedQueryName(url: string): string | null {
  const q = url.indexOf('?');
  // Only a percent-escape can fail to decode: a query without one is fine as it is.
  if (q < 0 || url.indexOf('%', q + 1) < 0) return null;
  for (const pair of url.slice(q + 1).split('&')) {
    const [name = '', value = ''] = pair.split('=', 2);
    for (const piece of [name, value]) {
      try {
        decodeURIComponent(piece.replace(/\+/g, ' '));
      } catch {
        return name.replace(/[^\w.-]/g, '?').slice(0, 64) || '(name)';
      }
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest): void {
  const badName = badlyEncodedQueryName(request.url);
  if (badName !== null) throw badRequest(`query parameter ${badName}: is not valid UTF-8`);
  const params = findHostile(request.params);
  if (params) throw partError('path', params);
  const query = findHostile(request.query);
  if (query) throw partError('query', query);
  // JSON bodies were checked as they were parsed; form and other parsed bodies are checked here.
  // Body text is bounded by the body limit and the schemas' maxLength, not by MAX_STRING.
  if (request.body !== undefined && !jsonChecked.has(request)) {
    const body = findHostile(request.body, Infinity);
    if (body) throw bodyError(body);
  }
}

const jsonChecked = new WeakSet<FastifyRequest>();

/**
 * One gate for hostile text on every route, before schemas and handlers: JSON bodies must be UTF-8 and are
 * walked once parsed; query, path and other bodies are walked before validation.
 */
export function installInputGuard(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, raw, done) => {
    if (typeof raw === 'string' || !isUtf8(raw)) {
      done(badRequest('The request body is not valid UTF-8'), undefined);
      return;
    }
    parseJson(request, raw.toString('utf8'), (err, body) => {
      if (err) return done(err, undefined);
      const found = findHostile(body, Infinity);
      if (found) return done(bodyError(found), undefined);
      jsonChecked.add(request);
      done(null, body);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
