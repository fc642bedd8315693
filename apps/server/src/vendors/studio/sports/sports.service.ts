import { randomBytes } from 'node:crypto';
import type { SportsBetDetail, SportsEvent, SportsSlip } from '@app/contracts';
import type { Db, Queryable } from '../../../db/db.ts';
import { AppError, type Clock } from '../../../lib/errors.ts';
import { addLedgerCheck, insufficientBalance } from '../../../modules/ledger/ledger.ts';
import { hashTicket, vendorOf, type PlatformProtocol } from '../studio.vendor.ts';
import {
  combinedOdds,
  cryptoRng,
  driftModel,
  newModel,
  potentialReturn,
  priceMarkets,
  settleMarket,
  simulateResult,
  slipPayout,
  SPORTS,
  sportsOf,
  type MarketKind,
  type Model,
  type Outcome,
  type Rng,
  type Score,
  type SportCategory,
  type SportId,
} from './engine.ts';

/**
 * The studio's sportsbook (issue 6) as a vendor: fixtures, markets and odds in its own tables;
 * a bet is validated whole first (odds the player saw, markets open, event not started, stake
 * limits, balance), stored as a pending slip, debited through the vendor protocol, then marked
 * open. An event settles its markets once (a conditional change under the event's row lock); then
 * every open slip whose legs are all decided is credited (won or lost, txId `<slip>:win`) or, when
 * every leg is void, rolled back (refund) — a conditional state change after an idempotent call,
 * so a repeat or a crash in between never pays twice. Pending slips older than 30 s (a crash
 * between storing and marking open) are rolled back by the reconciler.
 */

export const STAKE_MIN = 100;
export const STAKE_MAX = 5_000_000;
export const STAKE_PRESETS = [1_000, 5_000, 10_000, 50_000];
/** Upcoming fixtures kept per sport; the next one starts 20-50 min after the last. */
export const FIXTURES_PER_SPORT = 6;
export const PENDING_OLDER_THAN_SECONDS = 30;

const betTx = (slip: string) => `${slip}:bet`;
const winTx = (slip: string) => `${slip}:win`;
const refundTx = (slip: string) => `${slip}:refund`;

const err = {
  ticket: () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid'),
  notSports: () => new AppError('BAD_REQUEST', 'games.errors.not_launchable'),
  trial: () => new AppError('BAD_REQUEST', 'games.errors.trial_unavailable'),
  unknown: () => new AppError('NOT_FOUND', 'games.errors.selection_unknown'),
  suspended: () => new AppError('CONFLICT', 'games.errors.market_suspended'),
  closed: () => new AppError('CONFLICT', 'games.errors.betting_closed'),
  stake: () =>
    new AppError('BAD_REQUEST', 'games.errors.stake_limits', { stake: 'games.errors.stake_limits' }),
  parlay: () => new AppError('BAD_REQUEST', 'games.errors.parlay_invalid'),
  settled: () => new AppError('CONFLICT', 'games.errors.event_settled'),
};

interface EventRow {
  id: string;
  merchant_id: number;
  category: SportCategory;
  sport: SportId;
  league: string;
  home: string;
  away: string;
  starts_at: Date;
  ends_at: Date;
  status: 'scheduled' | 'live' | 'settled' | 'void';
  home_score: number | null;
  away_score: number | null;
  model: Model;
}

interface SelectionRow {
  id: string;
  market_id: string;
  event_id: string;
  kind: MarketKind;
  line: number | null;
  market_status: string;
  code: string;
  odds: number;
  version: number;
  outcome: Outcome | null;
  event_status: string;
  starts_at: Date;
  merchant_id: number;
  category: SportCategory;
}

interface SlipRow {
  id: string;
  member_id: string;
  ticket_hash: string;
  request_id: string;
  vassalage: string;
  game_id: number;
  type: 'single' | 'parlay';
  stake: string;
  potential: string;
  payout: string | null;
  state: 'pending' | 'open' | 'settled' | 'void' | 'rolled_back';
  created_at: Date;
  settled_at: Date | null;
}

interface LegRow {
  slip_id: string;
  leg: number;
  odds: number;
  event_id: string;
  sport: SportId;
  league: string;
  home: string;
  away: string;
  starts_at: Date;
  event_status: string;
  home_score: number | null;
  away_score: number | null;
  kind: MarketKind;
  line: number | null;
  code: string;
  outcome: Outcome | null;
}

/** Aborts storing a request's slips that a concurrent repeat stored first. */
class RepeatedRequest extends Error {}

export interface PlaceInput {
  requestId: string;
  type: 'single' | 'parlay';
  stake: number;
  legs: { selectionId: number; odds: number }[];
  acceptOdds?: 'none' | 'better' | 'any' | undefined;
}

export interface SettleReport {
  slips: number;
  won: number;
  lost: number;
  refunded: number;
  failed: number;
}

/** Where a test makes placing stop, as if the process died there. */
export type SportsFault = 'after_debit';

export interface SportsDeps {
  db: Db;
  platform: PlatformProtocol;
  now: Clock;
  rng?: Rng;
}

const iso = (d: Date | string) => new Date(d).toISOString();
const resultText = (e: { event_status: string; home_score: number | null; away_score: number | null }) =>
  e.event_status === 'void' ? 'void' : e.home_score === null ? null : `${e.home_score}-${e.away_score}`;

export function createSportsService({ db, platform, now, rng = cryptoRng() }: SportsDeps) {
  const faults: SportsFault[] = [];

  async function launch(ticket: string) {
    const vassalage = vendorOf(ticket);
    if (!vassalage) throw err.ticket();
    const ticketHash = hashTicket(ticket);
    const l = await platform.launch({ vassalage, ticketHash });
    const [g] = await db.query<{ merchant_id: number; game_type: string }>(
      'select merchant_id, game_type from games where id = $1',
      [l.gameId],
    );
    if (!g) throw err.ticket();
    if (g.game_type !== 'SPORTS' && g.game_type !== 'ESPORTS') throw err.notSports();
    const category: SportCategory = g.game_type === 'SPORTS' ? 'sports' : 'esports';
    return { ...l, vassalage, ticketHash, merchantId: g.merchant_id, category };
  }

  // ---- fixtures ------------------------------------------------------------------------------

  async function insertEvent(
    tx: Queryable,
    merchantId: number,
    sport: SportId,
    startsAt: Date,
  ): Promise<void> {
    const def = SPORTS[sport];
    const league = def.leagues[rng(def.leagues.length)]!;
    const h = rng(league.teams.length);
    let a = rng(league.teams.length - 1);
    if (a >= h) a++;
    const model = newModel(def.score, rng);
    const [ev] = await tx.query<{ id: string }>(
      `insert into sports_events (merchant_id, category, sport, league, home, away, starts_at, ends_at, model)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        merchantId,
        def.category,
        sport,
        league.name,
        league.teams[h],
        league.teams[a],
        startsAt,
        new Date(startsAt.getTime() + def.minutes * 60_000),
        JSON.stringify(model),
      ],
    );
    for (const m of priceMarkets(model, sport)) {
      const [mk] = await tx.query<{ id: string }>(
        'insert into sports_markets (event_id, kind, line) values ($1, $2, $3) returning id',
        [ev!.id, m.kind, m.line],
      );
      await tx.query(
        `insert into sports_selections (market_id, code, odds)
         select $1, s.code, s.odds from unnest($2::text[], $3::int[]) as s(code, odds)`,
        [mk!.id, m.selections.map((s) => s.code), m.selections.map((s) => s.odds)],
      );
    }
  }

  /** Keeps FIXTURES_PER_SPORT upcoming fixtures of every sport for every merchant. Returns how many were added. */
  async function topUp(merchantId?: number): Promise<number> {
    return db.withTx(async (tx) => {
      await tx.query(`select pg_advisory_xact_lock(hashtext('sports-fixtures:' || current_schema()))`);
      const merchants = await tx.query<{ id: number }>(
        'select id from merchants where ($1::int is null or id = $1) order by id',
        [merchantId ?? null],
      );
      const t = now();
      let added = 0;
      for (const m of merchants) {
        const have = await tx.query<{ sport: SportId; n: string; last: Date | null }>(
          `select sport, count(*) as n, max(starts_at) as last from sports_events
            where merchant_id = $1 and status = 'scheduled' and starts_at > $2 group by sport`,
          [m.id, t],
        );
        for (const sport of Object.keys(SPORTS) as SportId[]) {
          const row = have.find((r) => r.sport === sport);
          let n = Number(row?.n ?? 0);
          let last = row?.last ? new Date(row.last).getTime() : t.getTime();
          for (; n < FIXTURES_PER_SPORT; n++) {
            last = Math.max(last, t.getTime()) + (20 + rng(31)) * 60_000;
            await insertEvent(tx, m.id, sport, new Date(Math.floor(last / 60_000) * 60_000));
            added++;
          }
        }
      }
      return added;
    });
  }

  async function board(ticket: string) {
    const l = await launch(ticket);
    const events = await db.query<EventRow>(
      `select * from sports_events where merchant_id = $1 and category = $2 and status = 'scheduled'
          and starts_at > $3 order by starts_at, id limit 100`,
      [l.merchantId, l.category, now()],
    );
    const ids = events.map((e) => e.id);
    const sels = await db.query<{
      market_id: string;
      event_id: string;
      kind: MarketKind;
      line: number | null;
      status: 'open' | 'suspended' | 'settled' | 'void';
      id: string;
      code: SportsEvent['markets'][number]['selections'][number]['code'];
      odds: number;
      version: number;
    }>(
      `select m.id as market_id, m.event_id, m.kind, m.line, m.status, s.id, s.code, s.odds, s.version
         from sports_markets m join sports_selections s on s.market_id = m.id
        where m.event_id = any($1::bigint[])
        order by m.event_id, case m.kind when '1x2' then 0 when 'handicap' then 1 else 2 end,
                 case s.code when 'home' then 0 when 'over' then 0 when 'draw' then 1 else 2 end`,
      [ids],
    );
    const out: SportsEvent[] = events.map((e) => {
      const markets: SportsEvent['markets'] = [];
      for (const s of sels.filter((x) => x.event_id === e.id)) {
        let m = markets.find((x) => x.id === Number(s.market_id));
        if (!m) {
          m = { id: Number(s.market_id), kind: s.kind, line: s.line, status: s.status, selections: [] };
          markets.push(m);
        }
        m.selections.push({ id: Number(s.id), code: s.code, odds: s.odds, version: s.version });
      }
      return {
        id: Number(e.id),
        sport: e.sport,
        league: e.league,
        home: e.home,
        away: e.away,
        startsAt: iso(e.starts_at),
        status: e.status,
        markets,
      };
    });
    return {
      category: l.category,
      sports: sportsOf(l.category),
      events: out,
      limits: { minStake: STAKE_MIN, maxStake: STAKE_MAX, presets: STAKE_PRESETS },
      balance: l.balance,
    };
  }

  // ---- placing -------------------------------------------------------------------------------

  async function selectionsOf(q: Queryable, ids: number[]): Promise<SelectionRow[]> {
    return q.query<SelectionRow>(
      `select s.id, s.market_id, m.event_id, m.kind, m.line, m.status as market_status, s.code, s.odds,
              s.version, s.outcome, e.status as event_status, e.starts_at, e.merchant_id, e.category
         from sports_selections s join sports_markets m on m.id = s.market_id
         join sports_events e on e.id = m.event_id
        where s.id = any($1::bigint[])`,
      [ids],
    );
  }

  /** Every check of a bet, in order; throws the first refusal. Answers the odds each leg gets. */
  function validate(
    l: { merchantId: number; category: SportCategory },
    input: PlaceInput,
    rows: SelectionRow[],
  ): Map<number, SelectionRow> {
    if (input.stake < STAKE_MIN || input.stake > STAKE_MAX) throw err.stake();
    const ids = input.legs.map((x) => x.selectionId);
    if (new Set(ids).size !== ids.length) throw err.parlay();
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const id of ids) {
      const r = byId.get(id);
      if (!r || r.merchant_id !== l.merchantId || r.category !== l.category) throw err.unknown();
    }
    if (input.type === 'parlay') {
      if (input.legs.length < 2) throw err.parlay();
      const events = new Set(ids.map((id) => byId.get(id)!.event_id));
      if (events.size !== ids.length) throw err.parlay();
    }
    const t = now().getTime();
    for (const id of ids) {
      const r = byId.get(id)!;
      if (r.event_status !== 'scheduled' || new Date(r.starts_at).getTime() <= t) throw err.closed();
      if (r.market_status !== 'open') throw err.suspended();
    }
    const accept = input.acceptOdds ?? 'none';
    const changes = input.legs
      .map((x) => ({ x, r: byId.get(x.selectionId)! }))
      .filter(
        ({ x, r }) => r.odds !== x.odds && !(accept === 'any' || (accept === 'better' && r.odds > x.odds)),
      )
      .map(({ r }) => ({ selectionId: Number(r.id), odds: r.odds, version: r.version }));
    if (changes.length > 0)
      throw new AppError('CONFLICT', 'games.errors.odds_changed', undefined, { value: { changes } });
    return byId;
  }

  async function slipsOfRequest(ticketHash: string, requestId: string): Promise<SlipRow[]> {
    return db.query<SlipRow>(
      `select * from sports_slips where ticket_hash = $1 and (request_id = $2 or request_id like $2 || ':%')
        order by request_id`,
      [ticketHash, requestId],
    );
  }

  async function place(ticket: string, input: PlaceInput) {
    const l = await launch(ticket);
    if (l.mode !== 'real') throw err.trial();
    let slips = await slipsOfRequest(l.ticketHash, input.requestId);
    if (slips.length === 0) {
      // Decide and validate everything first: a refusal writes nothing.
      const rows = await selectionsOf(
        db,
        input.legs.map((x) => x.selectionId),
      );
      validate(l, input, rows);
      const groups = input.type === 'parlay' ? [input.legs] : input.legs.map((x) => [x]);
      if (input.stake * groups.length > l.balance) throw insufficientBalance();
      const stored = await db
        .withTx(async (tx) => {
          // Again under the selections' row locks: the odds job or a settlement may have moved them.
          const locked = await tx.query<SelectionRow>(
            `select s.id from sports_selections s where s.id = any($1::bigint[]) order by s.id for share`,
            [input.legs.map((x) => x.selectionId)],
          );
          if (locked.length !== input.legs.length) throw err.unknown();
          const fresh = validate(
            l,
            input,
            await selectionsOf(
              tx,
              input.legs.map((x) => x.selectionId),
            ),
          );
          const out: string[] = [];
          for (const [i, legs] of groups.entries()) {
            const id = randomBytes(12).toString('base64url');
            const odds = legs.map((x) => fresh.get(x.selectionId)!.odds);
            // A concurrent repeat of the requestId stored its slips first: this transaction gives way
            // (the insert waits for that one's commit) and the repeat answers those slips.
            const inserted = await tx.query(
              `insert into sports_slips (id, merchant_id, member_id, ticket_hash, request_id, vassalage, game_id,
                                       category, type, stake, potential, created_at, updated_at)
             values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
             on conflict (ticket_hash, request_id) do nothing returning 1`,
              [
                id,
                l.merchantId,
                l.memberId,
                l.ticketHash,
                groups.length === 1 ? input.requestId : `${input.requestId}:${i}`,
                l.vassalage,
                l.gameId,
                l.category,
                input.type,
                input.stake,
                potentialReturn(input.stake, odds),
                now(),
              ],
            );
            if (inserted.length === 0) throw new RepeatedRequest();
            for (const [j, x] of legs.entries()) {
              const r = fresh.get(x.selectionId)!;
              await tx.query(
                'insert into sports_slip_legs (slip_id, leg, selection_id, event_id, odds) values ($1, $2, $3, $4, $5)',
                [id, j, x.selectionId, r.event_id, r.odds],
              );
            }
            out.push(id);
          }
          return out;
        })
        .catch((e: unknown) => {
          if (e instanceof RepeatedRequest) return null;
          throw e;
        });
      slips = await slipsOfRequest(l.ticketHash, input.requestId);
      if (stored && slips.length !== stored.length) throw new Error('sports slips vanished');
      if (slips.length === 0) throw new Error('sports slips vanished');
    }
    // The same requestId with another bet: refused (a repeat must be the same request).
    if (slips.some((s) => Number(s.stake) !== input.stake || s.type !== input.type))
      throw new AppError('CONFLICT', 'money.errors.idempotency_conflict');
    let balance = l.balance;
    for (const s of slips) {
      if (s.state !== 'pending') continue;
      try {
        const r = await platform.debit({
          vassalage: s.vassalage,
          ticketHash: s.ticket_hash,
          txId: betTx(s.id),
          roundId: s.id,
          amount: Number(s.stake),
          gameId: s.game_id,
        });
        balance = r.balance;
      } catch (e) {
        // Refused for good: this slip and those after it never happened.
        if (e instanceof AppError && e.status < 500)
          await db.query(
            `delete from sports_slips where ticket_hash = $1 and state = 'pending'
                and (request_id = $2 or request_id like $2 || ':%')`,
            [l.ticketHash, input.requestId],
          );
        throw e;
      }
      const fault = faults.shift();
      if (fault === 'after_debit') throw new Error('sports stopped after the debit');
      await db.query(
        `update sports_slips set state = 'open', updated_at = $2 where id = $1 and state = 'pending'`,
        [s.id, now()],
      );
    }
    const ids = slips.map((s) => s.id);
    if (slips.every((s) => s.state !== 'pending')) {
      // A repeat of a request answered before: the balance now.
      balance = (await platform.launch({ vassalage: l.vassalage, ticketHash: l.ticketHash })).balance;
    }
    return { slips: await views(ids), balance };
  }

  // ---- my bets -------------------------------------------------------------------------------

  async function legsOf(ids: string[]): Promise<LegRow[]> {
    return db.query<LegRow>(
      `select l.slip_id, l.leg, l.odds, e.id as event_id, e.sport, e.league, e.home, e.away, e.starts_at,
              e.status as event_status, e.home_score, e.away_score, m.kind, m.line, s.code, s.outcome
         from sports_slip_legs l join sports_selections s on s.id = l.selection_id
         join sports_markets m on m.id = s.market_id join sports_events e on e.id = l.event_id
        where l.slip_id = any($1::text[]) order by l.slip_id, l.leg`,
      [ids],
    );
  }

  const viewState = (s: SlipRow['state']): SportsSlip['state'] => (s === 'pending' ? 'open' : s);

  async function views(ids: string[]): Promise<SportsSlip[]> {
    if (ids.length === 0) return [];
    const slips = await db.query<SlipRow>('select * from sports_slips where id = any($1::text[])', [ids]);
    const legs = await legsOf(ids);
    return ids.flatMap((id) => {
      const s = slips.find((x) => x.id === id);
      if (!s) return [];
      const mine = legs.filter((x) => x.slip_id === id);
      return [
        {
          id: s.id,
          type: s.type,
          stake: Number(s.stake),
          odds: combinedOdds(mine.map((x) => x.odds)),
          potentialReturn: Number(s.potential),
          payout: s.payout === null ? null : Number(s.payout),
          state: viewState(s.state),
          createdAt: iso(s.created_at),
          settledAt: s.settled_at ? iso(s.settled_at) : null,
          legs: mine.map((x) => ({
            eventId: Number(x.event_id),
            sport: x.sport,
            league: x.league,
            home: x.home,
            away: x.away,
            startsAt: iso(x.starts_at),
            market: x.kind,
            line: x.line,
            selection: x.code as SportsSlip['legs'][number]['selection'],
            odds: x.odds,
            result: resultText(x),
            outcome: x.outcome,
          })),
        },
      ];
    });
  }

  async function myBets(ticket: string, status: 'open' | 'settled', page = 1, pageSize = 20) {
    const l = await launch(ticket);
    const states = status === 'open' ? ['pending', 'open'] : ['settled', 'void'];
    const where = 'member_id = $1 and vassalage = $2 and state = any($3::text[])';
    const [count] = await db.query<{ n: string }>(`select count(*) as n from sports_slips where ${where}`, [
      l.memberId,
      l.vassalage,
      states,
    ]);
    const rows = await db.query<{ id: string }>(
      `select id from sports_slips where ${where}
        order by coalesce(settled_at, created_at) desc, id desc limit $4 offset $5`,
      [l.memberId, l.vassalage, states, pageSize, (page - 1) * pageSize],
    );
    return { items: await views(rows.map((r) => r.id)), page, pageSize, total: Number(count?.n ?? 0) };
  }

  // ---- settlement ----------------------------------------------------------------------------

  /**
   * Settles an event's markets against its result once (a second time → 409 event_settled), then
   * pays every slip it decided. `void` voids every market (its legs count 1.000; a slip of only
   * void legs is refunded).
   */
  async function settleEvent(eventId: number, result: Score | 'void'): Promise<SettleReport> {
    await db.withTx(async (tx) => {
      const [e] = await tx.query<EventRow>('select * from sports_events where id = $1 for update', [eventId]);
      if (!e) throw new AppError('NOT_FOUND', 'games.errors.unknown_event');
      if (e.status === 'settled' || e.status === 'void') throw err.settled();
      const markets = await tx.query<{ id: string; kind: MarketKind; line: number | null }>(
        'select id, kind, line from sports_markets where event_id = $1',
        [eventId],
      );
      for (const m of markets) {
        const outcomes = result === 'void' ? null : settleMarket(m.kind, m.line, result);
        await tx.query(
          `update sports_selections set outcome = coalesce(($2::jsonb ->> code), 'void') where market_id = $1`,
          [m.id, JSON.stringify(outcomes ?? {})],
        );
        await tx.query('update sports_markets set status = $2 where id = $1', [
          m.id,
          result === 'void' ? 'void' : 'settled',
        ]);
      }
      await tx.query(
        `update sports_events set status = $2, home_score = $3, away_score = $4, settled_at = $5 where id = $1`,
        [
          eventId,
          result === 'void' ? 'void' : 'settled',
          result === 'void' ? null : result.home,
          result === 'void' ? null : result.away,
          now(),
        ],
      );
    });
    return settleReady();
  }

  /** Every open slip whose legs are all decided: credited (won/lost) or refunded (all void). */
  async function settleReady(limit = 2000): Promise<SettleReport> {
    const report: SettleReport = { slips: 0, won: 0, lost: 0, refunded: 0, failed: 0 };
    for (;;) {
      const ready = await db.query<{ id: string }>(
        `select p.id from sports_slips p where p.state = 'open'
            and not exists (select 1 from sports_slip_legs l join sports_selections s on s.id = l.selection_id
                             where l.slip_id = p.id and s.outcome is null)
          order by p.created_at limit $1`,
        [limit],
      );
      if (ready.length === 0) return report;
      let progressed = 0;
      for (const { id } of ready) {
        try {
          const r = await settleSlip(id);
          if (r) {
            progressed++;
            report.slips++;
            report[r]++;
          }
        } catch {
          report.failed++;
        }
      }
      if (progressed === 0) return report;
    }
  }

  async function settleSlip(id: string): Promise<'won' | 'lost' | 'refunded' | null> {
    const [s] = await db.query<SlipRow>(`select * from sports_slips where id = $1 and state = 'open'`, [id]);
    if (!s) return null;
    const legs = await legsOf([id]);
    if (legs.some((x) => x.outcome === null)) return null;
    const stake = Number(s.stake);
    const paid = slipPayout(
      stake,
      legs.map((x) => ({ odds: x.odds, outcome: x.outcome! })),
    );
    const key = { vassalage: s.vassalage, ticketHash: s.ticket_hash };
    if (paid.allVoid) {
      await platform.rollback({ ...key, txId: refundTx(id), roundId: id, debitTxId: betTx(id) });
      const moved = await db.query(
        `update sports_slips set state = 'void', payout = $2, settled_at = $3, updated_at = $3
          where id = $1 and state = 'open' returning 1`,
        [id, stake, now()],
      );
      return moved.length > 0 ? 'refunded' : null;
    }
    const detail: SportsBetDetail = {
      kind: 'sports',
      slipId: id,
      type: s.type,
      legs: legs.map((x) => ({
        event: `${x.home} v ${x.away}`,
        sport: x.sport,
        league: x.league,
        market: x.kind,
        selection: x.code as SportsBetDetail['legs'][number]['selection'],
        line: x.line,
        odds: x.odds,
        result: resultText(x) ?? 'void',
        outcome: x.outcome!,
      })),
      stake,
      odds: combinedOdds(legs.map((x) => x.odds)),
      payout: paid.payout,
    };
    await platform.credit({ ...key, txId: winTx(id), roundId: id, amount: paid.payout, detail });
    const moved = await db.query(
      `update sports_slips set state = 'settled', payout = $2, settled_at = $3, updated_at = $3
        where id = $1 and state = 'open' returning 1`,
      [id, paid.payout, now()],
    );
    if (moved.length === 0) return null;
    return paid.payout > 0 ? 'won' : 'lost';
  }

  // ---- jobs ----------------------------------------------------------------------------------

  /** Pending slips older than the limit (a crash between storing and marking open): rolled back. */
  async function reconcile(olderThanSeconds = PENDING_OLDER_THAN_SECONDS) {
    const rows = await db.query<SlipRow>(
      `select * from sports_slips where state = 'pending' and updated_at < $1 order by updated_at limit 500`,
      [new Date(now().getTime() - olderThanSeconds * 1000)],
    );
    let rolledBack = 0;
    let failed = 0;
    for (const s of rows) {
      try {
        await platform.rollback({
          vassalage: s.vassalage,
          ticketHash: s.ticket_hash,
          txId: `${s.id}:rollback`,
          roundId: s.id,
          debitTxId: betTx(s.id),
        });
        const moved = await db.query(
          `update sports_slips set state = 'rolled_back', updated_at = $2 where id = $1 and state = 'pending' returning 1`,
          [s.id, now()],
        );
        rolledBack += moved.length;
      } catch {
        failed++;
      }
    }
    return { checked: rows.length, rolledBack, failed };
  }

  /** Odds move: a few upcoming fixtures' models drift and their markets are re-priced (version + 1). */
  async function moveOdds(count = 3): Promise<number> {
    const events = await db.query<{ id: string }>(
      `select id from sports_events where status = 'scheduled' and starts_at > $1 order by random() limit $2`,
      [now(), count],
    );
    for (const { id } of events) await reprice(Number(id));
    return events.length;
  }

  /** Re-prices one event after a drift of its model (also a test hook: makes odds stale). */
  async function reprice(eventId: number): Promise<void> {
    await db.withTx(async (tx) => {
      const [e] = await tx.query<EventRow>(
        `select * from sports_events where id = $1 and status = 'scheduled' for update`,
        [eventId],
      );
      if (!e) return;
      const model = driftModel(e.model, rng);
      const markets = await tx.query<{ id: string; kind: MarketKind; line: number | null }>(
        'select id, kind, line from sports_markets where event_id = $1',
        [eventId],
      );
      const hc = markets.find((m) => m.kind === 'handicap')?.line ?? 0;
      const tot = markets.find((m) => m.kind === 'total')?.line ?? 0;
      const priced = priceMarkets(model, e.sport, { handicap: hc, total: tot });
      for (const m of markets) {
        const p = priced.find((x) => x.kind === m.kind);
        if (!p) continue;
        await tx.query(
          `update sports_selections s set odds = x.odds, version = version + 1
             from unnest($2::text[], $3::int[]) as x(code, odds)
            where s.market_id = $1 and s.code = x.code and s.odds <> x.odds`,
          [m.id, p.selections.map((x) => x.code), p.selections.map((x) => x.odds)],
        );
      }
      await tx.query('update sports_events set model = $2 where id = $1', [eventId, JSON.stringify(model)]);
    });
  }

  /** Fixtures past their end get a simulated result (crypto) and settle; started ones go live. */
  async function simulateResults(): Promise<{ events: number; report: SettleReport }> {
    const t = now();
    await db.query(
      `update sports_events set status = 'live' where status = 'scheduled' and starts_at <= $1`,
      [t],
    );
    const due = await db.query<EventRow>(
      `select * from sports_events where status in ('scheduled', 'live') and ends_at <= $1 order by ends_at limit 200`,
      [t],
    );
    let events = 0;
    for (const e of due) {
      try {
        await settleEvent(Number(e.id), simulateResult(e.model, rng));
        events++;
      } catch (x) {
        if (!(x instanceof AppError)) throw x;
      }
    }
    return { events, report: await settleReady() };
  }

  async function setMarkets(eventId: number, status: 'open' | 'suspended'): Promise<number> {
    const rows = await db.query(
      `update sports_markets set status = $2 where event_id = $1 and status in ('open', 'suspended') returning 1`,
      [eventId, status],
    );
    return rows.length;
  }

  async function upcoming(category: SportCategory): Promise<EventRow[]> {
    return db.query<EventRow>(
      `select * from sports_events where category = $1 and status = 'scheduled' and starts_at > $2
        order by starts_at, id limit 50`,
      [category, now()],
    );
  }

  async function eventOf(id: number): Promise<EventRow | null> {
    const [e] = await db.query<EventRow>('select * from sports_events where id = $1', [id]);
    return e ?? null;
  }

  return {
    board,
    place,
    myBets,
    settleEvent,
    settleReady,
    simulateResults,
    reconcile,
    moveOdds,
    reprice,
    topUp,
    setMarkets,
    upcoming,
    eventOf,
    /** Test hook: the next placed slip stops at `fault`. */
    inject(f: SportsFault) {
      faults.push(f);
    },
  };
}

export type SportsService = ReturnType<typeof createSportsService>;

/**
 * Ledger invariants of the sportsbook (ops ledger check): no slip pending (stored, not known to be
 * debited) and no decided slip left unpaid longer than `stuckSeconds`. Open slips of undecided
 * events may stay open until their event settles.
 */
export async function sportsLedgerProblems(q: Queryable, stuckSeconds: number): Promise<string[]> {
  const rows = await q.query<{ id: string; state: string }>(
    `select p.id, p.state from sports_slips p
      where p.updated_at < now() - make_interval(secs => $1)
        and (p.state = 'pending'
             or (p.state = 'open' and not exists (
                   select 1 from sports_slip_legs l join sports_selections s on s.id = l.selection_id
                    where l.slip_id = p.id and s.outcome is null)))
      order by p.updated_at limit 20`,
    [stuckSeconds],
  );
  return rows.map((r) =>
    r.state === 'pending' ? `sports slip ${r.id} still pending` : `sports slip ${r.id} decided but not paid`,
  );
}

addLedgerCheck(sportsLedgerProblems);
