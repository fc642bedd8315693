import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { buildTestApp, TEST_CONFIG } from '../../test/helper.ts';
import { expectLedgerSound, moneyMember, newKey, walletBalance } from '../../test/money.ts';
import { DemoVendor } from './demo-vendor.ts';
import { reconcileVendorTransfers } from './wallet.service.ts';

let app: FastifyInstance;
let vendor: DemoVendor;
beforeAll(async () => {
  app = await buildTestApp();
  vendor = app.services.wallet.vendor as DemoVendor;
});
afterAll(async () => {
  await app.close();
});

async function openTransfer(to: string, amount: number, fault: 'timeout' | 'lost') {
  const m = await moneyMember(app, { balance: 1_000 });
  vendor.inject('credit', fault);
  vendor.inject('resolve', 'timeout');
  const res = await app.inject({
    method: 'POST',
    url: '/wps/relay/GCS_walletTransfer',
    headers: m.headers,
    payload: { from: 'MAIN', to, amount, key: newKey() },
  });
  const value = (res.json() as { value: { status: string; transferId: string } }).value;
  expect(value.status).toBe('pending');
  return { m, id: value.transferId };
}

const ledgerRowsOf = async (id: string) =>
  (
    await app.services.db.query<{ memo: { phase: string } }>(
      'select memo from ledger_transfers where ref = $1 order by id',
      [`vendor:${id}`],
    )
  ).map((r) => r.memo.phase);

describe('the reconciler', () => {
  it('leaves young transfers alone and decides old ones; concurrent reconcilers move once', async () => {
    const a = await openTransfer('PG', 100, 'lost');
    const b = await openTransfer('JILI', 200, 'timeout');
    // Younger than an hour: untouched.
    expect(await app.services.wallet.reconcile({ olderThanSeconds: 3600 })).toMatchObject({ checked: 0 });
    const deps = { db: app.services.db, vendor };
    await Promise.all([
      reconcileVendorTransfers(deps, { olderThanSeconds: 0 }),
      reconcileVendorTransfers(deps, { olderThanSeconds: 0 }),
      reconcileVendorTransfers(deps, { olderThanSeconds: 0, limit: 1 }),
    ]);
    expect(await ledgerRowsOf(a.id)).toEqual(['hold', 'settle']);
    expect(await ledgerRowsOf(b.id)).toEqual(['hold', 'void']);
    expect(await walletBalance(app, a.m.id, 'PG')).toBe(100);
    expect(await vendor.balanceOf(a.m.id, 'PG')).toBe(100);
    expect(await walletBalance(app, b.m.id)).toBe(1_000);
    expect(await vendor.balanceOf(b.m.id, 'JILI')).toBe(0);
    // Nothing open any more.
    expect(await app.services.wallet.reconcile({ olderThanSeconds: 0 })).toMatchObject({ checked: 0 });
    await expectLedgerSound(app);
  });

  it('keeps a transfer open while the vendor cannot be reached, and counts the attempts', async () => {
    const { m, id } = await openTransfer('EVO', 300, 'lost');
    vendor.inject('resolve', 'timeout', 2);
    expect(await app.services.wallet.reconcile({ olderThanSeconds: 0 })).toMatchObject({
      checked: 1,
      open: 1,
    });
    expect(await app.services.wallet.reconcile({ olderThanSeconds: 0 })).toMatchObject({
      checked: 1,
      open: 1,
    });
    const [row] = await app.services.db.query<{ status: string; attempts: number }>(
      'select status, attempts from vendor_transfers where id = $1',
      [id],
    );
    expect(row).toMatchObject({ status: 'unknown' });
    expect(Number(row!.attempts)).toBeGreaterThanOrEqual(3);
    expect(await app.services.wallet.reconcile({ olderThanSeconds: 0 })).toMatchObject({ completed: 1 });
    expect(await walletBalance(app, m.id, 'EVO')).toBe(300);
    await expectLedgerSound(app);
  });

  // The live stream (LISTEN on live_events) is a PostgreSQL channel across processes; PGlite's
  // notifications are not reachable through the Db port, so this one runs on PostgreSQL only.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'a transfer tells the live stream about the member once, at the settle',
    async () => {
      const m = await moneyMember(app, { balance: 1_000 });
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      const [{ schema } = { schema: '' }] = await app.services.db.query<{ schema: string }>(
        'select current_schema() as schema',
      );
      const heard: string[][] = [];
      client.on('notification', (n) => {
        // Other test files' schemas share the database's channels (and their member ids).
        const payload = JSON.parse(n.payload ?? '{}') as { balances?: string[]; schema?: string };
        if (payload.schema === schema && payload.balances?.includes(m.id)) heard.push(payload.balances);
      });
      await client.query('listen live_events');
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/wps/relay/GCS_walletTransfer',
          headers: m.headers,
          payload: { from: 'MAIN', to: 'SABA', amount: 10, key: newKey() },
        });
        expect(res.statusCode).toBe(200);
        // A round trip on the listening connection delivers what was committed before it.
        await client.query('select 1');
        expect(heard).toEqual([[m.id]]);
      } finally {
        await client.end();
      }
    },
  );
});

describe('jobs', () => {
  it('an app built with jobs starts the reconciler and closes cleanly; test apps start none', async () => {
    const withJobs = await buildApp({ db: app.services.db, config: TEST_CONFIG, jobs: true });
    await withJobs.ready();
    await withJobs.close();
    // The shared database is still usable (closing the app did not close it).
    expect((await app.services.db.query<{ one: number }>('select 1 as one'))[0]!.one).toBe(1);
  });
});
