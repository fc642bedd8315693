/**
 * Issue 11 (crash): while PostgreSQL is down or restarting, a request that needs it answers
 * 503 SERVICE_UNAVAILABLE (the error envelope, Retry-After) instead of a 500; the pool opens new
 * connections on the next request, so the server recovers without a restart.
 *
 * True for the errors node-postgres raises when the database cannot be reached or drops the
 * connection: socket errors, SQLSTATE class 08 (connection exception), 57P01–57P03 (shut down by
 * the administrator, crash shutdown, cannot connect now), 53300 (too many connections), the pool's
 * connect timeout and a connection terminated mid-query. Looks through `cause` chains.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const MESSAGES = [
  /^Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
];

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08/.test(code)))
      return true;
    if (typeof message === 'string' && MESSAGES.some((m) => m.test(message))) return true;
    // AggregateError (a connect to several addresses, e.g. localhost's ::1 and 127.0.0.1).
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner) && inner.some(isDatabaseUnavailable)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
