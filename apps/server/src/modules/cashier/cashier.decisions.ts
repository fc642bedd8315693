import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import { addNotice, type MoneyRunner, type MoneyTx } from '../ledger/money-tx.ts';
import * as repo from './cashier.repository.ts';

/**
 * The state machines of deposits and withdrawals (issue 4). Every decision runs in one money
 * transaction under the row lock of the withdrawal (then its deposit, always in that order) and
 * acts only from the state it expects: a second approve, an approve racing a reject, the
 * auto-receive job racing the withdrawer's confirmation … find the row decided and post nothing.
 *
 * Ledger accounts: DEPOSIT_GATEWAY (money arriving from outside: bank, gateway), WITHDRAWAL_PENDING
 * (held withdrawals), WITHDRAWAL_PAYOUT (paid out to the bank), C2C_GUARANTEE (depositors'
 * guarantees), HOUSE (a forfeited guarantee).
 */

export type Decided<T> = { changed: true; value: T } | { changed: false; value: T; reason: string };

const notFound = (what: string) => new AppError('NOT_FOUND', `cashier.errors.${what}_not_found`);

/* ------------------------------------------------------------------ deposits */

/** BANK (operator) and INSTANT (gateway callback): pending → succeeded (credited) or failed. */
export async function decideDeposit(
  tx: MoneyTx,
  depositId: number | string,
  outcome: 'succeeded' | 'failed',
  now: Date,
  o: { channels: readonly ('BANK' | 'INSTANT')[]; by: string },
): Promise<Decided<repo.LockedDeposit>> {
  const d = await repo.lockDeposit(tx, depositId);
  if (!d) throw notFound('deposit');
  if (!(o.channels as readonly string[]).includes(d.channel))
    return { changed: false, value: d, reason: `a ${d.channel} deposit is not decided here` };
  if (d.status !== 'pending') return { changed: false, value: d, reason: `already ${d.status}` };
  const amount = Number(d.amount);
  if (outcome === 'succeeded') {
    const main = await memberAccount(tx, d.member_id);
    const posted = await move(tx, {
      type: 'deposit',
      memberId: d.member_id,
      ref: `deposit:${d.id}`,
      memo: { channel: d.channel, by: o.by },
      from: await systemAccount(tx, d.merchant_id, 'DEPOSIT_GATEWAY'),
      to: main,
      amount,
    });
    await tx.query(
      `update deposits set status = 'succeeded', credited = amount, settle_transfer_id = $2, settled_at = $3 where id = $1`,
      [d.id, posted.transferId, now],
    );
    tx.balanceChanged(d.member_id);
    await addNotice(tx, d.member_id, 'deposit_arrived', { amount, depositId: Number(d.id) });
  } else {
    await tx.query(`update deposits set status = 'failed', settled_at = $2 where id = $1`, [d.id, now]);
    await addNotice(tx, d.member_id, 'deposit_failed', { amount, depositId: Number(d.id) });
  }
  return { changed: true, value: { ...d, status: outcome } };
}

/* --------------------------------------------------------------- withdrawals */

/** Operator decision on a withdrawal nobody C2C-matched: approved (paid out) or rejected (returned). */
export async function decideWithdrawal(
  tx: MoneyTx,
  withdrawalId: number | string,
  outcome: 'approved' | 'rejected',
  now: Date,
): Promise<Decided<repo.LockedWithdrawal>> {
  const w = await repo.lockWithdrawal(tx, withdrawalId);
  if (!w) throw notFound('withdrawal');
  if (w.status === 'matched')
    return { changed: false, value: w, reason: 'matched to a C2C deposit: use c2c' };
  if (w.status !== 'pending') return { changed: false, value: w, reason: `already ${w.status}` };
  const amount = Number(w.amount);
  const pending = await systemAccount(tx, w.merchant_id, 'WITHDRAWAL_PENDING');
  const posted =
    outcome === 'approved'
      ? await move(tx, {
          type: 'withdrawal',
          memberId: null,
          ref: `withdrawal:${w.id}`,
          memo: { payout: true, memberId: w.member_id },
          from: pending,
          to: await systemAccount(tx, w.merchant_id, 'WITHDRAWAL_PAYOUT'),
          amount,
        })
      : await move(tx, {
          type: 'withdrawal_return',
          memberId: w.member_id,
          ref: `withdrawal:${w.id}`,
          memo: { reason: 'rejected' },
          from: pending,
          to: await memberAccount(tx, w.member_id),
          amount,
        });
  await tx.query(
    `update withdrawals set status = $2, settle_transfer_id = $3, decided_at = $4 where id = $1`,
    [w.id, outcome, posted.transferId, now],
  );
  if (outcome === 'rejected') tx.balanceChanged(w.member_id);
  await addNotice(tx, w.member_id, outcome === 'approved' ? 'withdrawal_approved' : 'withdrawal_rejected', {
    amount,
    withdrawalId: Number(w.id),
  });
  return { changed: true, value: { ...w, status: outcome } };
}

/* ----------------------------------------------------------------------- C2C */

export type C2cDecision =
  | { kind: 'full' }
  | { kind: 'partial'; received: number }
  | { kind: 'auto' }
  | { kind: 'operator_received' }
  | { kind: 'operator_not_received' };

/**
 * Decides a matched C2C payout. Received (full, partial, auto, operator_received): the depositor
 * gets what arrived out of the held withdrawal, a partial remainder returns to the withdrawer, the
 * guarantee returns to the depositor — except on auto-receive (forced receipt, spec §4), where it
 * goes to HOUSE. Not received (operator): the withdrawal is rejected and returned, the deposit
 * fails and the guarantee goes to HOUSE.
 *
 * `expect`: the state the caller acts from — 'awaiting' (no confirmation, not disputed: the
 * withdrawer and the job) or 'disputed' (the operator).
 */
export async function decideC2c(
  tx: MoneyTx,
  withdrawalId: number | string,
  decision: C2cDecision,
  now: Date,
  expect: 'awaiting' | 'disputed',
): Promise<Decided<repo.LockedWithdrawal>> {
  const w = await repo.lockWithdrawal(tx, withdrawalId);
  if (!w) throw notFound('withdrawal');
  const awaiting = w.status === 'matched' && w.outcome === null && !w.disputed;
  const disputed = w.status === 'matched' && w.disputed;
  if (expect === 'awaiting' ? !awaiting : !disputed)
    return { changed: false, value: w, reason: `not ${expect} (status ${w.status})` };
  const d = await repo.lockDeposit(tx, w.deposit_id!);
  if (!d) throw new Error(`withdrawal ${w.id} is matched to a missing deposit`);
  const amount = Number(w.amount);
  const guarantee = Number(d.guarantee);
  const pending = await systemAccount(tx, w.merchant_id, 'WITHDRAWAL_PENDING');
  const guarantees = await systemAccount(tx, w.merchant_id, 'C2C_GUARANTEE');
  const house = () => systemAccount(tx, w.merchant_id, 'HOUSE');

  if (decision.kind === 'operator_not_received') {
    const back = await move(tx, {
      type: 'withdrawal_return',
      memberId: w.member_id,
      ref: `withdrawal:${w.id}`,
      memo: { reason: 'c2c_not_received', depositId: Number(d.id) },
      from: pending,
      to: await memberAccount(tx, w.member_id),
      amount,
    });
    if (guarantee > 0)
      await move(tx, {
        type: 'adjustment',
        memberId: d.member_id,
        ref: `deposit:${d.id}`,
        memo: { reason: 'c2c_guarantee_forfeited' },
        from: guarantees,
        to: await house(),
        amount: guarantee,
      });
    await tx.query(
      `update withdrawals set status = 'rejected', outcome = 'operator_not_received', amount_received = 0,
              settle_transfer_id = $2, decided_at = $3 where id = $1`,
      [w.id, back.transferId, now],
    );
    await tx.query(`update deposits set status = 'failed', credited = 0, settled_at = $2 where id = $1`, [
      d.id,
      now,
    ]);
    tx.balanceChanged(w.member_id);
    await addNotice(tx, w.member_id, 'withdrawal_rejected', { amount, withdrawalId: Number(w.id) });
    await addNotice(tx, d.member_id, 'deposit_failed', { amount, depositId: Number(d.id) });
    return { changed: true, value: { ...w, status: 'rejected' } };
  }

  const received = decision.kind === 'partial' ? decision.received : amount;
  if (!(Number.isSafeInteger(received) && received >= 1 && received <= amount))
    throw new Error('received amount out of range');
  const depositorMain = await memberAccount(tx, d.member_id);
  const credit = await move(tx, {
    type: 'deposit',
    memberId: d.member_id,
    ref: `deposit:${d.id}`,
    memo: { channel: 'C2C', withdrawalId: Number(w.id), how: decision.kind },
    from: pending,
    to: depositorMain,
    amount: received,
  });
  if (received < amount) {
    await move(tx, {
      type: 'withdrawal_return',
      memberId: w.member_id,
      ref: `withdrawal:${w.id}`,
      memo: { reason: 'c2c_partial', received },
      from: pending,
      to: await memberAccount(tx, w.member_id),
      amount: amount - received,
    });
    tx.balanceChanged(w.member_id);
  }
  if (guarantee > 0) {
    const forced = decision.kind === 'auto';
    await move(tx, {
      type: 'adjustment',
      memberId: d.member_id,
      ref: `deposit:${d.id}`,
      memo: { reason: forced ? 'c2c_guarantee_forfeited' : 'c2c_guarantee_returned' },
      from: guarantees,
      to: forced ? await house() : depositorMain,
      amount: guarantee,
    });
  }
  await tx.query(
    `update withdrawals set status = 'approved', outcome = $2, amount_received = $3, settle_transfer_id = $4,
            decided_at = $5 where id = $1`,
    [w.id, decision.kind, received, credit.transferId, now],
  );
  await tx.query(
    `update deposits set status = 'succeeded', credited = $2, settle_transfer_id = $3, settled_at = $4 where id = $1`,
    [d.id, received, credit.transferId, now],
  );
  tx.balanceChanged(d.member_id);
  await addNotice(tx, d.member_id, 'deposit_arrived', { amount: received, depositId: Number(d.id) });
  await addNotice(tx, w.member_id, 'withdrawal_approved', { amount, withdrawalId: Number(w.id) });
  return { changed: true, value: { ...w, status: 'approved' } };
}

/** The withdrawer says the payout did not arrive: disputed until the operator resolves it. */
export async function disputeC2c(
  tx: MoneyTx,
  withdrawalId: number | string,
  now: Date,
): Promise<Decided<repo.LockedWithdrawal>> {
  const w = await repo.lockWithdrawal(tx, withdrawalId);
  if (!w) throw notFound('withdrawal');
  if (!(w.status === 'matched' && w.outcome === null && !w.disputed))
    return { changed: false, value: w, reason: 'not awaiting a confirmation' };
  await tx.query(`update withdrawals set outcome = 'none', disputed = true, decided_at = $2 where id = $1`, [
    w.id,
    now,
  ]);
  await tx.query(`update deposits set status = 'disputed' where id = $1`, [w.deposit_id]);
  return { changed: true, value: { ...w, outcome: 'none', disputed: true } };
}

/* -------------------------------------------------------------- auto-receive */

export interface AutoReceiveDeps {
  money: MoneyRunner;
  now: () => Date;
}

/**
 * Spec §4: a C2C payout with no confirmation within autoReceiveMinutes counts as received (the
 * depositor is credited, the withdrawal is done, the guarantee goes to HOUSE). One instance works
 * at a time (transaction-level advisory lock; the others skip the round); each payout is decided
 * under its row lock, so a confirmation racing the job wins or loses whole. Returns how many were
 * decided. Exported for the 30 s job and for tests (with a moved clock).
 */
export async function autoReceiveC2c(deps: AutoReceiveDeps, limit = 100): Promise<number> {
  const now = deps.now();
  return deps.money(async (tx) => {
    const [lock] = await tx.query<{ ok: boolean }>(
      `select pg_try_advisory_xact_lock(hashtext('cashier-auto-receive:' || current_schema())) as ok`,
    );
    if (!lock?.ok) return 0;
    const due = await dueForAutoReceive(tx, now, limit);
    let decided = 0;
    for (const id of due) {
      const r = await decideC2c(tx, id, { kind: 'auto' }, now, 'awaiting');
      if (r.changed) decided++;
    }
    return decided;
  });
}

async function dueForAutoReceive(q: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `select w.id from withdrawals w left join money_settings s on s.merchant_id = w.merchant_id
      where w.status = 'matched' and not w.disputed and w.outcome is null
        and w.matched_at + make_interval(mins => coalesce((s.settings ->> 'autoReceiveMinutes')::int, 30)) <= $1
      order by w.matched_at, w.id limit $2`,
    [now, limit],
  );
  return rows.map((r) => r.id);
}
