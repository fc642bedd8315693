import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { launchSlot, vendorCall } from '../../test/games.ts';
import { expectLedgerSound, ledgerCounts, moneyMember, walletBalance } from '../../test/money.ts';
import { checkLedger } from '../ledger/ledger.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

let seq = 0;
const tx = (p: string) => `${p}-${Date.now().toString(36)}-${seq++}`;

async function realSlot(balance: number, vassalage = 'LOTUS') {
  const m = await moneyMember(app, { balance });
  const l = await launchSlot(app, m.token, { vassalage });
  return { m, ticket: l.ticket, gameId: l.gameId, vassalage };
}

const count = async (sql: string, params: unknown[]) =>
  Number((await app.services.db.query<{ n: string }>(sql, params))[0]!.n);

describe('vendor protocol signature', () => {
  it('refuses a missing, wrong or other vendor’s signature with 401 before reading the body', async () => {
    const s = await realSlot(1_000);
    const body = { vassalage: s.vassalage, ticket: s.ticket };
    const missing = await app.inject({
      method: 'POST',
      url: '/vendor/v1/balance',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    expect(missing.statusCode).toBe(401);
    expect((missing.json() as { message: string }).message).toBe('games.errors.bad_signature');
    const wrong = await vendorCall(app, 'balance', body, { signature: 'ab'.repeat(32) });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('games.errors.bad_signature');
    const other = await vendorCall(app, 'balance', body, { secretOf: 'JILI' });
    expect(other.status).toBe(401);
    const garbage = await vendorCall(
      app,
      'debit',
      { vassalage: s.vassalage, nonsense: true },
      { signature: 'x' },
    );
    expect(garbage.status).toBe(401);
    const ok = await vendorCall(app, 'balance', body);
    expect(ok.status).toBe(200);
    expect(ok.body.value?.balance).toBe(1_000);
  });
});

describe('vendor protocol launch and tickets', () => {
  it('answers the member, game, mode and currency of a ticket; unknown or expired tickets are 401', async () => {
    const s = await realSlot(2_500);
    const r = await vendorCall(app, 'launch', { vassalage: s.vassalage, ticket: s.ticket });
    expect(r.status).toBe(200);
    expect(r.body.value).toMatchObject({
      memberId: s.m.id,
      account: s.m.account,
      gameId: s.gameId,
      mode: 'real',
      balance: 2_500,
    });
    const unknown = await vendorCall(app, 'launch', {
      vassalage: s.vassalage,
      ticket: `${s.vassalage}-${'A'.repeat(43)}`,
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe('games.errors.ticket_invalid');
    await app.services.db.query(
      `update game_sessions set expires_at = now() - interval '1 second' where member_id = $1`,
      [s.m.id],
    );
    const expired = await vendorCall(app, 'balance', { vassalage: s.vassalage, ticket: s.ticket });
    expect(expired.status).toBe(401);
    expect(expired.body.message).toBe('games.errors.ticket_invalid');
  });

  it('refuses a call naming another vendor than the ticket’s game (400), writing nothing', async () => {
    const s = await realSlot(5_000);
    const before = await ledgerCounts(app);
    const r = await vendorCall(app, 'debit', {
      vassalage: 'JILI',
      ticket: s.ticket,
      txId: tx('other'),
      roundId: 'round-x1',
      amount: 100,
      gameId: s.gameId,
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('games.errors.vendor_mismatch');
    const otherGame = await vendorCall(app, 'debit', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('game'),
      roundId: 'round-x2',
      amount: 100,
      gameId: s.gameId + 1,
    });
    expect(otherGame.status).toBe(400);
    expect(otherGame.body.message).toBe('games.errors.unknown_game');
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, s.m.id)).toBe(5_000);
  });
});

describe('debit, credit, rollback', () => {
  it('a debit takes the stake and opens the bet; a replay answers the same, posted once; another body → 409', async () => {
    const s = await realSlot(10_000);
    const body = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('d'),
      roundId: 'round-a1',
      amount: 2_000,
      gameId: s.gameId,
    };
    const first = await vendorCall(app, 'debit', body);
    expect(first.status).toBe(200);
    expect(first.body.value).toMatchObject({ balance: 8_000, txId: body.txId });
    expect(first.body.value?.repeated).toBeUndefined();
    const before = await ledgerCounts(app);
    const again = await vendorCall(app, 'debit', body);
    expect(again.status).toBe(200);
    expect(again.body.value).toMatchObject({ balance: 8_000, repeated: true });
    expect(await ledgerCounts(app)).toEqual(before);
    const other = await vendorCall(app, 'debit', { ...body, amount: 3_000 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('games.errors.tx_conflict');
    const secondDebit = await vendorCall(app, 'debit', { ...body, txId: tx('d2') });
    expect(secondDebit.status).toBe(409);
    expect(await walletBalance(app, s.m.id)).toBe(8_000);
    expect(
      await count(`select count(*) as n from bet_records where member_id = $1 and status = 'open'`, [s.m.id]),
    ).toBe(1);

    const credit = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('c'),
      roundId: 'round-a1',
      amount: 5_000,
    };
    const paid = await vendorCall(app, 'credit', credit);
    expect(paid.body.value).toMatchObject({ balance: 13_000 });
    expect((await vendorCall(app, 'credit', credit)).body.value).toMatchObject({
      balance: 13_000,
      repeated: true,
    });
    const late = await vendorCall(app, 'credit', { ...credit, txId: tx('c2') });
    expect(late.status).toBe(409);
    expect(await walletBalance(app, s.m.id)).toBe(13_000);
    const [bet] = await app.services.db.query<{
      stake: number;
      payout: number;
      status: string;
      settled_at: Date | null;
    }>(
      'select stake::int as stake, payout::int as payout, status, settled_at from bet_records where member_id = $1',
      [s.m.id],
    );
    expect(bet).toMatchObject({ stake: 2000, payout: 5000, status: 'settled' });
    expect(bet?.settled_at).not.toBeNull();
    await expectLedgerSound(app);
  });

  it('a bet above the balance is refused (422): balance unchanged, no bet record, nothing written', async () => {
    const s = await realSlot(1_500);
    const before = await ledgerCounts(app);
    const body = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('big'),
      roundId: 'round-big',
      amount: 2_000,
      gameId: s.gameId,
    };
    const r = await vendorCall(app, 'debit', body);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('money.errors.insufficient_balance');
    expect(await walletBalance(app, s.m.id)).toBe(1_500);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await count('select count(*) as n from bet_records where member_id = $1', [s.m.id])).toBe(0);
    expect(await count('select count(*) as n from vendor_transactions where tx_id = $1', [body.txId])).toBe(
      0,
    );
  });

  it('credit of an unknown round → 404; credit 0 settles a losing round without a transfer', async () => {
    const s = await realSlot(3_000);
    const unknown = await vendorCall(app, 'credit', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('u'),
      roundId: 'nope-1',
      amount: 10,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('games.errors.unknown_round');
    await vendorCall(app, 'debit', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('d'),
      roundId: 'lose-1',
      amount: 1_000,
      gameId: s.gameId,
    });
    const before = await ledgerCounts(app);
    const zero = await vendorCall(app, 'credit', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('z'),
      roundId: 'lose-1',
      amount: 0,
    });
    expect(zero.body.value).toMatchObject({ balance: 2_000 });
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers);
    const [bet] = await app.services.db.query<{ status: string; payout: number }>(
      'select status, payout::int as payout from bet_records where member_id = $1',
      [s.m.id],
    );
    expect(bet).toEqual({ status: 'settled', payout: 0 });
  });

  it('a rollback refunds a debit once; a rollback of a debit never seen cancels that txId for good', async () => {
    const s = await realSlot(4_000);
    const debit = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('d'),
      roundId: 'rb-1',
      amount: 1_500,
      gameId: s.gameId,
    };
    await vendorCall(app, 'debit', debit);
    const rb = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('rb'),
      roundId: 'rb-1',
      debitTxId: debit.txId,
    };
    expect((await vendorCall(app, 'rollback', rb)).body.value).toMatchObject({ balance: 4_000 });
    expect((await vendorCall(app, 'rollback', rb)).body.value).toMatchObject({
      balance: 4_000,
      repeated: true,
    });
    const rb2 = await vendorCall(app, 'rollback', { ...rb, txId: tx('rb2') });
    expect(rb2.status).toBe(200);
    expect(await walletBalance(app, s.m.id)).toBe(4_000);
    const credit = await vendorCall(app, 'credit', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('c'),
      roundId: 'rb-1',
      amount: 100,
    });
    expect(credit.status).toBe(409);
    const [bet] = await app.services.db.query<{ status: string }>(
      'select status from bet_records where member_id = $1',
      [s.m.id],
    );
    expect(bet?.status).toBe('rolled_back');

    const ghost = tx('ghost');
    const cancel = await vendorCall(app, 'rollback', {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('rb'),
      roundId: 'rb-2',
      debitTxId: ghost,
    });
    expect(cancel.status).toBe(200);
    const late = await vendorCall(app, 'debit', { ...debit, txId: ghost, roundId: 'rb-2' });
    expect(late.status).toBe(422);
    expect(late.body.message).toBe('games.errors.tx_cancelled');
    expect(await walletBalance(app, s.m.id)).toBe(4_000);
    await expectLedgerSound(app);
  });

  it('a transfer vendor bets from the member’s vendor wallet and the vendor’s books move with it', async () => {
    const s = await realSlot(20_000, 'PG');
    const books = async () =>
      Number(
        (
          await app.services.db.query<{ balance: string }>(
            `select balance from demo_vendor_wallets where member_id = $1 and vendor = 'PG'`,
            [s.m.id],
          )
        )[0]?.balance ?? 0,
      );
    expect(await books()).toBe(20_000);
    await vendorCall(app, 'debit', {
      vassalage: 'PG',
      ticket: s.ticket,
      txId: tx('d'),
      roundId: 'pg-1',
      amount: 5_000,
      gameId: s.gameId,
    });
    await vendorCall(app, 'credit', {
      vassalage: 'PG',
      ticket: s.ticket,
      txId: tx('c'),
      roundId: 'pg-1',
      amount: 1_000,
    });
    expect(await walletBalance(app, s.m.id, 'PG')).toBe(16_000);
    expect(await books()).toBe(16_000);
    expect(await walletBalance(app, s.m.id)).toBe(0);
    await expectLedgerSound(app);
  });

  it('trial sessions move play money only: no ledger, no betting record', async () => {
    const l = await launchSlot(app, undefined);
    const vassalage = l.ticket.split('-')[0]!;
    const before = await ledgerCounts(app);
    const d = await vendorCall(app, 'debit', {
      vassalage,
      ticket: l.ticket,
      txId: tx('t'),
      roundId: 'trial-1',
      amount: 2_000,
      gameId: l.gameId,
    });
    expect(d.body.value?.balance).toBe(198_000);
    const c = await vendorCall(app, 'credit', {
      vassalage,
      ticket: l.ticket,
      txId: tx('t'),
      roundId: 'trial-1',
      amount: 500,
    });
    expect(c.body.value?.balance).toBe(198_500);
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await count(`select count(*) as n from bet_records where round_id = 'trial-1'`, [])).toBe(0);
  });

  it('20 concurrent repeats of one debit post one transfer', async () => {
    const s = await realSlot(50_000);
    const before = await ledgerCounts(app);
    const body = {
      vassalage: s.vassalage,
      ticket: s.ticket,
      txId: tx('race'),
      roundId: 'race-1',
      amount: 1_000,
      gameId: s.gameId,
    };
    const answers = await Promise.all(Array.from({ length: 20 }, () => vendorCall(app, 'debit', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => !a.body.value?.repeated)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.value?.balance))).toEqual(new Set([49_000]));
    expect((await ledgerCounts(app)).transfers).toBe(before.transfers + 1);
    expect(await walletBalance(app, s.m.id)).toBe(49_000);
    expect((await checkLedger(app.services.db)).ok).toBe(true);
  });
});
