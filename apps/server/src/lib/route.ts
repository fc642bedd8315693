import {
  envelope,
  errorEnvelopeSchema,
  type Endpoint,
  type ParsedRequestOf,
  type ResponseOf,
} from '@app/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

export interface HandlerContext<E extends Endpoint> {
  /** The validated query string (GET, DELETE) or body (POST, PUT). */
  input: ParsedRequestOf<E>;
  req: FastifyRequest;
  reply: FastifyReply;
}

/** A thin route (CONVENTIONS habit 3): takes the parsed input, calls a service, returns `value`. */
export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>;

/** One handler per endpoint of a table; a missing one is a type error. */
export type HandlerMap<T extends Record<string, Endpoint>> = { [K in keyof T]: Handler<T[K]> };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint id a route serves (logs, guards). */
    endpointId?: string;
  }
}

/**
 * Registers one contract endpoint: GET/DELETE take `endpoint.request` as the query string, the
 * others as the body; 200 answers are `{ success: true, value }` checked against
 * envelope(endpoint.response) by the zod serializer, errors the error envelope.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  config: Omit<FastifyContextConfig, 'endpointId'> = {},
): void {
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      operationId: endpoint.id,
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(inQuery ? { querystring: endpoint.request } : { body: endpoint.request }),
      response: { 200: envelope(endpoint.response), '4xx': errorEnvelopeSchema, '5xx': errorEnvelopeSchema },
    },
    config: { ...config, endpointId: endpoint.id },
    handler: async (req, reply) => {
      const input = (inQuery ? req.query : req.body) as ParsedRequestOf<E>;
      const value = await handler({ input, req, reply });
      return { success: true, value };
    },
  });
}

/** Registers every endpoint of `table` with its handler; refuses to start when one is missing. */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  handlers: HandlerMap<T>,
  configs: Partial<Record<keyof T, Omit<FastifyContextConfig, 'endpointId'>>> = {},
): void {
  for (const id of Object.keys(table) as (keyof T & string)[]) {
    const handler = handlers[id];
    if (typeof handler !== 'function') throw new Error(`no handler for endpoint "${id}"`);
    registerEndpoint(app, table[id] as T[typeof id], handler as Handler<T[typeof id]>, configs[id]);
  }
}
