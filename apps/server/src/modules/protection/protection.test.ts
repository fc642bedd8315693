import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, freshIp, login, loginRaw, testClock } from '../../test/accounts.ts';
import { freePlay, launchSlot, spin, vendorCall } from '../../test/games.ts';
import { buildTestApp } from '../../test/helper.ts';
import {
  expectLedgerSound,
  fund,
  ledgerCounts,
  moneyMember,
  newKey,
  walletBalance,
} from '../../test/money.ts';
import { memberAccount, move, systemAccount } from '../ledger/ledger.ts';
import { addNotice } from '../ledger/money-tx.ts';
import { runOpsCommand } from '../ops/ops.service.ts';
import { createProtectionService } from './protection.service.ts';

/**
 * Player protection (issue 10): limits with their cooling-off, the money guard on every deposit
 * and stake path (also under concurrency, which PostgreSQL shows and PGlite hides), time-out and
 * self-exclusion on every login path, the session limit and the session's figures.
 */

const clock = testClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
});

const HOUR = 3_600_000;
type Body<T> = { success: boolean; value: T; code?: string; message?: string };

async function api<T = unknown>(
  m: { token: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${m.token}` },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json<Body<T>>() };
}

interface LimitV {
  kind: string;
  period: string;
  amount: number | null;
  used: number;
  pending: { amount: number | null; effectiveAt: string } | null;
}
interface SettingsV {
  limits: LimitV[];
  sessionLimit: { minutes: number | null; pending: { minutes: number | null; effectiveAt: string } | null };
  realityCheckMinutes: number | null;
  depositLimitPrompt: boolean;
  trial: boolean;
}
const setLimit = (m: { token: string }, kind: string, period: string, amount: number | null) =>
  api<{ settings: SettingsV; effect: string; effectiveAt: string }>(m, 'POST', '/wps/protection/limit', {
    kind,
    period,
    amount,
  });
const limitOf = (s: SettingsV, kind: string, period: string) =>
  s.limits.find((l) => l.kind === kind && l.period === period)!;

/** Moves `amount` as a deposit (gateway → member) or a stake (member → GAMES) straight on the ledger. */
async function ledgerMove(memberId: string, type: 'deposit' | 'bet' | 'payout', amount: number) {
  return app.services.money(async (tx) => {
    const [m] = await tx.query<{ merchant_id: number }>('select merchant_id from members where id = $1', [
      memberId,
    ]);
    const member = await memberAccount(tx, memberId);
    const other = await systemAccount(tx, m!.merchant_id, type === 'deposit' ? 'DEPOSIT_GATEWAY' : 'HOUSE');
    const out = type === 'bet';
    return move(tx, {
      type,
      memberId,
      ref: `test:${type}:${newKey()}`,
      from: out ? member : other,
      to: out ? other : member,
      amount,
    });
  });
}

/** A new session of the member (after the clock moved past the idle time). */
async function relogin(m: { account: string; password: string }): Promise<{ token: string }> {
  return login(app, m.account, m.password, {}, { ip: freshIp() });
}

/** A free-play (trial) account with `balance` on its main wallet. */
async function trialMember(balance = 0): Promise<{ id: string; token: string }> {
  const t = await freePlay(app);
  if (balance) await fund(app, t.id, balance);
  return t;
}

const settled = <T>(ps: Promise<T>[]) => Promise.allSettled(ps);

describe('limits and their cooling-off', () => {
  it('a first limit and a decrease apply at once; a raise and a removal wait 24 hours', async () => {
    const m = await moneyMember(app);
    const initial = await api<SettingsV>(m, 'GET', '/wps/protection');
    expect(initial.status).toBe(200);
    expect(initial.body.value.limits).toHaveLength(9);
    expect(initial.body.value).toMatchObject({
      depositLimitPrompt: true,
      trial: false,
      realityCheckMinutes: null,
    });

    const first = await setLimit(m, 'deposit', 'day', 100_000);
    expect(first.body.value).toMatchObject({ effect: 'now' });
    expect(limitOf(first.body.value.settings, 'deposit', 'day')).toMatchObject({
      amount: 100_000,
      pending: null,
    });
    expect(first.body.value.settings.depositLimitPrompt).toBe(false);

    const lower = await setLimit(m, 'deposit', 'day', 50_000);
    expect(lower.body.value.effect).toBe('now');
    expect(limitOf(lower.body.value.settings, 'deposit', 'day').amount).toBe(50_000);

    const raise = await setLimit(m, 'deposit', 'day', 200_000);
    expect(raise.body.value.effect).toBe('cooling_off');
    expect(new Date(raise.body.value.effectiveAt).getTime()).toBe(clock.now().getTime() + 24 * HOUR);
    expect(limitOf(raise.body.value.settings, 'deposit', 'day')).toMatchObject({
      amount: 50_000,
      pending: { amount: 200_000, effectiveAt: raise.body.value.effectiveAt },
    });

    // Sessions idle out meanwhile: a new login reads the settings.
    clock.advance(24 * HOUR - 60_000);
    const before = (await api<SettingsV>(await relogin(m), 'GET', '/wps/protection')).body.value;
    expect(limitOf(before, 'deposit', 'day').amount).toBe(50_000);
    clock.advance(60_000);
    const fresh = await relogin(m);
    const after = (await api<SettingsV>(fresh, 'GET', '/wps/protection')).body.value;
    expect(limitOf(after, 'deposit', 'day')).toMatchObject({ amount: 200_000, pending: null });

    const removal = await setLimit({ ...m, token: fresh.token }, 'deposit', 'day', null);
    expect(removal.body.value.effect).toBe('cooling_off');
    expect(limitOf(removal.body.value.settings, 'deposit', 'day')).toMatchObject({
      amount: 200_000,
      pending: { amount: null },
    });
    // The job writes due changes down without anyone reading them.
    clock.advance(24 * HOUR);
    await createProtectionService({ db: app.services.db, now: clock.now }).applyDue();
    const [row] = await app.services.db.query<{ amount: string | null; pending_effective_at: Date | null }>(
      `select amount, pending_effective_at from member_limits where member_id = $1 and kind = 'deposit' and period = 'day'`,
      [m.id],
    );
    expect(row).toEqual({ amount: null, pending_effective_at: null });
  });

  it('refuses bad amounts and minutes with their keys, and trial accounts', async () => {
    const m = await moneyMember(app);
    const bad = await setLimit(m, 'wager', 'week', 100_000_000_001);
    expect(bad).toMatchObject({ status: 400, body: { message: 'protection.errors.amount_invalid' } });
    const zero = await setLimit(m, 'wager', 'week', 0);
    expect(zero.body.message).toBe('protection.errors.amount_invalid');
    const minutes = await api(m, 'POST', '/wps/protection/session-limit', { minutes: 2 });
    expect(minutes.body.message).toBe('protection.errors.minutes_invalid');
    const reality = await api(m, 'POST', '/wps/protection/reality-check', { minutes: 61 });
    expect(reality.body.message).toBe('protection.errors.minutes_invalid');
    const ok = await api<SettingsV>(m, 'POST', '/wps/protection/reality-check', { minutes: 15 });
    expect(ok.body.value.realityCheckMinutes).toBe(15);
    const prompt = await api<SettingsV>(m, 'POST', '/wps/protection/deposit-prompt', {});
    expect(prompt.body.value.depositLimitPrompt).toBe(false);
    const trial = await trialMember();
    const refused = await api(trial, 'POST', '/wps/protection/limit', {
      kind: 'deposit',
      period: 'day',
      amount: 1_000,
    });
    expect(refused).toMatchObject({ status: 422, body: { message: 'protection.errors.trial' } });
    expect((await api<SettingsV>(trial, 'GET', '/wps/protection')).body.value).toMatchObject({
      trial: true,
      depositLimitPrompt: false,
    });
  });
});

describe('deposit limits', () => {
  it('refuses a deposit request over the limit (pending ones count) and writes nothing', async () => {
    const m = await moneyMember(app);
    const channels = (await api<{ id: number; code: string }[]>(m, 'GET', '/wps/v2/deposit/channels')).body
      .value;
    const bank = channels.find((c) => c.code === 'BANK')!;
    await setLimit(m, 'deposit', 'day', 100_000);
    const first = await api(m, 'POST', '/wps/v2/deposit', {
      channelId: bank.id,
      amount: 60_000,
      key: newKey(),
    });
    expect(first.status).toBe(200);
    const before = await app.services.db.query('select id from deposits where member_id = $1', [m.id]);
    const second = await api(m, 'POST', '/wps/v2/deposit', {
      channelId: bank.id,
      amount: 60_000,
      key: newKey(),
    });
    expect(second.status).toBe(422);
    expect(second.body).toMatchObject({
      message: 'protection.errors.deposit_limit',
      value: { kind: 'deposit', period: 'day', limit: 100_000, used: 60_000 },
    });
    expect(await app.services.db.query('select id from deposits where member_id = $1', [m.id])).toEqual(
      before,
    );
    const settings = (await api<SettingsV>(m, 'GET', '/wps/protection')).body.value;
    expect(limitOf(settings, 'deposit', 'day').used).toBe(60_000);
    // The credit is checked again: a limit lowered meanwhile refuses it, nothing is posted.
    await setLimit(m, 'deposit', 'day', 50_000);
    const counts = await ledgerCounts(app);
    await expect(ledgerMove(m.id, 'deposit', 60_000)).rejects.toMatchObject({
      message: 'protection.errors.deposit_limit',
    });
    expect(await ledgerCounts(app)).toEqual(counts);
  });

  it('20 concurrent deposits of a fifth of the limit post at most the limit', async () => {
    const m = await moneyMember(app);
    const limit = 500_000;
    await setLimit(m, 'deposit', 'week', limit);
    const results = await settled(Array.from({ length: 20 }, () => ledgerMove(m.id, 'deposit', limit / 5)));
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && (r.reason as Error).message === 'protection.errors.deposit_limit',
    ).length;
    expect(ok).toBe(5);
    expect(refused).toBe(15);
    expect(await walletBalance(app, m.id)).toBe(limit);
    await expectLedgerSound(app);
  });

  it('20 concurrent deposit requests of a fifth of the limit create at most the limit', async () => {
    const m = await moneyMember(app);
    const channels = (await api<{ id: number; code: string }[]>(m, 'GET', '/wps/v2/deposit/channels')).body
      .value;
    const bank = channels.find((c) => c.code === 'BANK')!;
    const limit = 500_000;
    await setLimit(m, 'deposit', 'month', limit);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api(m, 'POST', '/wps/v2/deposit', { channelId: bank.id, amount: limit / 5, key: newKey() }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 422)).toHaveLength(15);
    expect(
      answers.every((a) => a.status === 200 || a.body.message === 'protection.errors.deposit_limit'),
    ).toBe(true);
    const [sum] = await app.services.db.query<{ s: string }>(
      'select sum(amount) as s from deposits where member_id = $1',
      [m.id],
    );
    expect(Number(sum!.s)).toBe(limit);
  });
});

describe('stakes: wager and loss limits', () => {
  it('concurrent stakes never pass a wager limit', async () => {
    const m = await moneyMember(app, { balance: 1_000_000 });
    await setLimit(m, 'wager', 'day', 100_000);
    const results = await settled(Array.from({ length: 12 }, () => ledgerMove(m.id, 'bet', 25_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(4);
    for (const r of results)
      if (r.status === 'rejected') expect((r.reason as Error).message).toBe('protection.errors.wager_limit');
    expect(await walletBalance(app, m.id)).toBe(900_000);
    const s = (await api<SettingsV>(m, 'GET', '/wps/protection')).body.value;
    expect(limitOf(s, 'wager', 'day').used).toBe(100_000);
  });

  it('a loss limit counts stakes minus payouts', async () => {
    const m = await moneyMember(app, { balance: 1_000_000 });
    await setLimit(m, 'loss', 'week', 50_000);
    await ledgerMove(m.id, 'bet', 40_000);
    await ledgerMove(m.id, 'payout', 30_000);
    // Net loss 10,000: a stake of 40,000 fits, the next one of 1 does not.
    await ledgerMove(m.id, 'bet', 40_000);
    await expect(ledgerMove(m.id, 'bet', 1)).rejects.toMatchObject({
      message: 'protection.errors.loss_limit',
      value: { kind: 'loss', period: 'week', limit: 50_000, used: 50_000 },
    });
  });

  it('a vendor debit over the limit gets the limit refusal; nothing is written', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    await setLimit(m, 'wager', 'day', 5_000);
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const debit = (txId: string, amount: number) =>
      vendorCall(app, 'debit', {
        vassalage: 'LOTUS',
        ticket: l.ticket,
        txId,
        roundId: `r-${txId}`,
        amount,
        gameId: l.gameId,
      });
    expect((await debit(`ok-${newKey()}`, 5_000)).status).toBe(200);
    const counts = await ledgerCounts(app);
    const refused = await debit(`no-${newKey()}`, 1_000);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('protection.errors.wager_limit');
    expect(await ledgerCounts(app)).toEqual(counts);
    expect(await walletBalance(app, m.id)).toBe(95_000);
    const bets = await app.services.db.query('select 1 from bet_records where member_id = $1', [m.id]);
    expect(bets).toHaveLength(1);
  });

  it('a slot spin of the demo studio over the limit is refused cleanly (no 500, no round left)', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    await setLimit(m, 'wager', 'day', 1_000);
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const counts = await ledgerCounts(app);
    const r = await spin(app, l.ticket, 2_000);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('protection.errors.wager_limit');
    expect(await ledgerCounts(app)).toEqual(counts);
    expect(await walletBalance(app, m.id)).toBe(100_000);
  });

  it('a transfer into a vendor wallet over the limit is refused; nothing moves', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    await setLimit(m, 'wager', 'month', 10_000);
    const transfer = (amount: number) =>
      api<{ status: string }>(m, 'POST', '/wps/relay/GCS_walletTransfer', {
        from: 'MAIN',
        to: 'JILI',
        amount,
        key: newKey(),
      });
    const refused = await transfer(20_000);
    expect(refused).toMatchObject({ status: 422, body: { message: 'protection.errors.wager_limit' } });
    expect(await walletBalance(app, m.id)).toBe(100_000);
    expect(
      await app.services.db.query('select 1 from vendor_transfers where member_id = $1', [m.id]),
    ).toHaveLength(0);
    const ok = await transfer(10_000);
    expect(ok.status).toBe(200);
    expect(ok.body.value.status).toBe('completed');
    expect(await walletBalance(app, m.id)).toBe(90_000);
    // Collecting back counts as money returned, not as a stake.
    const s = (await api<SettingsV>(m, 'GET', '/wps/protection')).body.value;
    expect(limitOf(s, 'wager', 'month').used).toBe(10_000);
    await expectLedgerSound(app);
  });

  it('trial accounts have no money limits', async () => {
    const trial = await trialMember(100_000);
    await app.services.db.query(`insert into member_protection (member_id, updated_at) values ($1, now())`, [
      trial.id,
    ]);
    await app.services.db.query(
      `insert into member_limits (member_id, kind, period, amount, updated_at) values ($1, 'wager', 'day', 1, now())`,
      [trial.id],
    );
    await ledgerMove(trial.id, 'bet', 50_000);
    expect(await walletBalance(app, trial.id)).toBe(50_000);
  });
});

describe('time-out and self-exclusion', () => {
  it('ends every session at once and refuses the login until it ends; it cannot be shortened', async () => {
    const m = await addMember(app);
    const a = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const b = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const r = await api<{ until: string }>(a, 'POST', '/wps/protection/time-out', { days: 7, confirm: true });
    expect(r.status).toBe(200);
    const until = r.body.value.until;
    expect(new Date(until).getTime()).toBe(clock.now().getTime() + 7 * 24 * HOUR);
    for (const s of [a, b]) expect((await api(s, 'GET', '/wps/member/info')).status).toBe(401);
    const refused = await loginRaw(app, m.account, m.password, {}, { ip: freshIp() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'errors.timed_out', value: { until } });
    // Cannot be shortened nor replaced by a shorter one; a longer one extends it.
    const service = createProtectionService({ db: app.services.db, now: clock.now });
    const who = { id: m.id, type: 3, sessionId: '0' };
    await expect(service.timeOut(who, 1)).rejects.toMatchObject({
      message: 'protection.errors.cannot_shorten',
    });
    await expect(service.timeOut(who, 7)).rejects.toMatchObject({
      message: 'protection.errors.cannot_shorten',
    });
    const longer = await service.timeOut(who, 14);
    expect(new Date(longer.until).getTime()).toBeGreaterThan(new Date(until).getTime());
    // Deposits and stakes are refused too (defence in depth).
    await expect(ledgerMove(m.id, 'deposit', 1_000)).rejects.toMatchObject({ message: 'errors.timed_out' });
    // When it ends, the login works again.
    clock.advance(14 * 24 * HOUR + 60_000);
    expect((await loginRaw(app, m.account, m.password, {}, { ip: freshIp() })).statusCode).toBe(200);
  });

  it('self-exclusion refuses the login with its own message; indefinite has no end', async () => {
    const m = await addMember(app);
    const s = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const r = await api<{ until: string | null }>(s, 'POST', '/wps/protection/self-exclusion', {
      period: 'indefinite',
      confirm: true,
    });
    expect(r.body.value.until).toBeNull();
    const refused = await loginRaw(app, m.account, m.password, {}, { ip: freshIp() });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'errors.self_excluded', value: { until: null } });
    const service = createProtectionService({ db: app.services.db, now: clock.now });
    await expect(service.selfExclude({ id: m.id, type: 3, sessionId: '0' }, '5y')).rejects.toMatchObject({
      message: 'protection.errors.cannot_shorten',
    });
    await expect(service.timeOut({ id: m.id, type: 3, sessionId: '0' }, 42)).rejects.toMatchObject({
      message: 'protection.errors.cannot_shorten',
    });
  });
});

describe('ops protection', () => {
  it('shows a player and records a limit with the same rules', async () => {
    const m = await moneyMember(app);
    await setLimit(m, 'loss', 'day', 50_000);
    const set = await runOpsCommand(app.services.ops, 'protection', [
      'set',
      m.account,
      'deposit',
      'week',
      '1000',
    ]);
    expect(set.message).toContain('in force now');
    const raise = await runOpsCommand(app.services.ops, 'protection', [
      'set',
      m.account,
      'loss',
      'day',
      '900.00',
    ]);
    expect(raise.message).toContain('cooling-off');
    const shown = await runOpsCommand(app.services.ops, 'protection', ['show', m.account]);
    expect(shown.message).toMatch(/deposit week\s+1,000\.00/);
    expect(shown.message).toMatch(/loss day\s+500\.00\s+0\.00\s+900\.00 from /);
    expect(shown.message).toContain('exclusion         none');
    await expect(
      runOpsCommand(app.services.ops, 'protection', ['set', m.account, 'loss', 'year', '1']),
    ).rejects.toThrow('period');
  });
});

describe('promotional notices', () => {
  it('are not sent to a member under time-out; other notices are', async () => {
    const m = await addMember(app);
    await app.services.db.query(
      `insert into member_protection (member_id, exclusion_kind, excluded_until, excluded_at, updated_at)
       values ($1, 'time_out', now() + interval '1 day', now(), now())`,
      [m.id],
    );
    await app.services.money(async (tx) => {
      await addNotice(tx, m.id, 'reward_available', { name: 'Gift', amount: 100 });
      await addNotice(tx, m.id, 'deposit_arrived', { amount: 100 });
    });
    const kinds = await app.services.db.query<{ kind: string }>(
      'select kind from messages where member_id = $1',
      [m.id],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['deposit_arrived']);
  });
});

describe('the session', () => {
  it('ends when it reaches the session limit', async () => {
    const m = await moneyMember(app);
    const set = await api<{ effect: string; settings: SettingsV }>(
      m,
      'POST',
      '/wps/protection/session-limit',
      {
        minutes: 30,
      },
    );
    expect(set.body.value.effect).toBe('now');
    const info = await api<{ endsAt: string; startedAt: string }>(m, 'GET', '/wps/protection/session');
    expect(new Date(info.body.value.endsAt).getTime()).toBe(
      new Date(info.body.value.startedAt).getTime() + 30 * 60_000,
    );
    clock.advance(29 * 60_000);
    expect((await api(m, 'GET', '/wps/member/info')).status).toBe(200);
    clock.advance(60_000);
    const ended = await api(m, 'GET', '/wps/member/info');
    expect(ended).toMatchObject({ status: 401, body: { message: 'protection.errors.session_limit' } });
    expect((await api(m, 'GET', '/wps/member/info')).status).toBe(401);
    // Raising it waits for the cooling-off.
    const again = await login(app, m.account, m.password, {}, { ip: freshIp() });
    const raise = await api<{ effect: string }>(again, 'POST', '/wps/protection/session-limit', {
      minutes: 60,
    });
    expect(raise.body.value.effect).toBe('cooling_off');
  });

  it('answers the start, the net result of the session and the previous login with its address', async () => {
    const m = await addMember(app);
    const firstIp = freshIp();
    const first = await login(app, m.account, m.password, {}, { ip: firstIp });
    const one = (await api<{ previousLogin: unknown }>(first, 'GET', '/wps/protection/session')).body.value;
    expect(one.previousLogin).toBeNull();
    clock.advance(60_000);
    const firstAt = (
      await app.services.db.query<{ created_at: Date }>(
        'select created_at from sessions where member_id = $1',
        [m.id],
      )
    )[0]!.created_at;
    const second = await login(app, m.account, m.password, {}, { ip: freshIp() });
    await ledgerMove(m.id, 'deposit', 100_000);
    await ledgerMove(m.id, 'bet', 30_000);
    await ledgerMove(m.id, 'payout', 10_000);
    const info = await api<{
      startedAt: string;
      serverTime: string;
      netResult: number;
      previousLogin: { at: string; ip: string };
      realityCheckMinutes: number | null;
      endsAt: string | null;
    }>(second, 'GET', '/wps/protection/session');
    expect(info.status).toBe(200);
    expect(info.body.value).toMatchObject({
      netResult: -20_000,
      previousLogin: { at: firstAt.toISOString(), ip: firstIp },
      realityCheckMinutes: null,
      endsAt: null,
      serverTime: clock.now().toISOString(),
    });
    // Trial accounts get it too.
    const trial = await trialMember();
    expect((await api(trial, 'GET', '/wps/protection/session')).status).toBe(200);
  });
});
