import { randomBytes } from 'node:crypto';
import type { PvpBetDetail, PvpRoomView } from '@app/contracts';
import type { Db, Queryable } from '../../../db/db.ts';
import { AppError } from '../../../lib/errors.ts';
import { cryptoRng } from '../slots/engine.ts';
import {
  hashTicket,
  StudioCrash,
  vendorOf,
  type PlatformProtocol,
  type StudioFault,
} from '../studio.vendor.ts';
import type { StudioReconcileReport } from '../rounds.ts';
import { advanceRound, reconcileRounds, setRoundState } from '../rounds.ts';
import {
  DEFAULT_RAKE_BPS,
  DEFAULT_SEATS,
  DEFAULT_STAKES,
  gameOfCode,
  MAX_SEATS,
  playHand,
  type HandOutcome,
  type PvpGame,
} from './engine.ts';

/**
 * The studio's PVP card rooms as a vendor (issue 6). Seats: one per launch ticket, taken in a
 * room atomically (seats_taken + 1 only while a seat is free), freed by leaving or after
 * `idleMinutes` without a hand. Hands: dealt and decided with node:crypto and stored in pvp_hands
 * BEFORE the page sees a card; then the stake is debited and the pot less the rake credited
 * through the platform's vendor protocol — never inside a transaction of ours. A hand left
 * half-way (a crash between the calls) is finished by `reconcile`.
 */

export interface PvpOptions {
  /** Basis points of the winner's profit (500 = 5%). */
  rakeBps?: number;
  /** A seat without a hand for this long is released. */
  idleMinutes?: number;
}

type HandState = 'decided' | 'debited' | 'settled' | 'rolled_back';
interface HandRow {
  id: string;
  ticket_hash: string;
  request_id: string;
  vassalage: string;
  game_id: number;
  room_id: number | null;
  room_name: string | null;
  game: PvpGame;
  stake: string;
  payout: string;
  rake: string;
  outcome: HandOutcome;
  state: HandState;
  balance: string | null;
}

interface RoomRow {
  id: number;
  name: string;
  game_id: number;
  stake: string;
  min_balance: string;
  seats: number;
  seats_taken: number;
  status: 'open' | 'full' | 'closed';
}

export interface PvpHandAnswer extends PvpBetDetail {
  handId: string;
  winnerSeat: number;
  balance: number;
}

export type PvpReconcileReport = StudioReconcileReport;

const ticketInvalid = () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid');
const roomUnknown = () => new AppError('NOT_FOUND', 'games.errors.room_unknown');

const roomView = (r: RoomRow): PvpRoomView => ({
  id: r.id,
  name: r.name,
  stake: Number(r.stake),
  minBalance: Number(r.min_balance),
  seats: r.seats,
  seatsTaken: r.seats_taken,
  status: r.status,
});

/** What the credit carries to the betting record (and what the page is answered). */
export const handDetail = (h: HandRow): PvpBetDetail => ({
  kind: 'pvp',
  game: h.game,
  room: h.room_id !== null ? { id: h.room_id, name: h.room_name ?? '' } : null,
  stake: Number(h.stake),
  seats: h.outcome.seats.map((s) => ({ ...s, cards: [...s.cards] })),
  playerRank: h.outcome.playerRank,
  profit: Number(h.payout) - Number(h.stake),
  rake: Number(h.rake),
  payout: Number(h.payout),
});

/** Frees a seat (inside the caller's transaction): the room gets the seat back, full → open. */
async function freeSeat(tx: Queryable, roomId: number): Promise<void> {
  await tx.query(
    `update pvp_rooms set seats_taken = greatest(seats_taken - 1, 0),
            status = case when status = 'full' then 'open' else status end
      where id = $1`,
    [roomId],
  );
}

export class PvpStudio {
  private readonly faults: StudioFault[] = [];
  readonly rakeBps: number;
  readonly idleMinutes: number;

  constructor(
    private readonly db: Db,
    private readonly platform: PlatformProtocol,
    o: PvpOptions = {},
  ) {
    this.rakeBps = o.rakeBps ?? DEFAULT_RAKE_BPS;
    this.idleMinutes = o.idleMinutes ?? 10;
  }

  /** Test hook: the next hand stops at `fault` (as if the process died there). */
  inject(fault: StudioFault): void {
    this.faults.push(fault);
  }

  private hit(fault: StudioFault): void {
    const i = this.faults.indexOf(fault);
    if (i < 0) return;
    this.faults.splice(i, 1);
    throw new StudioCrash(`pvp studio stopped ${fault.replace('_', ' ')}`);
  }

  private async launch(ticket: string) {
    const vassalage = vendorOf(ticket);
    if (!vassalage) throw ticketInvalid();
    const ticketHash = hashTicket(ticket);
    const l = await this.platform.launch({ vassalage, ticketHash });
    const [g] = await this.db.query<{ id: number; code: string; game_type: string }>(
      'select id, code, game_type from games where id = $1',
      [l.gameId],
    );
    if (!g || g.game_type !== 'PVP') throw new AppError('BAD_REQUEST', 'games.errors.not_pvp');
    return { ...l, vassalage, ticketHash, game: { id: g.id, code: g.code, kind: gameOfCode(g.code) } };
  }

  private rooms(gameId: number): Promise<RoomRow[]> {
    return this.db.query<RoomRow>(
      `select id, name, game_id, stake, min_balance, seats, seats_taken, status
         from pvp_rooms where game_id = $1 order by stake, id`,
      [gameId],
    );
  }

  private async seatOf(ticketHash: string): Promise<number | null> {
    const [s] = await this.db.query<{ room_id: number }>(
      'select room_id from pvp_seats where ticket_hash = $1',
      [ticketHash],
    );
    return s?.room_id ?? null;
  }

  /** The launched game's rooms, the player's seat and the table's rules (studioPvpLobby). */
  async lobby(ticket: string) {
    const l = await this.launch(ticket);
    const [rooms, seat] = await Promise.all([this.rooms(l.game.id), this.seatOf(l.ticketHash)]);
    return {
      game: l.game.kind,
      rooms: rooms.map(roomView),
      seatRoomId: seat,
      defaultStakes: rooms.length > 0 ? [] : [...DEFAULT_STAKES],
      defaultSeats: DEFAULT_SEATS,
      rakeBps: this.rakeBps,
      balance: l.balance,
    };
  }

  /**
   * Takes a seat (studioPvpJoin): a room of the launched game, open, with a free seat, and a
   * balance of at least its minimum. A seat in another room is given up in the same transaction.
   */
  async join(ticket: string, roomId: number) {
    const l = await this.launch(ticket);
    const [room] = await this.db.query<RoomRow>(
      `select id, name, game_id, stake, min_balance, seats, seats_taken, status
         from pvp_rooms where id = $1 and game_id = $2`,
      [roomId, l.game.id],
    );
    if (!room || room.status === 'closed') throw roomUnknown();
    if (l.balance < Number(room.min_balance))
      throw new AppError('UNPROCESSABLE', 'games.errors.room_min_balance');
    const taken = await this.db.withTx(async (tx) => {
      const [old] = await tx.query<{ room_id: number }>(
        'select room_id from pvp_seats where ticket_hash = $1 for update',
        [l.ticketHash],
      );
      if (old?.room_id === roomId) {
        await tx.query('update pvp_seats set last_seen_at = now() where ticket_hash = $1', [l.ticketHash]);
        const [same] = await tx.query<RoomRow>('select * from pvp_rooms where id = $1', [roomId]);
        return same!;
      }
      if (old) {
        await tx.query('delete from pvp_seats where ticket_hash = $1', [l.ticketHash]);
        await freeSeat(tx, old.room_id);
      }
      const [r] = await tx.query<RoomRow>(
        `update pvp_rooms set seats_taken = seats_taken + 1,
                status = case when seats_taken + 1 >= seats then 'full' else 'open' end
          where id = $1 and status <> 'closed' and seats_taken < seats
          returning id, name, game_id, stake, min_balance, seats, seats_taken, status`,
        [roomId],
      );
      if (!r) throw new AppError('CONFLICT', 'games.errors.room_full');
      const ins = await tx.query(
        `insert into pvp_seats (ticket_hash, room_id) values ($1, $2) on conflict (ticket_hash) do nothing returning 1`,
        [l.ticketHash, roomId],
      );
      // A concurrent join of the same launch sat down first: this one changes nothing.
      if (ins.length === 0) throw new AppError('CONFLICT', 'games.errors.room_busy');
      return r;
    });
    return { room: roomView(taken), balance: l.balance };
  }

  /** Gives the seat up (studioPvpLeave); leaving twice is fine. */
  async leave(ticket: string): Promise<{ left: boolean }> {
    const l = await this.launch(ticket);
    return this.releaseSeat(l.ticketHash);
  }

  private releaseSeat(ticketHash: string): Promise<{ left: boolean }> {
    return this.db.withTx(async (tx) => {
      const [s] = await tx.query<{ room_id: number }>(
        'delete from pvp_seats where ticket_hash = $1 returning room_id',
        [ticketHash],
      );
      if (s) await freeSeat(tx, s.room_id);
      return { left: Boolean(s) };
    });
  }

  /** Frees seats without a hand (or a visit) for `idleMinutes`; answers how many. */
  async releaseIdle(idleMinutes = this.idleMinutes): Promise<number> {
    return this.db.withTx(async (tx) => {
      const gone = await tx.query<{ room_id: number }>(
        `delete from pvp_seats where ticket_hash in (
            select ticket_hash from pvp_seats where last_seen_at < now() - make_interval(mins => $1)
             for update skip locked)
          returning room_id`,
        [idleMinutes],
      );
      for (const g of gone) await freeSeat(tx, g.room_id);
      return gone.length;
    });
  }

  /**
   * One hand (studioPvpDeal): decided and stored first, then the stake debited and the pot less
   * the rake credited. A repeated requestId continues or answers the same hand.
   */
  async deal(
    ticket: string,
    input: { roomId?: number | undefined; stake?: number | undefined; requestId: string },
  ): Promise<PvpHandAnswer> {
    const l = await this.launch(ticket);
    let hand = await this.handOf(l.ticketHash, input.requestId);
    if (
      hand &&
      ((input.roomId ?? null) !== hand.room_id ||
        (input.stake !== undefined && input.stake !== Number(hand.stake)))
    )
      throw new AppError('CONFLICT', 'money.errors.idempotency_conflict');
    if (!hand) {
      let stake: number;
      let seats: number;
      let room: RoomRow | null = null;
      if (input.roomId !== undefined) {
        const [r] = await this.db.query<RoomRow>(
          `select id, name, game_id, stake, min_balance, seats, seats_taken, status
             from pvp_rooms where id = $1 and game_id = $2`,
          [input.roomId, l.game.id],
        );
        if (!r) throw roomUnknown();
        if ((await this.seatOf(l.ticketHash)) !== r.id)
          throw new AppError('CONFLICT', 'games.errors.room_not_joined');
        room = r;
        stake = Number(r.stake);
        if (input.stake !== undefined && input.stake !== stake)
          throw new AppError('BAD_REQUEST', 'games.errors.bet_invalid', {
            stake: 'games.errors.bet_invalid',
          });
        if (l.balance < Number(r.min_balance))
          throw new AppError('UNPROCESSABLE', 'games.errors.room_min_balance');
        seats = Math.min(Math.max(r.seats, 2), MAX_SEATS);
      } else {
        if ((await this.rooms(l.game.id)).length > 0)
          throw new AppError('BAD_REQUEST', 'games.errors.room_required');
        if (input.stake === undefined || !(DEFAULT_STAKES as readonly number[]).includes(input.stake))
          throw new AppError('BAD_REQUEST', 'games.errors.bet_invalid', {
            stake: 'games.errors.bet_invalid',
          });
        stake = input.stake;
        seats = DEFAULT_SEATS;
      }
      if (l.balance < stake) throw new AppError('UNPROCESSABLE', 'money.errors.insufficient_balance');
      const outcome = playHand(l.game.kind, stake, seats, cryptoRng(), this.rakeBps);
      const id = randomBytes(16).toString('base64url');
      const [inserted] = await this.db.query<HandRow>(
        `insert into pvp_hands (id, ticket_hash, request_id, vassalage, game_id, room_id, room_name, game,
                                stake, payout, rake, outcome)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
         on conflict (ticket_hash, request_id) do nothing returning *`,
        [
          id,
          l.ticketHash,
          input.requestId,
          l.vassalage,
          l.game.id,
          room?.id ?? null,
          room?.name ?? null,
          l.game.kind,
          stake,
          outcome.payout,
          outcome.rake,
          JSON.stringify(outcome),
        ],
      );
      // A concurrent repeat of the requestId stored its hand first: continue that one.
      hand = inserted ?? (await this.handOf(l.ticketHash, input.requestId));
      if (!hand) throw new Error('pvp hand vanished');
      if (room)
        await this.db.query('update pvp_seats set last_seen_at = now() where ticket_hash = $1', [
          l.ticketHash,
        ]);
    }
    return this.advance(hand, true);
  }

  private async handOf(ticketHash: string, requestId: string): Promise<HandRow | null> {
    const [row] = await this.db.query<HandRow>(
      'select * from pvp_hands where ticket_hash = $1 and request_id = $2',
      [ticketHash, requestId],
    );
    return row ?? null;
  }

  private async handById(id: string): Promise<HandRow> {
    const [row] = await this.db.query<HandRow>('select * from pvp_hands where id = $1', [id]);
    if (!row) throw new Error(`pvp hand ${id} vanished`);
    return row;
  }

  private setState(id: string, from: HandState, to: HandState, balance?: number): Promise<boolean> {
    return setRoundState(this.db, 'pvp_hands', id, from, to, balance);
  }

  private answer(h: HandRow): PvpHandAnswer {
    return {
      handId: h.id,
      ...handDetail(h),
      winnerSeat: h.outcome.winnerSeat,
      balance: Number(h.balance ?? 0),
    };
  }

  /** Drives a hand to its end: decided → debited → settled (or rolled back). */
  private advance(start: HandRow, live: boolean): Promise<PvpHandAnswer> {
    return advanceRound({
      db: this.db,
      platform: this.platform,
      table: 'pvp_hands',
      start,
      live,
      hit: (fault) => this.hit(fault),
      stake: (r) => Number(r.stake),
      payout: (r) => Number(r.payout),
      detail: (r) => handDetail(r),
      answer: (r) => this.answer(r),
    });
  }

  /**
   * Finishes hands left half-way for longer than `olderThanSeconds`: decided → rollback of the
   * debit (a refund if it happened, a tombstone otherwise); debited → credit again (idempotent).
   * Leases rows under an advisory lock so several instances never work on the same hand.
   */
  async reconcile(o: { olderThanSeconds?: number; limit?: number } = {}): Promise<PvpReconcileReport> {
    return reconcileRounds<HandRow>({
      db: this.db,
      platform: this.platform,
      table: 'pvp_hands',
      lock: 'pvp-reconcile',
      ...o,
      markRolledBack: (id) => this.setState(id, 'decided', 'rolled_back'),
      settle: (r) => this.advance(r, false),
    });
  }
}
