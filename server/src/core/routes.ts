import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Engine } from './crud.js';
import { badRequest, invalid } from './errors.js';
import { parseListQuery, type RawListQuery } from './query.js';
import type { ResourceModel, Row } from './resource.js';
import { ident, rawSql, sql } from './sql.js';
import {
  type JsonSchema,
  bodySchema,
  errorSchema,
  getManyBodySchema,
  idParamsSchema,
  idsQuerySchema,
  listMetaSchema,
  listQuerySchema,
  recordSchema,
} from './schema.js';
import type { Scoped } from './rows.js';

const errors = {
  400: errorSchema,
  401: errorSchema,
  403: errorSchema,
  404: errorSchema,
  409: errorSchema,
  422: errorSchema,
  429: errorSchema,
};

function idOf(request: FastifyRequest): number {
  return Number((request.params as { id: string }).id);
}

/** The version a write is based on: the body's `version`, or an If-Match header. */
function expectedVersion(request: FastifyRequest, body: Row): number | null {
  if (typeof body.version === 'number') return body.version;
  const ifMatch = request.headers['if-match'];
  if (typeof ifMatch === 'string') {
    const n = Number(ifMatch.replace(/^W\//, '').replace(/"/g, ''));
    if (Number.isInteger(n) && n > 0) return n;
    throw badRequest('If-Match must carry the record version');
  }
  return null;
}

/** What the generic routes need from the application: nothing but the engine. */
export interface EngineDeps {
  engine: Engine;
}

/** Registers the generic CRUD routes of one declared resource (its actions are the application's). */
export function registerResource(app: FastifyInstance, deps: EngineDeps, model: ResourceModel): void {
  const { engine } = deps;
  const base = `/${model.path}`;
  const record = recordSchema(model);
  const tags = [model.spec.service];
  const one = { 200: { type: 'object', properties: { data: record } }, ...errors };
  const config = { access: 'permission' as const };

  app.get(base, {
    config,
    schema: {
      tags,
      summary: `List ${model.spec.label}`,
      querystring: listQuerySchema,
      response: {
        200: {
          type: 'object',
          properties: {
            data: { type: 'array', items: record },
            meta: listMetaSchema,
          },
        },
        ...errors,
      },
    },
    handler: async (request) => {
      const lp = parseListQuery(model, request.query as RawListQuery);
      const { data, ...meta } = await engine.list(request.ctx, model, lp);
      return { data, meta };
    },
  });

  app.post(`${base}/get-many`, {
    // Reading several records by id is a read: it needs the list permission, not one of its own.
    config: { access: 'permission', permissionAs: { method: 'GET', url: base } },
    schema: {
      tags,
      summary: `Get several ${model.spec.label} by id`,
      body: getManyBodySchema,
      response: {
        200: { type: 'object', properties: { data: { type: 'array', items: record } } },
        ...errors,
      },
    },
    handler: async (request) => {
      const ids = (request.body as { ids: Array<number | string> }).ids.map(Number);
      if (ids.some((i) => !Number.isInteger(i) || i < 1))
        throw badRequest('ids must be positive whole numbers');
      return { data: await engine.getMany(request.ctx, model, ids) };
    },
  });

  const detail = model.source.detail;
  const oneWithDetail = detail
    ? {
        200: {
          type: 'object',
          properties: {
            data: { ...record, properties: { ...(record.properties as JsonSchema), ...detail.schema } },
          },
        },
        ...errors,
      }
    : one;
  app.get(`${base}/:id`, {
    config,
    schema: {
      tags,
      summary: `Get one of ${model.spec.label}`,
      params: idParamsSchema,
      response: oneWithDetail,
    },
    handler: async (request) => {
      const data = await engine.getOne(request.ctx, model, idOf(request));
      return { data: detail ? { ...data, ...(await detail.load(request.ctx.db, data)) } : data };
    },
  });

  if (model.operations.create) {
    app.post(base, {
      config,
      schema: {
        tags,
        summary: `Create one of ${model.spec.label}`,
        body: bodySchema(model, 'create'),
        response: { 201: { type: 'object', properties: { data: record } }, ...errors },
      },
      handler: async (request, reply: FastifyReply) => {
        const data = await engine.create(request.ctx, model, request.body as Row);
        return reply.status(201).send({ data });
      },
    });
  }

  if (model.operations.update) {
    const method = model.operations.patch ? 'PATCH' : 'PUT';
    app.route({
      method,
      url: `${base}/:id`,
      config,
      schema: {
        tags,
        summary: `Update one of ${model.spec.label} (send the version you read; a stale one is refused with 409)`,
        params: idParamsSchema,
        body: bodySchema(model, 'update'),
        response: one,
      },
      handler: async (request) => {
        const body = request.body as Row;
        const version = expectedVersion(request, body);
        if (version === null)
          throw badRequest('version is required: send the version of the record you edited');
        return { data: await engine.update(request.ctx, model, idOf(request), body, version) };
      },
    });
  }

  if (model.operations.delete) {
    app.delete(`${base}/:id`, {
      config,
      schema: { tags, summary: `Delete one of ${model.spec.label}`, params: idParamsSchema, response: one },
      handler: async (request) => {
        const [data] = await engine.remove(request.ctx, model, [idOf(request)]);
        return { data };
      },
    });
    app.delete(base, {
      config,
      schema: {
        tags,
        summary: `Delete several ${model.spec.label} (all or none)`,
        querystring: idsQuerySchema,
        response: {
          200: { type: 'object', properties: { data: { type: 'array', items: { type: 'integer' } } } },
          ...errors,
        },
      },
      handler: async (request) => {
        const ids = [...new Set((request.query as { ids: string }).ids.split(',').map(Number))];
        const removed = await engine.remove(request.ctx, model, ids);
        return { data: removed.map((r) => Number(r.id)) };
      },
    });
  }

  registerNested(app, engine, model, { record, one, tags });

  if (model.secretFields.length || Object.values(model.fields).some((f) => f.secretKeys?.length)) {
    app.post(`${base}/:id/reveal`, {
      // Its own permission, never implied by reading; the auth plugin also wants a fresh step-up.
      config: { access: 'permission', kind: 'reveal' },
      schema: {
        tags,
        summary: `Reveal one secret field of one of ${model.spec.label} (audited; needs POST /ums/auth/step-up within 5 minutes, at most 30 reveals per 10 minutes)`,
        params: idParamsSchema,
        body: {
          type: 'object',
          properties: { field: { type: 'string', maxLength: 100 } },
          required: ['field'],
          additionalProperties: false,
        },
        response: {
          200: {
            type: 'object',
            properties: { data: { type: 'object', properties: { value: { type: ['string', 'null'] } } } },
          },
          ...errors,
        },
      },
      handler: async (request) => {
        const { field } = request.body as { field: string };
        const id = idOf(request);
        const value = await engine.reveal(request.ctx, model, id, field);
        await request.ctx.audit('reveal_secret', `${model.name}/${id}`, { resource: model.name, id, field });
        return { data: { value } };
      },
    });
  }
}

const itemParamsSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: (idParamsSchema.properties as Record<string, JsonSchema>).id,
    itemId: (idParamsSchema.properties as Record<string, JsonSchema>).id,
  },
  required: ['id', 'itemId'],
};

/**
 * The routes of a nested resource under its parent's path (SPEC §7.5, a domain's notifications): the same
 * engine operations as its own routes, narrowed to the parent's records, under the permissions of its own
 * routes. The parent must be one the user may see (404 otherwise); the reference field comes from the path,
 * and a body naming another parent is refused.
 */
function registerNested(
  app: FastifyInstance,
  engine: Engine,
  model: ResourceModel,
  s: { record: JsonSchema; one: JsonSchema; tags: string[] },
): void {
  const nested = model.spec.nested;
  if (!nested) return;
  const parent = engine.model(nested.parent);
  const own = `/${model.path}`;
  const base = `/${parent.path}/:id/${nested.segment}`;
  const label = `${model.spec.label} of one of ${parent.spec.label}`;
  const borrow = (method: string, url: string) => ({
    access: 'permission' as const,
    permissionAs: { method, url },
  });

  /** The parent's id, once the user may see it, and the narrowing to its records. */
  const ofParent = async (request: FastifyRequest): Promise<{ parentId: number; scoped: Scoped }> => {
    const parentId = idOf(request);
    await engine.getOne(request.ctx, parent, parentId);
    return { parentId, scoped: { where: sql`${rawSql(`t.${ident(nested.field)}`)} = ${parentId}` } };
  };
  /** The body without its parent reference, refused when it names another parent. */
  const ownBody = (body: Row, parentId: number): Row => {
    const { [nested.field]: named, ...rest } = body;
    if (named !== undefined && named !== null && Number(named) !== parentId)
      throw invalid({
        [nested.field]: `Must be ${parentId}, the ${parent.spec.label.toLowerCase()} in the path`,
      });
    return rest;
  };
  const itemOf = (request: FastifyRequest) => Number((request.params as { itemId: string }).itemId);

  app.get(base, {
    config: borrow('GET', own),
    schema: {
      tags: s.tags,
      summary: `List ${label}`,
      params: idParamsSchema,
      querystring: listQuerySchema,
      response: {
        200: {
          type: 'object',
          properties: { data: { type: 'array', items: s.record }, meta: listMetaSchema },
        },
        ...errors,
      },
    },
    handler: async (request) => {
      const { scoped } = await ofParent(request);
      const lp = parseListQuery(model, request.query as RawListQuery);
      const { data, ...meta } = await engine.list(request.ctx, model, lp, scoped);
      return { data, meta };
    },
  });

  if (model.operations.create) {
    const create = bodySchema(model, 'create');
    const required = ((create.required as string[] | undefined) ?? []).filter((f) => f !== nested.field);
    app.post(base, {
      config: borrow('POST', own),
      schema: {
        tags: s.tags,
        summary: `Create one of ${label}`,
        params: idParamsSchema,
        body: { ...create, required },
        response: { 201: { type: 'object', properties: { data: s.record } }, ...errors },
      },
      handler: async (request, reply: FastifyReply) => {
        const { parentId } = await ofParent(request);
        const body = ownBody(request.body as Row, parentId);
        const data = await engine.create(request.ctx, model, { ...body, [nested.field]: parentId });
        return reply.status(201).send({ data });
      },
    });
  }

  if (model.operations.update) {
    const method = model.operations.patch ? 'PATCH' : 'PUT';
    app.route({
      method,
      url: `${base}/:itemId`,
      config: borrow(method, `${own}/:id`),
      schema: {
        tags: s.tags,
        summary: `Update one of ${label} (send the version you read; a stale one is refused with 409)`,
        params: itemParamsSchema,
        body: bodySchema(model, 'update'),
        response: s.one,
      },
      handler: async (request) => {
        const { parentId, scoped } = await ofParent(request);
        const body = ownBody(request.body as Row, parentId);
        const version = expectedVersion(request, body);
        if (version === null)
          throw badRequest('version is required: send the version of the record you edited');
        return { data: await engine.update(request.ctx, model, itemOf(request), body, version, scoped) };
      },
    });
  }

  if (model.operations.delete) {
    app.delete(`${base}/:itemId`, {
      config: borrow('DELETE', `${own}/:id`),
      schema: { tags: s.tags, summary: `Delete one of ${label}`, params: itemParamsSchema, response: s.one },
      handler: async (request) => {
        const { scoped } = await ofParent(request);
        const [data] = await engine.remove(request.ctx, model, [itemOf(request)], scoped);
        return { data };
      },
    });
  }
}
