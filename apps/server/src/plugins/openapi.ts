import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { requireUser } from './access.js';
import { SERVER_VERSION } from './version.js';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

/**
 * OpenAPI generated from the contract's zod schemas, served at /api/docs (docs/architecture.md).
 * The map of every route is for staff: it needs a login unless API_DOCS_PUBLIC (ADR 011).
 */
export async function registerOpenApi(app: FastifyInstance, config: Config) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'School back-office API', version: SERVER_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'sid' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    ...(config.API_DOCS_PUBLIC
      ? {}
      : {
          uiHooks: {
            onRequest: (request, _reply, done) => {
              requireUser(request).then(() => done(), done);
            },
          },
        }),
  });
}
