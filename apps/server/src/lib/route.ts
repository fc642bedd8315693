import {
  envelope,
  errorEnvelopeSchema,
  type Auth,
  type Endpoint,
  type ParsedPayloadOf,
  type ParsedRequestOf,
  type ResponseOf,
  type SecurePayload,
} from '@app/contracts';
import type { FastifyContextConfig, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { safeParse } from 'zod/mini';
import { AppError } from './errors.ts';

export interface HandlerContext<E extends Endpoint> {
  /** The validated query string (GET, DELETE) or body (POST, PUT). */
  input: ParsedRequestOf<E>;
  /** The decrypted and validated body of an `encrypted` endpoint (undefined otherwise). */
  payload: ParsedPayloadOf<E>;
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
    /** The endpoint's `auth`, enforced by the session plugin. */
    auth?: Auth;
    /** A precise message for a request that fails its schema (errors plugin). */
    validationMessage?: (fields: Record<string, string>) => string | undefined;
    /**
     * What an undecryptable, replayed or invalid encrypted body answers; default 400. The login
     * call answers exactly like wrong credentials (issue 3).
     */
    onBadPayload?: (req: FastifyRequest) => Promise<never>;
  }
  interface FastifyInstance {
    /** Opens an encrypted body: decrypts it and consumes its nonce once (session/payload.service.ts). */
    payloads: { open(body: SecurePayload): Promise<unknown> };
  }
}

const ISSUE_KEYS: Record<string, string> = {
  invalid_type: 'errors.invalid_type',
  too_big: 'errors.too_long',
  too_small: 'errors.too_short',
  invalid_format: 'errors.invalid_format',
  unrecognized_keys: 'errors.unknown_field',
};

/**
 * The path of the first text (value or key) that holds U+0000, or undefined. Postgres text cannot
 * hold it: such a value reaching a query failed with an encoding error, a 500 (issue 11 fuzz:
 * `GET /wps/agent/affiliate?code=abc%00`). No field of the contract has a use for it.
 */
export function nulPath(v: unknown, path = '', depth = 0): string | undefined {
  if (typeof v === 'string') return v.includes('\u0000') ? path || '_' : undefined;
  if (!v || typeof v !== 'object' || depth > 32) return undefined;
  for (const [k, x] of Object.entries(v)) {
    const at = path ? `${path}.${k}` : k;
    if (k.includes('\u0000')) return at;
    const found = nulPath(x, at, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/** Answered like the profile's control characters (security/profile.ts): 422, the field named. */
function refuseNul(value: unknown): void {
  const at = nulPath(value);
  if (at) throw new AppError('UNPROCESSABLE', 'errors.invalid_format', { [at]: 'errors.invalid_format' });
}

/** Decrypts, consumes the nonce and validates an encrypted body against `endpoint.payload`. */
async function openPayload<E extends Endpoint>(
  endpoint: E,
  req: FastifyRequest,
): Promise<ParsedPayloadOf<E>> {
  const bad = async (fields?: Record<string, string>): Promise<never> => {
    const onBad = req.routeOptions.config.onBadPayload;
    if (onBad) return onBad(req);
    throw new AppError('BAD_REQUEST', undefined, fields);
  };
  let data: unknown;
  try {
    data = await req.server.payloads.open(req.body as SecurePayload);
  } catch (e) {
    if (e instanceof AppError) throw e;
    return bad();
  }
  if (!endpoint.payload) return bad();
  const nul = nulPath(data);
  if (nul) return bad({ [nul]: 'errors.invalid_format' });
  const parsed = safeParse(endpoint.payload, data);
  if (parsed.success) return parsed.data as ParsedPayloadOf<E>;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    fields[issue.path.map(String).join('.') || '_'] ??= ISSUE_KEYS[issue.code] ?? 'errors.invalid_value';
  }
  return bad(fields);
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
  config: Omit<FastifyContextConfig, 'endpointId' | 'auth'> = {},
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
    config: { ...config, endpointId: endpoint.id, auth: endpoint.auth },
    // Before the schema: a NUL anywhere in the query or body is bad input, never a database error.
    preValidation: async (req) => refuseNul(inQuery ? req.query : req.body),
    handler: async (req, reply) => {
      const input = (inQuery ? req.query : req.body) as ParsedRequestOf<E>;
      const payload = (
        endpoint.encrypted ? await openPayload(endpoint, req) : undefined
      ) as ParsedPayloadOf<E>;
      const value = await handler({ input, payload, req, reply });
      return { success: true, value };
    },
  });
}

/** Registers every endpoint of `table` with its handler; refuses to start when one is missing. */
export function registerEndpoints<T extends Record<string, Endpoint>>(
  app: FastifyInstance,
  table: T,
  handlers: HandlerMap<T>,
  configs: Partial<Record<keyof T, Omit<FastifyContextConfig, 'endpointId' | 'auth'>>> = {},
): void {
  for (const id of Object.keys(table) as (keyof T & string)[]) {
    const handler = handlers[id];
    if (typeof handler !== 'function') throw new Error(`no handler for endpoint "${id}"`);
    registerEndpoint(app, table[id] as T[typeof id], handler as Handler<T[typeof id]>, configs[id]);
  }
}
