import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { serverVersion } from '../version.js';

type Json = Record<string, unknown>;

/**
 * Fixes what the generator emits but OpenAPI 3.0 forbids: empty `required` lists, and path parameters
 * a route's params schema names although its URL has no such segment.
 */
export function conformDocument(doc: Json): Json {
  const strip = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(strip);
    if (!node || typeof node !== 'object') return;
    const o = node as Json;
    if (Array.isArray(o.required) && o.required.length === 0) delete o.required;
    Object.values(o).forEach(strip);
  };
  strip(doc);
  for (const [url, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    const inTemplate = new Set([...url.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
    for (const op of Object.values(item)) {
      const o = op as { parameters?: Array<{ in?: string; name?: string }> };
      if (!Array.isArray(o.parameters)) continue;
      o.parameters = o.parameters.filter((p) => p.in !== 'path' || inTemplate.has(p.name ?? ''));
      if (!o.parameters.length) delete o.parameters;
    }
  }
  return doc;
}

/**
 * Sends the console's session token with the UI's requests (the document itself and "Try it out"): the UI
 * is served on the console's origin, so a signed-in user's browser holds it. Serialised into the page,
 * so it must not refer to anything outside itself.
 */
const requestInterceptor = (req: { [prop: string]: unknown }) => {
  const headers = (req.headers ?? {}) as Record<string, string>;
  const store = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
  const token = store?.getItem('id_token');
  if (token && !headers.Authorization) {
    headers.Authorization = `Bearer ${token}`;
    headers.AuthType = store?.getItem('auth_type') ?? 'password';
  }
  req.headers = headers;
  return req;
};

/**
 * OpenAPI generated from every route's schemas, browsable at /api/docs. The page and its assets are
 * public (they hold no API detail); the document needs a signed-in user unless API_DOCS_PUBLIC is set.
 */
export async function installDocs(
  app: FastifyInstance,
  config: Pick<Config, 'apiDocsPublic'>,
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Sitefleet API',
        version: serverVersion(),
        description: 'Back-office API of Sitefleet.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    transformObject: (documentObject) =>
      conformDocument(
        ('openapiObject' in documentObject
          ? documentObject.openapiObject
          : documentObject.swaggerObject) as Json,
      ),
  });
  await app.register(async (child) => {
    child.addHook('onRoute', (route) => {
      const isDocument = /\/(json|yaml)$/.test(route.url);
      route.config = {
        ...(route.config ?? {}),
        access: config.apiDocsPublic || !isDocument ? 'public' : 'user',
      };
    });
    await child.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { requestInterceptor } });
  });
}
