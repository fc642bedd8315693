import { randomBytes } from 'node:crypto';
import { encryptPayload, type LoginResult, type PayloadKey } from '@app/contracts';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { hashPassword } from '../lib/password.ts';
import { hashAnswer } from '../modules/captcha/captcha.service.ts';

/** Test helpers of issue 3: encrypted calls, the login through the real route, the outbox. */

export async function payloadKey(app: FastifyInstance): Promise<PayloadKey> {
  const res = await app.inject({ method: 'GET', url: '/wps/session/key' });
  return (res.json() as { value: PayloadKey }).value;
}

export async function encrypted(app: FastifyInstance, data: unknown) {
  return encryptPayload(await payloadKey(app), data);
}

export interface CallOptions {
  token?: string | undefined;
  ip?: string;
  headers?: Record<string, string>;
  cookie?: string;
}

function headersOf(o: CallOptions): Record<string, string> {
  return {
    ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
    ...(o.cookie ? { cookie: o.cookie } : {}),
    ...o.headers,
  };
}

/** Sends `data` encrypted to an encrypted endpoint. */
export async function secureCall(
  app: FastifyInstance,
  method: 'POST' | 'PUT',
  url: string,
  data: unknown,
  o: CallOptions = {},
) {
  return app.inject({
    method,
    url,
    payload: await encrypted(app, data),
    headers: headersOf(o),
    ...(o.ip ? { remoteAddress: o.ip } : {}),
  });
}

export function call(app: FastifyInstance, opts: InjectOptions & CallOptions) {
  const { token, ip, cookie, headers, ...rest } = opts;
  return app.inject({
    ...rest,
    headers: { ...headersOf({ token, cookie }), ...(headers as Record<string, string> | undefined) },
    ...(ip ? { remoteAddress: ip } : {}),
  });
}

export async function loginRaw(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  o: CallOptions = {},
) {
  return secureCall(app, 'POST', '/wps/session/login', { type: 'username', username, password, ...extra }, o);
}

/** Logs in through the real route and returns the session (fails the test otherwise). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
  extra: Record<string, unknown> = {},
  o: CallOptions = {},
): Promise<LoginResult> {
  const res = await loginRaw(app, username, password, extra, o);
  const body = res.json() as { value?: { kind: string; session?: LoginResult } };
  if (res.statusCode !== 200 || body.value?.kind !== 'session' || !body.value.session) {
    throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
  }
  return body.value.session;
}

export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  code: string | null;
}

export async function outbox(app: FastifyInstance, to?: string): Promise<OutboxMessage[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/dev/outbox.json${to ? `?to=${encodeURIComponent(to)}` : ''}`,
  });
  return (res.json() as { messages: OutboxMessage[] }).messages;
}

export async function lastCode(app: FastifyInstance, to: string): Promise<string> {
  const [m] = await outbox(app, to);
  if (!m?.code) throw new Error(`no code sent to ${to}`);
  return m.code;
}

export async function setFlag(app: FastifyInstance, modId: string, on: boolean) {
  await app.services.db.query('update whitelabel_nodes set enabled = $2 where mod_id = $1', [modId, on]);
}

/** A captcha with a known answer, and the cookie that names it. */
export async function solvedCaptcha(
  app: FastifyInstance,
  answer = 'abcd',
): Promise<{ cookie: string; answer: string }> {
  const id = randomBytes(12).toString('base64url');
  await app.services.db.query('insert into captchas (id, answer_hash, expires_at) values ($1, $2, $3)', [
    id,
    hashAnswer(id, answer).toString('hex'),
    new Date(app.services.now().getTime() + 3600_000),
  ]);
  return { cookie: `captcha_id=${id}`, answer };
}

/** A mutable clock for buildTestApp({ now }). */
export function testClock(start = new Date()) {
  let t = start.getTime();
  const now = () => new Date(t);
  return {
    now,
    advance(ms: number) {
      t += ms;
    },
  };
}

let ipCounter = 1;
/** A fresh client address (tests that count per address do not disturb each other). */
export const freshIp = () => `198.51.100.${(ipCounter++ % 250) + 1}`;

let memberCounter = 0;
/** A new member (type 3 unless said), for tests that must not share counters with others. */
export async function addMember(
  app: FastifyInstance,
  o: { account?: string; password?: string; type?: number; set?: Record<string, unknown> } = {},
): Promise<{ id: string; account: string; password: string }> {
  const account = o.account ?? `t${Date.now().toString(36)}${memberCounter++}`;
  const password = o.password ?? 'Test2026pw';
  const columns = Object.keys(o.set ?? {});
  const values = Object.values(o.set ?? {});
  const [row] = await app.services.db.query<{ id: string }>(
    `insert into members (merchant_id, account, password_hash, type${columns.map((c) => `, ${c}`).join('')})
     select id, $1, $2, $3${columns.map((_, i) => `, $${i + 4}`).join('')} from merchants limit 1 returning id::text as id`,
    [account, await hashPassword(password), o.type ?? 3, ...values],
  );
  return { id: (row as { id: string }).id, account, password };
}
