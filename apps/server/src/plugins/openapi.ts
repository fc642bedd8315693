import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/docs';

/**
 * The OpenAPI 3.1 document, generated from the same contract table the routes are registered
 * from (issue 2 §4), at /openapi.json, and a reference page at /docs. Registered only when
 * docs are on (not in production unless ENABLE_DOCS=1). Must be registered before the routes.
 */
async function openapi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Platform API',
        version: '1.0.0',
        description:
          'Every answer is the envelope { success, value?, message?, code?, fields? }. On failure `code` is machine-readable and the HTTP status is honest; `message` is an i18n key of the client catalogue.',
      },
      tags: [{ name: 'system', description: 'Site configuration, guards and helpers' }],
    },
    transform: jsonSchemaTransform,
  });
  // swagger-ui's routes carry the package's own policy instead of the site's (every other route
  // keeps the strict one). Its scripts are files ('self'); its bundle injects <style> elements,
  // so style-src allows inline styles on these routes only. No forced https on plain localhost.
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*;/, "style-src 'self' 'unsafe-inline';"),
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}

export default fp(openapi, { name: 'openapi' });
