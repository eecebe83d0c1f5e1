import type { ActionBody, ActionParams, ActionQuery, ActionResponse, ActionSpec } from '@sitefleet/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RequestContext } from './context.js';
import { errorSchema } from './schema.js';

/** What a handler of a declared action receives: the parts it declared, already validated and typed. */
export interface ActionRequest<S extends ActionSpec> {
  params: ActionParams<S>;
  query: ActionQuery<S>;
  body: ActionBody<S>;
  ctx: RequestContext;
  /** For what a declaration does not carry: the client's address, a header, a multipart file. */
  request: FastifyRequest;
  /** For headers (Retry-After, Cache-Control); the returned value is the body. */
  reply: FastifyReply;
}

export interface ActionOptions<S extends ActionSpec> {
  /** Requests per client per minute, for routes that cost outside work (SECURITY.md #20). */
  perMinute?: number;
  handler: (request: ActionRequest<S>) => Promise<ActionResponse<S>>;
}

const ERRORS = [400, 401, 403, 404, 409, 413, 422, 429] as const;

/** The name a registered route carries in its config when it comes from a declaration. */
export const actionKey = (spec: Pick<ActionSpec, 'method' | 'path'>): string =>
  `${spec.method} /${spec.path}`;

/** A concrete media type to answer with; `image/*` leaves it to the handler. */
const fixedType = (produces: string | undefined): string | undefined =>
  produces && !produces.includes('*') ? produces : undefined;

/**
 * Registers one declared action: its Fastify route and schemas (so validation, response serialisation and
 * the OpenAPI entry come from the declaration), its access rule and permission kind, and a typed handler.
 */
export function registerAction<S extends ActionSpec>(
  app: FastifyInstance,
  spec: S,
  options: ActionOptions<S>,
): void {
  const status = spec.status ?? 200;
  app.route({
    method: spec.method,
    url: `/${spec.path}`,
    ...(spec.bodyLimit ? { bodyLimit: spec.bodyLimit } : {}),
    config: {
      action: actionKey(spec),
      access: spec.access,
      ...(spec.kind ? { kind: spec.kind } : {}),
      ...(spec.permissionAs
        ? { permissionAs: { method: spec.permissionAs.method, url: `/${spec.permissionAs.path}` } }
        : {}),
      ...(options.perMinute ? { rateLimit: { max: options.perMinute, timeWindow: '1 minute' } } : {}),
    },
    schema: {
      tags: [spec.service],
      summary: spec.summary,
      ...(spec.consumes ? { consumes: [...spec.consumes] } : {}),
      ...(spec.produces ? { produces: [spec.produces] } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: {
        [status]: spec.response,
        ...Object.fromEntries(ERRORS.map((code) => [code, errorSchema])),
      },
    },
    handler: async (request, reply) => {
      const data = await options.handler({
        params: request.params as ActionParams<S>,
        query: request.query as ActionQuery<S>,
        body: request.body as ActionBody<S>,
        ctx: request.ctx,
        request,
        reply,
      });
      if (status !== 200) void reply.status(status);
      const type = fixedType(spec.produces);
      if (type && !reply.hasHeader('content-type')) void reply.type(type);
      return data;
    },
  });
}
