import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { buildTestApp, TEST_CONFIG } from '../test/helper.ts';

let base: FastifyInstance;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  base = await buildTestApp();
  app = await buildApp({
    db: base.services.db,
    config: { ...TEST_CONFIG, logLevel: 'info' },
    logStream: { write: (line: string) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await base.close();
});

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
