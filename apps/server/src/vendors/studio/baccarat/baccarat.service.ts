import { randomBytes } from 'node:crypto';
import {
  BACCARAT_SPOTS,
  type BaccaratBetDetail,
  type BaccaratMyBet,
  type BaccaratPhase,
  type BaccaratRoadEntry,
  type BaccaratRound,
  type BaccaratSpot,
  type BaccaratTable,
} from '@app/contracts';
import { AppError } from '../../../lib/errors.ts';
import { startIntervalJob } from '../../../lib/interval-job.ts';
import { cryptoRng, type Rng } from '../slots/engine.ts';
import { hashTicket, vendorOf } from '../studio.vendor.ts';
import type { StudioTableDeps } from '../tables.ts';
import { deal, RETURNS, spotPayout, type Deal } from './engine.ts';

/**
 * The live-casino stand-in (issue 6): baccarat tables that deal rounds on a timer, as a vendor.
 *
 * A table's rounds follow each other: betting (BETTING seconds) → closed → dealing (one card per
 * CARD_MS) → result → the next round. A round is created lazily — by whoever asks for the table
 * first once the previous one ended (a page's poll, a bet, the timer of start()) — and its whole
 * outcome is dealt with node:crypto and stored in that same insert, long before its betting
 * closes; the page receives the cards only once dealing starts. Two instances creating the same
 * round meet on unique (table_id, seq): one insert wins, the other reads it.
 *
 * A bet is stored (placed) inside a short transaction that checks the round is still betting and
 * the table's limits, then debited through the platform's vendor protocol outside it. Settling is
 * exactly once per bet: a sweep leases due bets (for update skip locked), credits each through the
 * protocol (idempotent by <bet>:win) and moves it debited → settled with a conditional update.
 * A bet left placed by a crash is rolled back by the sweep (a refund or a tombstone).
 */

export interface BaccaratTiming {
  bettingMs: number;
  /** "No more bets" before the first card. */
  closedMs: number;
  /** Between two cards of the deal. */
  cardMs: number;
  resultMs: number;
}

const intEnv = (name: string, fallback: number, min: number, max: number): number => {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? NaN : Number(raw);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

/** Betting lasts 15 s unless STUDIO_BACCARAT_BETTING_SECONDS says (e2e shortens it). */
export function timingFromEnv(): BaccaratTiming {
  return {
    bettingMs: intEnv('STUDIO_BACCARAT_BETTING_SECONDS', 15, 2, 120) * 1000,
    closedMs: 1500,
    cardMs: 1000,
    resultMs: intEnv('STUDIO_BACCARAT_RESULT_SECONDS', 5, 1, 60) * 1000,
  };
}

const ROAD_LENGTH = 60;
/** A placed bet older than this without its debit is a crash's leftover: rolled back. */
const STALE_PLACED_MS = 30_000;
const LEASE_MS = 30_000;

export type BetState = 'placed' | 'debited' | 'settled' | 'rolled_back';
export interface SpotAmount {
  spot: BaccaratSpot;
  amount: number;
}

interface TableRow {
  id: string;
  code: string;
  min_bet: string;
  max_bet: string;
}
interface RoundRow {
  id: string;
  table_id: string;
  seq: string;
  starts_at: Date;
  closes_at: Date;
  deal_at: Date;
  result_at: Date;
  ends_at: Date;
  outcome: Deal;
  winner: string;
}
interface BetRow {
  id: string;
  round_id: string;
  ticket_hash: string;
  request_id: string;
  vassalage: string;
  game_id: number;
  spots: SpotAmount[];
  stake: string;
  payout: string | null;
  state: BetState;
  balance: string | null;
}

export const betTx = (id: string) => `${id}:bet`;
export const winTx = (id: string) => `${id}:win`;
export const rollbackTx = (id: string) => `${id}:rollback`;

const ticketInvalid = () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid');
const unknownTable = () =>
  new AppError('BAD_REQUEST', 'games.errors.unknown_table', { table: 'games.errors.unknown_table' });
const bettingClosed = () => new AppError('CONFLICT', 'games.errors.betting_closed');
const tableLimit = () =>
  new AppError('BAD_REQUEST', 'games.errors.table_limit', { spots: 'games.errors.table_limit' });
const betInvalid = () =>
  new AppError('BAD_REQUEST', 'games.errors.bet_invalid', { spots: 'games.errors.bet_invalid' });

/** Chip values offered at a table: 1, 5, 10, 50, 100 and 500 times its minimum, up to its maximum. */
export const chipsOf = (min: number, max: number) =>
  [1, 5, 10, 50, 100, 500].map((k) => k * min).filter((c) => c <= max);

const tableView = (t: TableRow): BaccaratTable => ({
  id: t.id,
  code: t.code,
  minBet: Number(t.min_bet),
  maxBet: Number(t.max_bet),
  chips: chipsOf(Number(t.min_bet), Number(t.max_bet)),
});

export function phaseAt(r: Pick<RoundRow, 'closes_at' | 'deal_at' | 'result_at' | 'ends_at'>, now: number) {
  const at = (d: Date) => d.getTime();
  let phase: BaccaratPhase;
  let until: number;
  if (now < at(r.closes_at)) [phase, until] = ['betting', at(r.closes_at)];
  else if (now < at(r.deal_at)) [phase, until] = ['closed', at(r.deal_at)];
  else if (now < at(r.result_at)) [phase, until] = ['dealing', at(r.result_at)];
  else [phase, until] = ['result', at(r.ends_at)];
  return { phase, msLeft: Math.max(0, until - now) };
}

const myBetView = (b: BetRow): BaccaratMyBet => ({
  id: b.id,
  spots: b.spots,
  stake: Number(b.stake),
  payout: b.payout === null ? null : Number(b.payout),
  state: b.state,
});

/** The detail of a bet's credit: the whole round and what each spot returned. */
export function settledDetail(table: string, round: { id: string; outcome: Deal }, spots: SpotAmount[]) {
  const d = round.outcome;
  const detail: BaccaratBetDetail = {
    kind: 'baccarat',
    table,
    roundId: round.id,
    playerCards: d.playerCards,
    bankerCards: d.bankerCards,
    playerTotal: d.playerTotal,
    bankerTotal: d.bankerTotal,
    winner: d.winner,
    pairs: d.pairs,
    spots: spots.map((s) => ({ spot: s.spot, amount: s.amount, payout: spotPayout(s.spot, s.amount, d) })),
  };
  return detail;
}

export interface BaccaratOptions {
  timing?: BaccaratTiming;
  /** Deals the rounds; node:crypto unless a test names another. */
  rng?: Rng;
}

export function createBaccaratService(d: StudioTableDeps, o: BaccaratOptions = {}) {
  const timing = o.timing ?? timingFromEnv();
  const rng = o.rng ?? cryptoRng();
  const { db, platform } = d;
  let tablesCache: Promise<TableRow[]> | null = null;
  const liveGames = new Map<number, Promise<boolean>>();

  function tables(): Promise<TableRow[]> {
    if (!tablesCache) {
      tablesCache = db.query<TableRow>(
        'select id, code, min_bet, max_bet from baccarat_tables order by position',
      );
      tablesCache.catch(() => (tablesCache = null));
    }
    return tablesCache;
  }

  async function tableOf(id: string): Promise<TableRow> {
    const t = (await tables()).find((x) => x.id === id);
    if (!t) throw unknownTable();
    return t;
  }

  function isLive(gameId: number): Promise<boolean> {
    let hit = liveGames.get(gameId);
    if (!hit) {
      hit = db
        .query<{ game_type: string }>('select game_type from games where id = $1', [gameId])
        .then(([r]) => r?.game_type === 'LIVE');
      hit.catch(() => liveGames.delete(gameId));
      liveGames.set(gameId, hit);
    }
    return hit;
  }

  /** Validates the ticket (a LIVE game's unexpired launch): the session and the balance. */
  async function launch(ticket: string) {
    const vassalage = vendorOf(ticket);
    if (!vassalage) throw ticketInvalid();
    const ticketHash = hashTicket(ticket);
    const l = await platform.launch({ vassalage, ticketHash });
    if (!(await isLive(l.gameId))) throw new AppError('BAD_REQUEST', 'games.errors.unknown_game');
    return { ...l, vassalage, ticketHash };
  }

  /** The table's round now: the last one, or the next one dealt and stored when it has ended. */
  async function currentRound(table: TableRow): Promise<RoundRow> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = d.now().getTime();
      const [last] = await db.query<RoundRow>(
        'select * from baccarat_rounds where table_id = $1 order by seq desc limit 1',
        [table.id],
      );
      if (last && last.ends_at.getTime() > now) return last;
      // Continues the table's rhythm after a short gap (a timer tick late); starts afresh after a long one.
      const prevEnd = last?.ends_at.getTime() ?? 0;
      const start = now - prevEnd < 2_000 ? prevEnd : now;
      const outcome = deal(rng);
      const closes = start + timing.bettingMs;
      const dealAt = closes + timing.closedMs;
      const resultAt = dealAt + outcome.order.length * timing.cardMs;
      const [row] = await db.query<RoundRow>(
        `insert into baccarat_rounds (id, table_id, seq, starts_at, closes_at, deal_at, result_at, ends_at, outcome, winner)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         on conflict (table_id, seq) do nothing returning *`,
        [
          randomBytes(12).toString('base64url'),
          table.id,
          Number(last?.seq ?? 0) + 1,
          new Date(start),
          new Date(closes),
          new Date(dealAt),
          new Date(resultAt),
          new Date(resultAt + timing.resultMs),
          JSON.stringify(outcome),
          outcome.winner,
        ],
      );
      if (row) return row;
      // Another instance (or request) stored this round first: read it.
    }
    throw new Error(`baccarat table ${table.id}: no current round`);
  }

  function roundView(r: RoundRow, now: number): BaccaratRound {
    const { phase, msLeft } = phaseAt(r, now);
    const dealt = phase === 'dealing' || phase === 'result';
    const o = r.outcome;
    return {
      id: r.id,
      seq: Number(r.seq),
      phase,
      msLeft,
      cardMs: timing.cardMs,
      dealtMs: dealt ? now - r.deal_at.getTime() : 0,
      playerCards: dealt ? o.playerCards : [],
      bankerCards: dealt ? o.bankerCards : [],
      order: dealt ? o.order : [],
      result:
        phase === 'result'
          ? { winner: o.winner, playerTotal: o.playerTotal, bankerTotal: o.bankerTotal, pairs: o.pairs }
          : null,
    };
  }

  async function road(tableId: string, now: number): Promise<BaccaratRoadEntry[]> {
    const rows = await db.query<{ id: string; seq: string; outcome: Deal }>(
      `select id, seq, outcome from baccarat_rounds where table_id = $1 and result_at <= $2
        order by seq desc limit ${ROAD_LENGTH}`,
      [tableId, new Date(now)],
    );
    return rows.reverse().map((r) => ({
      roundId: r.id,
      seq: Number(r.seq),
      winner: r.outcome.winner,
      playerTotal: r.outcome.playerTotal,
      bankerTotal: r.outcome.bankerTotal,
      pairs: r.outcome.pairs,
    }));
  }

  async function tablesAnswer(ticket: string) {
    await launch(ticket);
    return {
      tables: (await tables()).map(tableView),
      returns: { ...RETURNS },
      bettingSeconds: timing.bettingMs / 1000,
    };
  }

  async function state(ticket: string, tableId: string) {
    const table = await tableOf(tableId);
    const l = await launch(ticket);
    // Settles what is due at this table first (the timer does it too when the server runs jobs).
    await sweep({ tableId: table.id });
    const round = await currentRound(table);
    const now = d.now().getTime();
    const [mine, history, balance] = await Promise.all([
      db.query<BetRow>(
        'select * from baccarat_bets where round_id = $1 and ticket_hash = $2 order by created_at, id',
        [round.id, l.ticketHash],
      ),
      road(table.id, now),
      platform.launch({ vassalage: l.vassalage, ticketHash: l.ticketHash }).then((x) => x.balance),
    ]);
    return {
      table: tableView(table),
      round: roundView(round, now),
      myBets: mine.filter((b) => b.state !== 'rolled_back').map(myBetView),
      road: history,
      balance,
    };
  }

  /** Checks the spots against the table: each spot once, each amount within the limits. */
  function checkSpots(table: TableRow, spots: readonly SpotAmount[]): SpotAmount[] {
    const seen = new Set<string>();
    for (const s of spots) {
      if (!BACCARAT_SPOTS.includes(s.spot) || !Number.isSafeInteger(s.amount) || s.amount <= 0)
        throw betInvalid();
      if (seen.has(s.spot)) throw betInvalid();
      seen.add(s.spot);
      if (s.amount < Number(table.min_bet) || s.amount > Number(table.max_bet)) throw tableLimit();
    }
    return BACCARAT_SPOTS.flatMap((spot) => spots.filter((s) => s.spot === spot)).map((s) => ({
      spot: s.spot,
      amount: s.amount,
    }));
  }

  const sameSpots = (a: SpotAmount[], b: SpotAmount[]) =>
    a.length === b.length && a.every((s, i) => s.spot === b[i]!.spot && s.amount === b[i]!.amount);

  /**
   * Places chips on spots of the round in betting: stored (placed) if betting is open and the
   * table's limits hold (summed with this launch's earlier bets of the round), then one debit of
   * the stake. Refused → nothing stays written. A repeated requestId answers the same bet.
   */
  async function bet(input: {
    ticket: string;
    table: string;
    roundId: string;
    spots: readonly SpotAmount[];
    requestId: string;
  }) {
    const table = await tableOf(input.table);
    const l = await launch(input.ticket);
    const spots = checkSpots(table, input.spots);
    const stake = spots.reduce((s, x) => s + x.amount, 0);
    let row = await betOf(l.ticketHash, input.requestId);
    if (row && (row.round_id !== input.roundId || !sameSpots(row.spots, spots)))
      throw new AppError('CONFLICT', 'money.errors.idempotency_conflict');
    if (!row) {
      const id = randomBytes(12).toString('base64url');
      row = await db.withTx(async (tx) => {
        // One launch's bets on one round are checked one at a time (the per-spot maximum is a sum).
        await tx.query('select pg_advisory_xact_lock(hashtext($1))', [
          `baccarat:${l.ticketHash}:${input.roundId}`,
        ]);
        const now = d.now();
        const [round] = await tx.query<{ ok: boolean }>(
          'select closes_at > $3 as ok from baccarat_rounds where id = $1 and table_id = $2',
          [input.roundId, table.id, now],
        );
        if (!round?.ok) throw bettingClosed();
        const earlier = await tx.query<{ spots: SpotAmount[] }>(
          `select spots from baccarat_bets where round_id = $1 and ticket_hash = $2 and state <> 'rolled_back'`,
          [input.roundId, l.ticketHash],
        );
        for (const s of spots) {
          const before = earlier.reduce(
            (t, b) => t + b.spots.filter((x) => x.spot === s.spot).reduce((u, x) => u + x.amount, 0),
            0,
          );
          if (before + s.amount > Number(table.max_bet)) throw tableLimit();
        }
        const [inserted] = await tx.query<BetRow>(
          `insert into baccarat_bets (id, round_id, ticket_hash, request_id, vassalage, game_id, spots, stake,
                                      created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
           on conflict (ticket_hash, request_id) do nothing returning *`,
          [
            id,
            input.roundId,
            l.ticketHash,
            input.requestId,
            l.vassalage,
            l.gameId,
            JSON.stringify(spots),
            stake,
            now,
          ],
        );
        return inserted ?? null;
      });
      // A concurrent repeat of the requestId stored its bet first: continue that one.
      row ??= await betOf(l.ticketHash, input.requestId);
      if (!row) throw new Error('baccarat bet vanished');
    }
    if (row.state === 'placed') {
      try {
        const paid = await platform.debit({
          vassalage: row.vassalage,
          ticketHash: row.ticket_hash,
          txId: betTx(row.id),
          roundId: row.id,
          amount: Number(row.stake),
          gameId: row.game_id,
          detail: { kind: 'baccarat', table: table.code, roundId: row.round_id, spots: row.spots },
        });
        await db.query(
          `update baccarat_bets set state = 'debited', balance = $2, updated_at = $3 where id = $1 and state = 'placed'`,
          [row.id, paid.balance, d.now()],
        );
      } catch (err) {
        // Refused for good (short of money, session gone …): the bet never happened.
        if (err instanceof AppError && err.status < 500)
          await db.query(`delete from baccarat_bets where id = $1 and state = 'placed'`, [row.id]);
        throw err;
      }
      row = (await betById(row.id))!;
    }
    if (row.state === 'rolled_back') throw new AppError('CONFLICT', 'games.errors.round_closed');
    const balance = (await platform.launch({ vassalage: l.vassalage, ticketHash: l.ticketHash })).balance;
    return { bet: myBetView(row), balance };
  }

  async function betOf(ticketHash: string, requestId: string): Promise<BetRow | null> {
    const [r] = await db.query<BetRow>(
      'select * from baccarat_bets where ticket_hash = $1 and request_id = $2',
      [ticketHash, requestId],
    );
    return r ?? null;
  }
  async function betById(id: string): Promise<BetRow | null> {
    const [r] = await db.query<BetRow>('select * from baccarat_bets where id = $1', [id]);
    return r ?? null;
  }

  /** Credits one debited bet of a round with its result (idempotent by <bet>:win), then debited → settled. */
  async function settleBet(
    b: BetRow,
    round: { id: string; outcome: Deal },
    tableCode: string,
  ): Promise<boolean> {
    const detail = settledDetail(tableCode, round, b.spots);
    const payout = detail.spots.reduce((s, x) => s + (x.payout ?? 0), 0);
    const paid = await platform.credit({
      vassalage: b.vassalage,
      ticketHash: b.ticket_hash,
      txId: winTx(b.id),
      roundId: b.id,
      amount: payout,
      detail,
    });
    const moved = await db.query(
      `update baccarat_bets set state = 'settled', payout = $2, balance = $3, lease_until = null, updated_at = $4
        where id = $1 and state = 'debited' returning 1`,
      [b.id, payout, paid.balance, d.now()],
    );
    return moved.length > 0;
  }

  /**
   * Settles every debited bet whose round has its result (and rolls back bets a crash left placed):
   * leases them first so instances do not work on the same bet; the credit's idempotency and the
   * conditional update make a second settle of one bet a no-op either way.
   */
  async function sweep(o: { tableId?: string; limit?: number } = {}) {
    const report = { settled: 0, rolledBack: 0, failed: 0 };
    const now = d.now();
    const due = await db.query<{ n: number }>(
      `select 1 as n from baccarat_bets b join baccarat_rounds r on r.id = b.round_id
        where (b.state = 'debited' and r.result_at <= $1 or b.state = 'placed' and b.updated_at < $2)
          and ($3::text is null or r.table_id = $3) and (b.lease_until is null or b.lease_until < $1) limit 1`,
      [now, new Date(now.getTime() - STALE_PLACED_MS), o.tableId ?? null],
    );
    if (due.length === 0) return report;
    const leased = await db.withTx((tx) =>
      tx.query<BetRow & { outcome: Deal; code: string }>(
        `with due as (
           select b.id from baccarat_bets b join baccarat_rounds r on r.id = b.round_id
            where (b.state = 'debited' and r.result_at <= $1 or b.state = 'placed' and b.updated_at < $2)
              and ($3::text is null or r.table_id = $3) and (b.lease_until is null or b.lease_until < $1)
            order by b.created_at limit $4 for update of b skip locked)
         update baccarat_bets b set lease_until = $5 from due, baccarat_rounds r, baccarat_tables t
          where b.id = due.id and r.id = b.round_id and t.id = r.table_id
         returning b.*, r.outcome, t.code`,
        [
          now,
          new Date(now.getTime() - STALE_PLACED_MS),
          o.tableId ?? null,
          o.limit ?? 200,
          new Date(now.getTime() + LEASE_MS),
        ],
      ),
    );
    for (const b of leased) {
      try {
        if (b.state === 'debited') {
          if (await settleBet(b, { id: b.round_id, outcome: b.outcome }, b.code)) report.settled++;
        } else {
          await platform.rollback({
            vassalage: b.vassalage,
            ticketHash: b.ticket_hash,
            txId: rollbackTx(b.id),
            roundId: b.id,
            debitTxId: betTx(b.id),
          });
          const moved = await db.query(
            `update baccarat_bets set state = 'rolled_back', lease_until = null, updated_at = $2
              where id = $1 and state = 'placed' returning 1`,
            [b.id, d.now()],
          );
          if (moved.length > 0) report.rolledBack++;
        }
      } catch (err) {
        report.failed++;
        d.log.error({ err, bet: b.id }, 'baccarat: settling a bet failed');
      }
    }
    return report;
  }

  /** Keeps every table's rounds going and settles what is due, once a second. */
  function start(): () => void {
    return startIntervalJob(
      {
        name: 'baccarat: table timer',
        everyMs: 1000,
        immediate: true,
        run: async () => {
          for (const t of await tables()) await currentRound(t);
          await sweep();
        },
      },
      d.log,
    );
  }

  return {
    timing,
    tables: tablesAnswer,
    state,
    bet,
    sweep,
    start,
    currentRound: async (tableId: string) => currentRound(await tableOf(tableId)),
    /** Test hook: the bet row. */
    betById,
    /** Test hook: settles one bet now (bypassing the lease), as a second instance might. */
    async settleNow(betId: string): Promise<boolean> {
      const b = await betById(betId);
      if (!b || b.state !== 'debited') return false;
      const [r] = await db.query<{ id: string; outcome: Deal; code: string }>(
        `select r.id, r.outcome, t.code from baccarat_rounds r join baccarat_tables t on t.id = r.table_id where r.id = $1`,
        [b.round_id],
      );
      return settleBet(b, r!, r!.code);
    },
  };
}
export type BaccaratService = ReturnType<typeof createBaccaratService>;
