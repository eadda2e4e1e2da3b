import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { requireUser } from './access.js';
import { SERVER_VERSION } from './version.js';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type Transform = typeof jsonSchemaTransform;
type Document = Parameters<Transform>[0];

/** A route body with a schema per media type (`{content: {type: {schema}}}`). */
const bodyContent = (body: unknown) =>
  typeof body === 'object' && body !== null && 'content' in body
    ? (body as { content: Record<string, { schema: unknown }> }).content
    : undefined;

/**
 * The zod transform, and for a body with a schema per media type (an import's JSON, text/csv
 * or multipart), each of its schemas turned the same way.
 */
const transform: Transform = (document: Document) => {
  const content = bodyContent(document.schema?.body);
  if (!content || !document.schema) return jsonSchemaTransform(document);
  const { body: _body, ...rest } = document.schema;
  const turned = jsonSchemaTransform({ ...document, schema: rest });
  const bodyOf = (schema: unknown) =>
    (jsonSchemaTransform({ ...document, schema: { body: schema } }).schema as { body: unknown })
      .body;
  const body = {
    content: Object.fromEntries(
      Object.entries(content).map(([type, { schema }]) => [type, { schema: bodyOf(schema) }]),
    ),
  };
  return { ...turned, schema: { ...turned.schema, body } };
};

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
    transform,
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
