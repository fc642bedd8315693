import { randomBytes } from 'node:crypto';
import { FISH_MAX_SHOTS_PER_ROUND, type FishBetDetail } from '@app/contracts';
import type { Db } from '../../../db/db.ts';
import { AppError } from '../../../lib/errors.ts';
import {
  hashTicket,
  StudioCrash,
  vendorOf,
  type PlatformProtocol,
  type StudioFault,
  type StudioReconcileReport,
} from '../studio.vendor.ts';
import { advanceRound, reconcileRounds, setRoundState } from '../rounds.ts';
import {
  cryptoRng,
  FISH_BET_LEVELS,
  FISH_RTP,
  FISH_SPECIES,
  playFishRound,
  shotProblem,
  type ShotInput,
  type ShotOutcome,
} from './engine.ts';

/**
 * The studio's fish game as a vendor (issue 6). One request of the page is one round of 1–10 shots:
 * every catch is decided with crypto and the round stored in fish_rounds BEFORE the platform is
 * asked for anything; then the round's bets are debited and its wins credited through the vendor
 * protocol (never inside a transaction of ours). A repeated requestId continues or answers the
 * same round. A round left half-way by a crash is finished by `reconcile`: decided → rollback
 * (refund, or a tombstone so a late debit is refused), debited → credit again (idempotent by txId).
 */

type RoundState = 'decided' | 'debited' | 'settled' | 'rolled_back';
interface RoundRow {
  id: string;
  ticket_hash: string;
  request_id: string;
  vassalage: string;
  game_id: number;
  bet: string;
  total_win: string;
  shots: ShotOutcome[];
  state: RoundState;
  balance: string | null;
}

export interface FishRoundAnswer {
  roundId: string;
  shots: ShotOutcome[];
  bet: number;
  win: number;
  balance: number;
}

const ticketInvalid = () => new AppError('UNAUTHORIZED', 'games.errors.ticket_invalid');
const betInvalid = () =>
  new AppError('BAD_REQUEST', 'games.errors.bet_invalid', { bet: 'games.errors.bet_invalid' });
const speciesInvalid = () =>
  new AppError('BAD_REQUEST', 'games.errors.fish_species_invalid', {
    species: 'games.errors.fish_species_invalid',
  });

/** The detail sent with the credit (the betting record shows it). */
export const fishDetail = (shots: readonly ShotOutcome[], bet: number, win: number): FishBetDetail => ({
  kind: 'fish',
  shots: shots.map((s) => ({
    species: s.species,
    multiplier: s.multiplier,
    bet: s.bet,
    caught: s.caught,
    win: s.win,
  })),
  bet,
  win,
});

export class FishStudio {
  private readonly faults: StudioFault[] = [];
  private readonly gameTypes = new Map<number, Promise<string | null>>();

  constructor(
    private readonly db: Db,
    private readonly platform: PlatformProtocol,
  ) {}

  /** Test hook: the next shot request stops at `fault` (as if the process died there). */
  inject(fault: StudioFault): void {
    this.faults.push(fault);
  }

  private hit(fault: StudioFault): void {
    const i = this.faults.indexOf(fault);
    if (i < 0) return;
    this.faults.splice(i, 1);
    throw new StudioCrash(`fish studio stopped ${fault.replace('_', ' ')}`);
  }

  private gameType(id: number): Promise<string | null> {
    let hit = this.gameTypes.get(id);
    if (!hit) {
      hit = this.db
        .query<{ game_type: string }>('select game_type from games where id = $1', [id])
        .then(([r]) => r?.game_type ?? null);
      hit.catch(() => this.gameTypes.delete(id));
      this.gameTypes.set(id, hit);
    }
    return hit;
  }

  /** The ticket's launch; only a FISH game plays here. */
  private async launch(ticket: string) {
    const vassalage = vendorOf(ticket);
    if (!vassalage) throw ticketInvalid();
    const ticketHash = hashTicket(ticket);
    const l = await this.platform.launch({ vassalage, ticketHash });
    if ((await this.gameType(l.gameId)) !== 'FISH')
      throw new AppError('BAD_REQUEST', 'games.errors.not_a_fish_game');
    return { ...l, vassalage, ticketHash };
  }

  async config(ticket: string) {
    const l = await this.launch(ticket);
    return {
      species: FISH_SPECIES.map((s) => ({
        id: s.id,
        multiplier: s.multipliers[0]!,
        maxMultiplier: s.multipliers[s.multipliers.length - 1]!,
        weight: s.weight,
        size: s.size,
        boss: s.boss,
      })),
      betLevels: [...FISH_BET_LEVELS],
      rtp: FISH_RTP,
      maxShotsPerRound: FISH_MAX_SHOTS_PER_ROUND,
      balance: l.balance,
    };
  }

  /** One round of shots (studioFishShoot). */
  async shoot(ticket: string, shots: readonly ShotInput[], requestId: string): Promise<FishRoundAnswer> {
    const l = await this.launch(ticket);
    let round = await this.roundOf(l.ticketHash, requestId);
    if (round) {
      const same =
        round.shots.length === shots.length &&
        round.shots.every(
          (s, i) =>
            s.fishId === shots[i]!.fishId && s.species === shots[i]!.species && s.bet === shots[i]!.bet,
        );
      if (!same) throw new AppError('CONFLICT', 'money.errors.idempotency_conflict');
    } else {
      if (shots.length < 1 || shots.length > FISH_MAX_SHOTS_PER_ROUND)
        throw new AppError('BAD_REQUEST', 'games.errors.fish_shot_invalid');
      for (const s of shots) {
        const problem = shotProblem(s);
        if (problem === 'bet') throw betInvalid();
        if (problem === 'species') throw speciesInvalid();
      }
      const outcome = playFishRound(shots, cryptoRng());
      const id = randomBytes(16).toString('base64url');
      const [inserted] = await this.db.query<RoundRow>(
        `insert into fish_rounds (id, ticket_hash, request_id, vassalage, game_id, bet, total_win, shots)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (ticket_hash, request_id) do nothing returning *`,
        [
          id,
          l.ticketHash,
          requestId,
          l.vassalage,
          l.gameId,
          outcome.bet,
          outcome.win,
          JSON.stringify(outcome.shots),
        ],
      );
      // A concurrent repeat of the requestId stored its round first: continue that one.
      round = inserted ?? (await this.roundOf(l.ticketHash, requestId));
      if (!round) throw new Error('fish round vanished');
    }
    return this.advance(round, true);
  }

  private async roundOf(ticketHash: string, requestId: string): Promise<RoundRow | null> {
    const [row] = await this.db.query<RoundRow>(
      'select * from fish_rounds where ticket_hash = $1 and request_id = $2',
      [ticketHash, requestId],
    );
    return row ?? null;
  }

  private async roundById(id: string): Promise<RoundRow> {
    const [row] = await this.db.query<RoundRow>('select * from fish_rounds where id = $1', [id]);
    if (!row) throw new Error(`fish round ${id} vanished`);
    return row;
  }

  /** Moves the state on only from `from` (the reconciler may have moved it meanwhile). */
  private setState(id: string, from: RoundState, to: RoundState, balance?: number): Promise<boolean> {
    return setRoundState(this.db, 'fish_rounds', id, from, to, balance);
  }

  private answer(r: RoundRow): FishRoundAnswer {
    return {
      roundId: r.id,
      shots: r.shots,
      bet: Number(r.bet),
      win: Number(r.total_win),
      balance: Number(r.balance ?? 0),
    };
  }

  /** Drives a round to its end: decided → debited → settled (or rolled back). */
  private advance(start: RoundRow, live: boolean): Promise<FishRoundAnswer> {
    return advanceRound({
      db: this.db,
      platform: this.platform,
      table: 'fish_rounds',
      start,
      live,
      hit: (fault) => this.hit(fault),
      stake: (r) => Number(r.bet),
      payout: (r) => Number(r.total_win),
      detail: (r) => fishDetail(r.shots, Number(r.bet), Number(r.total_win)),
      answer: (r) => this.answer(r),
    });
  }

  /**
   * Finishes rounds left half-way for longer than `olderThanSeconds` (like the slot studio's
   * reconcile), leasing them under an advisory lock so several instances never work on one round.
   */
  async reconcile(o: { olderThanSeconds?: number; limit?: number } = {}): Promise<StudioReconcileReport> {
    return reconcileRounds<RoundRow>({
      db: this.db,
      platform: this.platform,
      table: 'fish_rounds',
      lock: 'fish-reconcile',
      ...o,
      markRolledBack: (id) => this.setState(id, 'decided', 'rolled_back'),
      settle: (r) => this.advance(r, false),
    });
  }
}
