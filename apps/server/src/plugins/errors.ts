import { ERROR_MESSAGE_KEYS, ERROR_STATUS, type Envelope, type ErrorCode } from '@app/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { isAppError } from '../lib/errors.ts';

/** Paths whose unknown routes answer a 404 envelope (the rest may be the client's pages). */
export const API_PREFIXES = ['/wps', '/lgw', '/lotto', '/ops', '/dev', '/studio/api', '/vendor'] as const;

export function isApiPath(url: string): boolean {
  const path = url.split('?', 1)[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * The path of the route a request reached (its pattern, e.g. `/wps/games/:id`), or the path part of
 * the request-target when it reached none. Decisions about a request (rate limits, guards) are made
 * on this, never on the raw target: `GET http://host/wps/…`, `GET /%77ps/…` and `GET *wps/…` reach
 * the same route as `GET /wps/…` and must meet the same checks.
 */
export function routePath(req: FastifyRequest): string {
  return req.routeOptions.url ?? req.url.split('?', 1)[0] ?? '';
}

/** zod issue code → message key of the client's catalogue, for `fields`. */
const FIELD_KEYS: Record<string, string> = {
  invalid_type: 'errors.invalid_type',
  too_big: 'errors.too_long',
  too_small: 'errors.too_short',
  invalid_value: 'errors.invalid_value',
  invalid_format: 'errors.invalid_format',
  unrecognized_keys: 'errors.unknown_field',
};

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** Field name → message key; unknown extra keys are named one by one. */
export function fieldErrors(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = FIELD_KEYS[issue.keyword] ?? 'errors.invalid_value';
    const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const extra = issue.keyword === 'unrecognized_keys' ? issue.params.keys : undefined;
    if (Array.isArray(extra)) {
      for (const k of extra) fields[path ? `${path}.${String(k)}` : String(k)] = key;
    } else {
      fields[path || '_'] ??= key;
    }
  }
  return fields;
}

function send(
  reply: FastifyReply,
  status: number,
  code: ErrorCode,
  message: string,
  fields?: Record<string, string>,
  value?: unknown,
) {
  const body: Envelope<unknown> = {
    success: false,
    code,
    message,
    ...(value !== undefined ? { value } : {}),
    ...(fields ? { fields } : {}),
  };
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

/** Framework client errors (4xx) by status: malformed JSON 400, too large 413, wrong type 415 … */
function clientErrorCode(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

/**
 * The one error handler (CONVENTIONS habit 4): every failure is the envelope with an honest
 * status; a 5xx never carries a stack or a message to the client and is logged with the
 * request id (Fastify's logger binds reqId to req.log). Unknown paths are answered by the
 * not-found handler of plugins/static-web.ts (404 envelope, or the client's index.html).
 */
async function errorsPlugin(app: FastifyInstance): Promise<void> {
  app.setErrorHandler((err: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (isAppError(err)) {
      if (err.status >= 500) req.log.warn({ code: err.code }, err.message);
      if (err.retryAfter !== undefined) reply.header('retry-after', String(err.retryAfter));
      return send(reply, err.status, err.code, err.message, err.fields, err.value);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = fieldErrors(err.validation);
      // A route may name a more precise message for its field errors (spec §8 phone-auth keys).
      const message = req.routeOptions.config.validationMessage?.(fields) ?? ERROR_MESSAGE_KEYS.BAD_REQUEST;
      return send(reply, 400, 'BAD_REQUEST', message, fields);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(status);
      if (code === 'RATE_LIMITED') return send(reply, 429, code, ERROR_MESSAGE_KEYS.RATE_LIMITED);
      return send(reply, status, code, ERROR_MESSAGE_KEYS[code]);
    }
    // The database is down or restarting (issue 11): 503, and the pool reconnects by itself.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ code: (err as { code?: string }).code, msg: err.message }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(
        reply,
        ERROR_STATUS.SERVICE_UNAVAILABLE,
        'SERVICE_UNAVAILABLE',
        ERROR_MESSAGE_KEYS.SERVICE_UNAVAILABLE,
      );
    }
    req.log.error({ err }, 'request failed');
    return send(reply, ERROR_STATUS.INTERNAL, 'INTERNAL', ERROR_MESSAGE_KEYS.INTERNAL);
  });
}

export default fp(errorsPlugin, { name: 'errors' });
