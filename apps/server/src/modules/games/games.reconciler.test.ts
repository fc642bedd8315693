import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, TEST_OPS_TOKEN } from '../../test/helper.ts';
import { launchSlot, spin } from '../../test/games.ts';
import { ledgerCounts, moneyMember, walletBalance } from '../../test/money.ts';
import { checkLedger } from '../ledger/ledger.ts';
import { reconcileGames } from './games.reconciler.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const studio = () => app.services.gamePlay.studio;

async function roundOf(ticketHash: string | null, roundState?: string) {
  return app.services.db.query<{ id: string; state: string; bet: number; total_win: number }>(
    `select id, state, bet::int as bet, total_win::int as total_win from studio_rounds
      where ($1::text is null or ticket_hash = $1) and ($2::text is null or state = $2) order by created_at desc`,
    [ticketHash, roundState ?? null],
  );
}

const ops = (args: string[]) =>
  app.inject({
    method: 'POST',
    url: '/ops/games',
    headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` },
    payload: { args },
  });

describe('the games reconciler (issue 5: a crash between a vendor debit and credit)', () => {
  it('a crash between a vendor debit and credit leaves nothing stuck after reconcile', async () => {
    const m = await moneyMember(app, { balance: 60_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    studio().inject('after_debit');
    const crashed = await spin(app, l.ticket, 10_000);
    expect(crashed.status).toBe(500);
    expect(await walletBalance(app, m.id)).toBe(50_000);
    const [open] = await roundOf(null, 'debited');
    expect(open).toBeDefined();
    // Stuck: the ledger check sees the open slot bet and the debited round.
    const stuck = await checkLedger(app.services.db, 0);
    expect(stuck.ok).toBe(false);
    expect(stuck.problems.join('\n')).toMatch(/still debited/);

    const r = await reconcileGames(studio(), { olderThanSeconds: 0 });
    expect(r).toMatchObject({ settled: 1, failed: 0 });
    const [after] = await app.services.db.query<{ state: string }>(
      'select state from studio_rounds where id = $1',
      [open!.id],
    );
    expect(after?.state).toBe('settled');
    expect(await walletBalance(app, m.id)).toBe(60_000 - 10_000 + open!.total_win);
    const bets = await app.services.db.query<{ status: string; payout: number }>(
      'select status, payout::int as payout from bet_records where member_id = $1',
      [m.id],
    );
    expect(bets).toEqual([{ status: 'settled', payout: open!.total_win }]);
    expect((await checkLedger(app.services.db, 0)).ok).toBe(true);

    const counts = await ledgerCounts(app);
    const again = await reconcileGames(studio(), { olderThanSeconds: 0 });
    expect(again.checked).toBe(0);
    expect(await ledgerCounts(app)).toEqual(counts);
    expect(await walletBalance(app, m.id)).toBe(60_000 - 10_000 + open!.total_win);
  });

  it('a crash before the debit (decided only) is rolled back: no money moved, the debit refused for good', async () => {
    const m = await moneyMember(app, { balance: 20_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const before = await ledgerCounts(app);
    studio().inject('before_debit');
    expect((await spin(app, l.ticket, 2_000)).status).toBe(500);
    const [decided] = await roundOf(null, 'decided');
    expect(decided).toBeDefined();
    const res = await ops(['reconcile', '0']);
    expect(res.statusCode).toBe(200);
    expect((res.json() as { value: { message: string } }).value.message).toMatch(/1 rolled back/);
    const [row] = await app.services.db.query<{ state: string }>(
      'select state from studio_rounds where id = $1',
      [decided!.id],
    );
    expect(row?.state).toBe('rolled_back');
    expect(await walletBalance(app, m.id)).toBe(20_000);
    expect(await ledgerCounts(app)).toEqual(before);
    const [tomb] = await app.services.db.query<{ kind: string }>(
      'select kind from vendor_transactions where tx_id = $1',
      [`${decided!.id}:bet`],
    );
    expect(tomb?.kind).toBe('cancelled');
    expect((await checkLedger(app.services.db, 0)).ok).toBe(true);
  });

  it('a debit that happened just before the crash is refunded by the rollback', async () => {
    const m = await moneyMember(app, { balance: 20_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    studio().inject('after_debit');
    expect((await spin(app, l.ticket, 5_000)).status).toBe(500);
    // As if the process died after the debit but before it could record it.
    await app.services.db.query(`update studio_rounds set state = 'decided' where state = 'debited'`);
    await reconcileGames(studio(), { olderThanSeconds: 0 });
    expect(await walletBalance(app, m.id)).toBe(20_000);
    const [bet] = await app.services.db.query<{ status: string }>(
      'select status from bet_records where member_id = $1',
      [m.id],
    );
    expect(bet?.status).toBe('rolled_back');
    expect((await checkLedger(app.services.db, 0)).ok).toBe(true);
  });

  it('the job finishes a round left half-way when a server starts with jobs on', async () => {
    const m = await moneyMember(app, { balance: 30_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    studio().inject('after_debit');
    expect((await spin(app, l.ticket, 2_000)).status).toBe(500);
    const [open] = await roundOf(null, 'debited');
    await app.services.db.query(
      `update studio_rounds set updated_at = now() - interval '1 minute' where id = $1`,
      [open!.id],
    );
    const second = await buildTestApp({ db: app.services.db, jobs: true });
    try {
      let state = 'debited';
      for (let i = 0; i < 100 && state !== 'settled'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        const [row] = await app.services.db.query<{ state: string }>(
          'select state from studio_rounds where id = $1',
          [open!.id],
        );
        state = row?.state ?? state;
      }
      expect(state).toBe('settled');
      expect(await walletBalance(app, m.id)).toBe(30_000 - 2_000 + open!.total_win);
    } finally {
      await second.close();
    }
  });

  it('ops games: usage errors are refusals', async () => {
    expect((await ops(['nothing'])).statusCode).toBe(400);
    expect((await ops(['reconcile', 'soon'])).statusCode).toBe(400);
  });
});
