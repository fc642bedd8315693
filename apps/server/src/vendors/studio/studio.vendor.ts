import { createHash, randomBytes } from 'node:crypto';
import type { GameType, StudioKind } from '@app/contracts';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import {
  BET_LEVELS,
  cryptoRng,
  paytable,
  playRound,
  SLOT_FAMILIES,
  type RoundOutcome,
  type SlotFamilyId,
  type SpinOutcome,
} from './slots/engine.ts';
import { advanceRound, reconcileRounds, setRoundState, type StudioReconcileReport } from './rounds.ts';

/**
 * The demo game studio as a vendor (DESIGN §4, issue 5). It stands for a third party: it keeps its
 * own books (studio_rounds), decides every slot round with the slot engine BEFORE anything is
 * shown or paid, and then asks the platform through the vendor protocol — debit the stake, credit
 * the win — never inside one of the platform's transactions. A round left half-way (a crash
 * between the calls) is finished by `reconcile`: decided → rollback (refund, or a tombstone so a
 * late debit is refused), debited → credit again (idempotent by txId).
 */

/** The platform's vendor protocol as the studio calls it (in-process: the protocol service). */
export interface PlatformProtocol {
  launch(i: { vassalage: string; ticketHash: string }): Promise<{
    memberId: string;
    account: string;
    gameId: number;
    mode: 'real' | 'trial';
    currency: string;
    balance: number;
    language?: string;
  }>;
  debit(i: {
    vassalage: string;
    ticketHash: string;
    txId: string;
    roundId: string;
    amount: number;
    gameId: number;
    detail?: unknown;
  }): Promise<{ balance: number }>;
  credit(i: {
    vassalage: string;
    ticketHash: string;
    txId: string;
    roundId: string;
    amount: number;
    detail?: unknown;
  }): Promise<{ balance: number }>;
  rollback(i: {
    vassalage: string;
    ticketHash: string;
    txId: string;
    roundId: string;
    debitTxId: string;
  }): Promise<{ balance: number }>;
}

/** Where a test makes the studio stop, as if the process died there. */
export type StudioFault = 'before_debit' | 'after_debit';

export class StudioCrash extends Error {
  override name = 'StudioCrash';
}

export { betTxId, rollbackTxId, winTxId, type StudioReconcileReport } from './rounds.ts';

/** The studio page each game type plays in (issue 6); a slot needs its family too. */
const KIND_OF: Record<GameType, StudioKind> = {
  RNG: 'slot',
  LIVE: 'baccarat',
  SPORTS: 'sports',
  ESPORTS: 'sports',
  FISH: 'fish',
  PVP: 'pvp',
  LOTT: 'soon',
  ELOTT: 'soon',
};

/** The lobby each game type's exit returns to (spec §2 routes). */
const LOBBY_OF: Record<GameType, string> = {
  RNG: '/rng',
  LIVE: '/live',
  FISH: '/fish',
  PVP: '/pvp',
  SPORTS: '/sports',
  ESPORTS: '/sports',
  LOTT: '/elott',
  ELOTT: '/elott',
};

interface StudioGame {
  id: number;
  code: string;
  name: string;
  vassalage: string;
  gameType: GameType;
  family: SlotFamilyId | null;
}

type RoundState = 'decided' | 'debited' | 'settled' | 'rolled_back';
interface RoundRow {
  id: string;
  ticket_hash: string;
  request_id: string;
  vassalage: string;
  game_id: number;
  bet: string;
  total_win: string;
  outcome: RoundOutcome;
  state: RoundState;
  balance: string | null;
}

export interface StudioSpinView {
  grid: string[][];
  lineWins: {
    line: number;
    symbol: string;
    count: number;
    multiplier: number;
    amount: number;
    positions: number[][];
  }[];
  scatterCount: number;
  scatterWin: number;
  freeSpinsAwarded: number;
  multiplier: number;
  win: number;
  free: boolean;
}

export interface StudioRoundAnswer {
  roundId: string;
  bet: number;
  spins: StudioSpinView[];
  totalWin: number;
  balance: number;
}

export const hashTicket = (ticket: string) => createHash('sha256').update(ticket).digest('hex');
/** The ticket names its vendor before the first '-' (modules/games launch). */
export const vendorOf = (ticket: string) => ticket.slice(0, Math.max(0, ticket.indexOf('-')));
const ticketInvalid = () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid');

export const spinView = (s: SpinOutcome): StudioSpinView => ({
  grid: s.grid,
  lineWins: s.lineWins.map((w) => ({
    line: w.line,
    symbol: w.symbol,
    count: w.count,
    multiplier: w.multiplier,
    amount: w.amount,
    positions: w.positions.map((p) => [...p]),
  })),
  scatterCount: s.scatterCount,
  scatterWin: s.scatterWin,
  freeSpinsAwarded: s.freeSpinsAwarded,
  multiplier: s.multiplier,
  win: s.win,
  free: s.free,
});

const isFamily = (f: string | null): f is SlotFamilyId =>
  f !== null && (SLOT_FAMILIES as readonly string[]).includes(f);

export class StudioVendor {
  private readonly faults: StudioFault[] = [];
  private readonly games = new Map<number, Promise<StudioGame | null>>();

  constructor(
    private readonly db: Db,
    private readonly platform: PlatformProtocol,
  ) {}

  /** Test hook: the next spin stops at `fault` (as if the process died there). */
  inject(fault: StudioFault): void {
    this.faults.push(fault);
  }

  private hit(fault: StudioFault): void {
    const i = this.faults.indexOf(fault);
    if (i < 0) return;
    this.faults.splice(i, 1);
    throw new StudioCrash(`studio stopped ${fault.replace('_', ' ')}`);
  }

  /** The studio's own game list (its catalogue mirrors the platform's; read once per game). */
  private game(id: number): Promise<StudioGame | null> {
    let hit = this.games.get(id);
    if (!hit) {
      hit = this.db
        .query<{
          id: number;
          code: string;
          name: string;
          vassalage: string;
          game_type: GameType;
          family: string | null;
        }>('select id, code, name, vassalage, game_type, family from games where id = $1', [id])
        .then(([r]) =>
          r
            ? {
                id: r.id,
                code: r.code,
                name: r.name,
                vassalage: r.vassalage,
                gameType: r.game_type,
                family: r.game_type === 'RNG' && isFamily(r.family) ? r.family : null,
              }
            : null,
        );
      hit.catch(() => this.games.delete(id));
      this.games.set(id, hit);
    }
    return hit;
  }

  private async launch(ticket: string) {
    const vassalage = vendorOf(ticket);
    if (!vassalage) throw ticketInvalid();
    const ticketHash = hashTicket(ticket);
    const l = await this.platform.launch({ vassalage, ticketHash });
    const game = await this.game(l.gameId);
    if (!game) throw ticketInvalid();
    return { ...l, vassalage, ticketHash, game };
  }

  /** What the game page needs (studioSession). Non-slot games answer with no family (opens soon). */
  async session(ticket: string) {
    const l = await this.launch(ticket);
    const pt = l.game.family ? paytable(l.game.family) : null;
    return {
      game: {
        id: l.game.id,
        code: l.game.code,
        name: l.game.name,
        vassalage: l.game.vassalage,
        family: l.game.family,
        kind: l.game.gameType === 'RNG' && !l.game.family ? 'soon' : KIND_OF[l.game.gameType],
      },
      mode: l.mode,
      currency: l.currency,
      balance: l.balance,
      language: l.language ?? 'my',
      betLevels: pt ? [...pt.betLevels] : [],
      paytable: pt
        ? {
            lines: pt.lines,
            symbols: pt.symbols.map((s) => ({ id: s.id, kind: s.kind, pays: s.pays, label: s.label })),
            freeSpins: pt.freeSpins,
          }
        : { lines: [], symbols: [], freeSpins: [] },
      lobbyUrl: LOBBY_OF[l.game.gameType],
    };
  }

  /**
   * One slot round (studioSpin): decided and stored first, then debit and credit through the
   * platform. A repeated requestId continues or answers the same round.
   */
  async spin(ticket: string, bet: number, requestId: string): Promise<StudioRoundAnswer> {
    const l = await this.launch(ticket);
    const family = l.game.family;
    if (!family) throw new AppError('BAD_REQUEST', 'games.errors.not_a_slot');
    let round = await this.roundOf(l.ticketHash, requestId);
    if (round && Number(round.bet) !== bet)
      throw new AppError('CONFLICT', 'money.errors.idempotency_conflict');
    if (!round) {
      if (!BET_LEVELS.includes(bet))
        throw new AppError('BAD_REQUEST', 'games.errors.bet_invalid', { bet: 'games.errors.bet_invalid' });
      const outcome = playRound(family, bet, cryptoRng());
      const id = randomBytes(16).toString('base64url');
      const [inserted] = await this.db.query<RoundRow>(
        `insert into studio_rounds (id, ticket_hash, request_id, vassalage, game_id, bet, total_win, outcome)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (ticket_hash, request_id) do nothing returning *`,
        [id, l.ticketHash, requestId, l.vassalage, l.game.id, bet, outcome.totalWin, JSON.stringify(outcome)],
      );
      // A concurrent repeat of the requestId stored its round first: continue that one.
      round = inserted ?? (await this.roundOf(l.ticketHash, requestId));
      if (!round) throw new Error('studio round vanished');
    }
    return this.advance(round, true);
  }

  private async roundOf(ticketHash: string, requestId: string): Promise<RoundRow | null> {
    const [row] = await this.db.query<RoundRow>(
      'select * from studio_rounds where ticket_hash = $1 and request_id = $2',
      [ticketHash, requestId],
    );
    return row ?? null;
  }

  private async roundById(id: string): Promise<RoundRow> {
    const [row] = await this.db.query<RoundRow>('select * from studio_rounds where id = $1', [id]);
    if (!row) throw new Error(`studio round ${id} vanished`);
    return row;
  }

  /** Moves the state on only from `from` (the reconciler may have moved it meanwhile). */
  private setState(id: string, from: RoundState, to: RoundState, balance?: number): Promise<boolean> {
    return setRoundState(this.db, 'studio_rounds', id, from, to, balance);
  }

  private answer(r: RoundRow): StudioRoundAnswer {
    return {
      roundId: r.id,
      bet: Number(r.bet),
      spins: r.outcome.spins.map(spinView),
      totalWin: Number(r.total_win),
      balance: Number(r.balance ?? 0),
    };
  }

  /** Drives a round to its end: decided → debited → settled (or rolled back). */
  private advance(start: RoundRow, live: boolean): Promise<StudioRoundAnswer> {
    return advanceRound({
      db: this.db,
      platform: this.platform,
      table: 'studio_rounds',
      start,
      live,
      hit: (fault) => this.hit(fault),
      stake: (r) => Number(r.bet),
      payout: (r) => Number(r.total_win),
      detail: (r) => ({
        family: r.outcome.family,
        // What each symbol id looks like, so the betting record draws the reels, not ids.
        glyphs: Object.fromEntries(paytable(r.outcome.family).symbols.map((s) => [s.id, s.glyph])),
        spins: r.outcome.spins.map(spinView),
      }),
      answer: (r) => this.answer(r),
    });
  }

  /**
   * Finishes rounds left half-way for longer than `olderThanSeconds`: decided → rollback of the
   * debit (a refund if it happened, a tombstone otherwise) → rolled_back; debited → credit again →
   * settled. Leases rows under an advisory lock so several instances never work on the same round.
   */
  async reconcile(o: { olderThanSeconds?: number; limit?: number } = {}): Promise<StudioReconcileReport> {
    return reconcileRounds<RoundRow>({
      db: this.db,
      platform: this.platform,
      table: 'studio_rounds',
      lock: 'studio-reconcile',
      ...o,
      markRolledBack: (id) => this.setState(id, 'decided', 'rolled_back'),
      settle: (r) => this.advance(r, false),
    });
  }
}
