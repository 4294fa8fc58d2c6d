/**
 * The OpenAPI document (generated from the zod schemas of the routes) at /api/docs/openapi.json and the
 * Swagger UI viewer at /api/docs. Both are exempt from tsp and permission rules.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API } from '../../../contract/paths';

export const DOCS_PREFIX = API.docs;

const PROTOCOL = `B2B travel-booking gateway.

Protocol (spec point 7):
- Every non-GET request body is an envelope \`{"data": "<base64>"}\`: the AES-256-CBC (Pkcs7) encryption of the JSON body
  with the shared key and IV (contract/crypto.ts \`seal()\`). Each body schema below is the decrypted content.
  A body that is not such an envelope answers 400 code 40; a decrypted body failing its schema 400 code 41.
- Header \`tsp\`: the encrypted client clock in epoch milliseconds; missing, unreadable or more than 5 minutes off answers 400 code 42
  (data.serverTime helps the client correct its clock). Not needed by GET /api/auth/captcha and GET /api/ping.
- Header \`authorization\`: the access token (raw or \`Bearer\`). 401 code 18 when expired (refresh once), 19 otherwise.
  403 code 30 when the caller lacks the endpoint's permission rule.
- Header \`X-Language\`: vi (default) or en, the language of error messages.
- Every answer carries \`Version\` (expected client version) and \`Time\` (server epoch ms) headers, and \`X-Request-Id\`.
- Every error is \`{"code": number, "message": string, "data"?: object}\`.`;

export async function registerDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Agency portal gateway', description: PROTOCOL, version },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'authorization', description: 'The access token of sign-in.' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: DOCS_PREFIX });
}

/** After all routes are registered (the document lists what exists at ready time). */
export function registerOpenApiRoute(app: FastifyInstance): void {
  app.get(API.openapi, { schema: { hide: true } }, async (_request, reply) => reply.header('Cache-Control', 'no-cache').send(app.swagger()));
}
