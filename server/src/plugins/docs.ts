import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { publicContext } from '../services/system/web.js';
import { serverVersion } from '../version.js';

/** OpenAPI generated from every route's schemas, browsable at /api/docs. */
export async function installDocs(app: FastifyInstance): Promise<void> {
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
  });
  await app.register(async (child) => {
    publicContext(child);
    await child.register(swaggerUi, { routePrefix: '/api/docs' });
  });
}
