import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { buildTestApp, TEST_OPS_TOKEN, type TestAppOptions } from './helper.ts';
import { expectLedgerSound } from './money.ts';

/** Calls of the test apps: the endpoints as a member or a guest, the operator's commands. */

/** The envelope of an answer, with its HTTP status. */
export interface Answer<T = unknown> {
  status: number;
  body: { success: boolean; value?: T; code?: string; message?: string; fields?: Record<string, string> };
}

/** Who calls: a member's session (its headers or its token), or null for a guest. */
export type Caller = { headers: { authorization: string } } | { token: string } | null;

function headersOf(who: Caller): Record<string, string> {
  if (!who) return {};
  return 'headers' in who ? who.headers : { authorization: `Bearer ${who.token}` };
}

/** Calls the app; `payload` is the query of a GET (a query string), else the body. */
export async function call<T = unknown>(
  app: FastifyInstance,
  who: Caller,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: unknown,
): Promise<Answer<T>> {
  const query =
    method === 'GET' && payload
      ? `?${new URLSearchParams(
          Object.entries(payload as Record<string, unknown>).map(([k, v]): [string, string] => [
            k,
            String(v),
          ]),
        ).toString()}`
      : '';
  const res = await app.inject({
    method,
    url: `${url}${query}`,
    headers: headersOf(who),
    ...(method !== 'GET' && payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}

/** The operator command line through the app's /ops route (`npm run ops -- <command> …`). */
export async function opsCall(
  app: FastifyInstance,
  command: string,
  ...args: string[]
): Promise<{ status: number; message: string }> {
  const res = await app.inject({
    method: 'POST',
    url: `/ops/${command}`,
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    payload: { args },
    remoteAddress: '127.0.0.1',
  });
  const body = res.json() as { value?: { message: string }; message?: string };
  return { status: res.statusCode, message: body.value?.message ?? body.message ?? '' };
}

/**
 * One test app for the file: built before its tests, closed after them; with `ledgerSound`, the
 * ledger checked sound after every test. `set` receives the app (`let app; useTestApp((a) => (app = a))`).
 */
export function useTestApp(
  set: (app: FastifyInstance) => void,
  o: TestAppOptions & { ledgerSound?: boolean } = {},
): void {
  const { ledgerSound, ...options } = o;
  let app: FastifyInstance | undefined;
  beforeAll(async () => {
    app = await buildTestApp(options);
    set(app);
  });
  afterAll(async () => app?.close());
  if (ledgerSound) afterEach(async () => app && expectLedgerSound(app));
}
