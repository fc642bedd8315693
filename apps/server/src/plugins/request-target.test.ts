import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/helper.ts';

/**
 * The rate limits and the maintenance/region guards decide by the route a request reaches, not by
 * the text of its request-target: an absolute-form target (`GET http://host/wps/…`), a
 * percent-encoded path or a target without its leading slash reaches the same route and must meet
 * the same limits (found by the dependency review of issue 11). `app.inject` normalises the URL,
 * so these go over a real socket.
 */

/** The same route, spelled as a client may send it. */
const FORMS = [
  '/wps/system/countries',
  'http://localhost/wps/system/countries',
  'https://evil.example/wps/system/countries?x=1',
  '*wps/system/countries',
  '/%77ps/system/countries',
  '/wps/system/%63ountries',
] as const;

function rawGet(port: number, target: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      data += chunk;
      const m = /^HTTP\/1\.1 (\d{3})/.exec(data);
      if (m) {
        socket.destroy();
        resolve(Number(m[1]));
      }
    });
    socket.on('error', reject);
    socket.on('close', () => {
      if (!/^HTTP\/1\.1 \d{3}/.test(data)) reject(new Error(`no status line for ${target}`));
    });
    socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
  });
}

async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

describe('request-target forms', () => {
  let base: FastifyInstance;
  beforeAll(async () => {
    base = await buildTestApp();
  });
  afterAll(async () => {
    await base.close();
  });

  it.each(FORMS)('%s meets the per-address limit of every API call', async (form) => {
    const app = await buildTestApp({ db: base.services.db, rateLimit: { globalPerMinute: 2 } });
    try {
      const port = await listen(app);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) statuses.push(await rawGet(port, form));
      // Whatever the form answers at first (200, or 400/404 where it reaches no route), it never
      // answers 200 past the limit.
      expect(statuses.slice(2).includes(200), `${form}: ${statuses.join(',')}`).toBe(false);
      if (statuses[0] === 200) expect(statuses.slice(2)).toEqual([429, 429]);
    } finally {
      await app.close();
    }
  });

  it.each(FORMS)('%s is closed by maintenance', async (form) => {
    const app = await buildTestApp({ db: base.services.db });
    try {
      const port = await listen(app);
      await app.services.ops.maintenance(true, 'test');
      app.services.access.invalidate();
      const status = await rawGet(port, form);
      expect(status, form).not.toBe(200);
    } finally {
      await app.services.ops.maintenance(false);
      await app.close();
    }
  });
});
