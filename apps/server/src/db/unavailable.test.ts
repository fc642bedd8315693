import { randomBytes } from 'node:crypto';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { TEST_CONFIG, TEST_OPS_TOKEN } from '../test/helper.ts';
import type { Db } from './db.ts';
import { migrate } from './migrate.ts';
import { openPostgres } from './postgres.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

describe('isDatabaseUnavailable', () => {
  it('knows the errors of a database that is down, and nothing else', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const e of [
      coded('ECONNREFUSED'),
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('wrapped', { cause: coded('ECONNRESET') }),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
    ])
      expect(isDatabaseUnavailable(e), String(e)).toBe(true);
    for (const e of [coded('23505'), coded('40001'), new Error('boom'), null, 'ECONNREFUSED'])
      expect(isDatabaseUnavailable(e), String(e)).toBe(false);
  });
});

/**
 * The database goes away under a running app (PostgreSQL only): a TCP relay between the pool and
 * TEST_DATABASE_URL's server is cut (open connections destroyed, new ones refused), as
 * `pg_ctl stop -m immediate` does to the app (bench:crash does that to a cluster of its own). The
 * app answers 503 with the envelope and no stack; when the relay is back, the same app answers
 * 200 again without a restart.
 */
describe.skipIf(process.env.TEST_DB !== 'postgres')('database down under a running app', () => {
  let relay: Server | undefined;
  const sockets = new Set<Socket>();
  let port = 0;
  let app: FastifyInstance;
  let db: Db;
  let dropSchema: () => Promise<void>;
  const target = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/x');

  async function relayUp() {
    relay = createServer((client) => {
      const upstream = connect(Number(target.port || 5432), target.hostname);
      sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((r) => relay!.listen(port, '127.0.0.1', r));
    port = (relay.address() as { port: number }).port;
  }
  async function relayDown() {
    const closed = new Promise((r) => relay?.close(r));
    for (const s of sockets) s.destroy();
    sockets.clear();
    await closed;
  }

  beforeAll(async () => {
    await relayUp();
    const url = Object.assign(new URL(target.href), { host: `127.0.0.1:${port}` }).toString();
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const direct = await openPostgres({ url: target.href, max: 1 });
    await direct.exec(`create schema ${schema}`);
    dropSchema = async () => {
      await direct.exec(`drop schema if exists ${schema} cascade`);
      await direct.close();
    };
    db = await openPostgres({ url, schema, max: 3 });
    // Migrations only: the routes below read the countries and the health ping, no seed needed.
    await migrate(db);
    app = await buildApp({ db, config: TEST_CONFIG, opsToken: TEST_OPS_TOKEN });
    app.addHook('onClose', async () => db.close());
    await app.ready();
  });
  afterAll(async () => {
    if (!relay?.listening) await relayUp().catch(() => undefined);
    await app?.close();
    await relay?.close();
    await dropSchema?.();
  });

  it('answers 503 while the database is away and recovers without a restart', async () => {
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/wps/system/countries' })).statusCode).toBe(200);

    await relayDown();
    for (const url of ['/wps/system/countries', '/health', '/wps/system/countries']) {
      const res = await app.inject({ url });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({
        success: false,
        code: 'SERVICE_UNAVAILABLE',
        message: 'errors.service_unavailable',
      });
      expect(res.body).not.toMatch(/ECONN|at .*\.ts|Error:/);
    }

    await relayUp();
    expect((await app.inject({ url: '/wps/system/countries' })).statusCode).toBe(200);
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });

  it('survives a connection that dies in the middle of a transaction', async () => {
    // Without an error listener on checked-out clients, pg's 'error' event ends the process.
    const tx = db.withTx(async (q) => {
      await q.query('select 1');
      await relayDown();
      await new Promise((r) => setTimeout(r, 200));
      await q.query('select 2');
    });
    await expect(tx).rejects.toThrow();
    expect((await app.inject({ url: '/health' })).statusCode).toBe(503);
    await relayUp();
    expect((await app.inject({ url: '/health' })).statusCode).toBe(200);
  });
});
