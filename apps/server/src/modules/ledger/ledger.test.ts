import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { addMember } from '../../test/accounts.ts';
import { expectLedgerSound, fund, ledgerCounts, newKey, walletBalance } from '../../test/money.ts';
import { once } from './idempotency.ts';
import { checkLedger, memberAccount, move, post, systemAccount } from './ledger.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

const merchant = async () =>
  Number((await app.services.db.query<{ id: number }>('select id from merchants limit 1'))[0]!.id);

describe('the ledger', () => {
  it('posts balanced transfers, keeps member balances and refuses overdrafts without writing', async () => {
    const a = await addMember(app);
    const b = await addMember(app);
    await fund(app, a.id, 1_000);
    await app.services.money(async (tx) => {
      await move(tx, {
        type: 'adjustment',
        memberId: a.id,
        from: await memberAccount(tx, a.id),
        to: await memberAccount(tx, b.id),
        amount: 400,
      });
    });
    expect(await walletBalance(app, a.id)).toBe(600);
    expect(await walletBalance(app, b.id)).toBe(400);
    const before = await ledgerCounts(app);
    await expect(
      app.services.money(async (tx) =>
        move(tx, {
          type: 'adjustment',
          memberId: a.id,
          from: await memberAccount(tx, a.id),
          to: await memberAccount(tx, b.id),
          amount: 601,
        }),
      ),
    ).rejects.toMatchObject({ message: 'money.errors.insufficient_balance', status: 422 });
    expect(await ledgerCounts(app)).toEqual(before);
    expect(await walletBalance(app, a.id)).toBe(600);
    await expectLedgerSound(app);
  });

  it('refuses an unbalanced transfer', async () => {
    const a = await addMember(app);
    const house = await systemAccount(app.services.db, await merchant(), 'HOUSE');
    await expect(
      app.services.money(async (tx) =>
        post(tx, {
          type: 'adjustment',
          memberId: a.id,
          legs: [
            { account: house, amount: -5 },
            { account: await memberAccount(tx, a.id), amount: 4 },
          ],
        }),
      ),
    ).rejects.toThrow(/does not balance/);
  });

  it('lets exactly 50 of 200 concurrent debits of 1 through a balance of 50', async () => {
    const a = await addMember(app);
    const b = await addMember(app);
    await fund(app, a.id, 50);
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, () =>
        app.services.money(async (tx) =>
          move(tx, {
            type: 'adjustment',
            memberId: a.id,
            from: await memberAccount(tx, a.id),
            to: await memberAccount(tx, b.id),
            amount: 1,
          }),
        ),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(50);
    expect(await walletBalance(app, a.id)).toBe(0);
    expect(await walletBalance(app, b.id)).toBe(50);
    await expectLedgerSound(app);
  });

  it('runs a keyed call once, replays its answer and refuses the key with another body', async () => {
    const a = await addMember(app);
    await fund(app, a.id, 100);
    const key = newKey();
    const merchantId = await merchant();
    const call = (amount: number) =>
      once(app.services.money, { memberId: a.id, key, scope: 'test', body: { amount } }, async (tx) => {
        const r = await move(tx, {
          type: 'adjustment',
          memberId: a.id,
          from: await memberAccount(tx, a.id),
          to: await systemAccount(tx, merchantId, 'HOUSE'),
          amount,
        });
        return { transferId: r.transferId };
      });
    const answers = await Promise.all([call(10), call(10), call(10), call(10), call(10)]);
    expect(new Set(answers.map((x) => x.transferId)).size).toBe(1);
    expect(await walletBalance(app, a.id)).toBe(90);
    await expect(call(11)).rejects.toMatchObject({
      status: 409,
      message: 'money.errors.idempotency_conflict',
    });
    expect(await walletBalance(app, a.id)).toBe(90);
  });

  it('keeps posted rows append-only', async () => {
    await expect(app.services.db.query('update ledger_entries set amount = amount + 1')).rejects.toThrow(
      /append-only/,
    );
    await expect(app.services.db.query('delete from ledger_transfers')).rejects.toThrow(/append-only/);
    expect((await checkLedger(app.services.db)).ok).toBe(true);
  });
});
