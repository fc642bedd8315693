import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildLoggingApp } from '../test/helper.ts';

let app: FastifyInstance;
let lines: string[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, lines, close } = await buildLoggingApp('info'));
});
afterAll(() => close());

it('logs requests with their id and module id, and never secrets', async () => {
  const res = await app.inject({
    url: '/wps/system/status',
    headers: { 'x-module-id': 'SYS', authorization: 'Bearer s3cret-token', cookie: 'captcha_id=abc' },
  });
  const id = String(res.headers['x-request-id']);
  app.log.info({ body: { password: 'hunter2', captcha: 'ab3k', token: 't0k', code: '123456' } }, 'probe');
  const text = lines.join('');
  expect(text).toContain(id);
  expect(text).toContain('"moduleId":"SYS"');
  for (const secret of ['s3cret-token', 'captcha_id=abc', 'hunter2', 'ab3k', 't0k', '123456']) {
    expect(text).not.toContain(secret);
  }
  expect(text).toContain('[redacted]');
});
