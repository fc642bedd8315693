import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { launchSlot, spin, vendorCall } from '../../test/games.ts';
import { moneyMember, walletBalance, type MoneyMember } from '../../test/money.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(async () => {
  await app.close();
});

interface Bet {
  id: number;
  roundId: string;
  gameId: number;
  gameName: string;
  vassalage: string;
  vendorName: string;
  vertical: string;
  stake: number;
  payout: number;
  winLoss: number;
  status: string;
  settledAt: string | null;
}
interface BetList {
  items: Bet[];
  total: number;
  page: number;
  pageSize: number;
  totals: { count: number; stake: number; payout: number; winLoss: number };
}

async function get<T>(m: MoneyMember, url: string) {
  const res = await app.inject({ method: 'GET', url, headers: m.headers });
  return { status: res.statusCode, body: res.json() as { value: T; message?: string } };
}

describe('the betting record (personalHistoryCopy)', () => {
  it('lists every spin, newest first, with totals that match the balance change; details hold the spins', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const rounds: string[] = [];
    for (let i = 0; i < 3; i++) rounds.push((await spin(app, l.ticket, 2_000)).body.value!.roundId);
    const r = await get<BetList>(m, '/wps/member/bets');
    expect(r.status).toBe(200);
    expect(r.body.value.items.map((b) => b.roundId)).toEqual([...rounds].reverse());
    expect(r.body.value.items[0]).toMatchObject({
      gameId: l.gameId,
      vassalage: 'LOTUS',
      vendorName: 'Lotus Reels',
      vertical: 'slots',
      stake: 2_000,
      status: 'settled',
    });
    const t = r.body.value.totals;
    expect(t.count).toBe(3);
    expect(t.stake).toBe(6_000);
    expect(t.winLoss).toBe(t.payout - t.stake);
    expect(await walletBalance(app, m.id)).toBe(100_000 + t.winLoss);

    const d = await get<{
      bet: Bet;
      transactions: { kind: string; amount: number }[];
      detail: { spins: unknown[]; glyphs: Record<string, string> };
    }>(m, `/wps/member/bets/detail?id=${r.body.value.items[0]!.id}`);
    expect(d.status).toBe(200);
    expect(d.body.value.transactions.map((x) => x.kind)).toEqual(['debit', 'credit']);
    expect(d.body.value.transactions[0]!.amount).toBe(2_000);
    expect(d.body.value.detail.spins.length).toBeGreaterThanOrEqual(1);
    // The record draws the reels with the family's glyphs (wild and scatter among them).
    expect(Object.keys(d.body.value.detail.glyphs)).toEqual(expect.arrayContaining(['W', 'SC', 'A']));

    // The personal loss page counts the same settled bets.
    const profit = await get<{ totals: { stake: number; winLoss: number } }>(m, '/wps/member/profit');
    expect(profit.body.value.totals).toMatchObject({ stake: 6_000, winLoss: t.winLoss });
  });

  it('filters by vertical, vendor and days; pages; another member’s bet is 404', async () => {
    const m = await moneyMember(app, { balance: 100_000 });
    const a = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const b = await launchSlot(app, m.token, { vassalage: 'NOVA' });
    await spin(app, a.ticket, 2_000);
    await spin(app, b.ticket, 5_000);
    await spin(app, b.ticket, 5_000);
    const nova = await get<BetList>(m, '/wps/member/bets?vassalage=NOVA');
    expect(nova.body.value.totals).toMatchObject({ count: 2, stake: 10_000 });
    expect((await get<BetList>(m, '/wps/member/bets?vertical=live')).body.value.total).toBe(0);
    expect((await get<BetList>(m, '/wps/member/bets?vertical=slots')).body.value.total).toBe(3);
    const paged = await get<BetList>(m, '/wps/member/bets?page=2&pageSize=2');
    expect(paged.body.value).toMatchObject({ page: 2, pageSize: 2, total: 3 });
    expect(paged.body.value.items).toHaveLength(1);
    expect((await get<BetList>(m, '/wps/member/bets?from=2000-01-01&to=2000-01-31')).body.value.total).toBe(
      0,
    );
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Yangon' });
    expect((await get<BetList>(m, `/wps/member/bets?from=${today}&to=${today}`)).body.value.total).toBe(3);
    expect((await get<BetList>(m, '/wps/member/bets?from=2026-02-31')).status).toBe(400);

    const other = await moneyMember(app);
    const id = nova.body.value.items[0]!.id;
    const res = await get<unknown>(other, `/wps/member/bets/detail?id=${id}`);
    expect(res.status).toBe(404);
    expect((await get<BetList>(other, '/wps/member/bets')).body.value.total).toBe(0);
    const guest = await app.inject({ method: 'GET', url: '/wps/member/bets' });
    expect(guest.statusCode).toBe(401);
  });

  it('an open bet shows win/loss 0 and no settle time; a rolled back one counts nothing', async () => {
    const m = await moneyMember(app, { balance: 10_000 });
    const l = await launchSlot(app, m.token, { vassalage: 'LOTUS' });
    const base = { vassalage: 'LOTUS', ticket: l.ticket, gameId: l.gameId };
    await vendorCall(app, 'debit', { ...base, txId: 'open-bet-1', roundId: 'open-1', amount: 1_000 });
    await vendorCall(app, 'debit', { ...base, txId: 'gone-bet-1', roundId: 'gone-1', amount: 2_000 });
    const { gameId: _g, ...key } = base;
    await vendorCall(app, 'rollback', {
      ...key,
      txId: 'gone-rb-1',
      roundId: 'gone-1',
      debitTxId: 'gone-bet-1',
    });
    const r = await get<BetList>(m, '/wps/member/bets');
    const byRound = Object.fromEntries(r.body.value.items.map((b) => [b.roundId, b]));
    expect(byRound['open-1']).toMatchObject({ status: 'open', winLoss: 0, settledAt: null });
    expect(byRound['gone-1']).toMatchObject({ status: 'rolled_back', winLoss: 0 });
    expect(r.body.value.totals).toEqual({ count: 2, stake: 1_000, payout: 0, winLoss: 0 });
    const profit = await get<{ rows: unknown[] }>(m, '/wps/member/profit');
    expect(profit.body.value.rows).toEqual([]);
  });
});
