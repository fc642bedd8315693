import {
  StudioError,
  type SpinRound,
  type Spin,
  type StudioApi,
  type StudioErrorKind,
  type StudioSession,
} from './api.ts';

/**
 * The slot's state machine, free of the DOM so it can be tested on its own:
 *
 *   idle ──press──▶ requesting ──round──▶ revealing (spin 1 … n, one after another) ──▶ idle
 *                       └──error──▶ idle (error shown, balance unchanged)
 *
 * The whole round comes from the server before anything moves; revealing only shows it. The
 * balance shown during a round is the server's final balance minus what is still to be shown, so
 * it ends exactly on the server's figure. A press while revealing skips the current animation.
 */
export type Phase = 'idle' | 'requesting' | 'revealing';

export interface FreeSpinState {
  /** This free spin's number (1-based) and the free spins won so far in the round. */
  n: number;
  total: number;
  multiplier: number;
}

export interface GameState {
  phase: Phase;
  betIndex: number;
  balance: number;
  /** What the current (or last) round has paid so far. */
  win: number;
  free: FreeSpinState | null;
  error: StudioErrorKind | null;
  /** The spin on the reels (null before the first round). */
  spin: Spin | null;
  /** Free spins the spin on the reels awarded (0 most of the time). */
  awarded: number;
  /** The round just finished had free spins: its total is worth saying. */
  roundTotal: number | null;
}

export interface RevealOptions {
  /** Index of the spin in its round (0 is the paid spin). */
  index: number;
  free: FreeSpinState | null;
}

export interface GameDeps {
  session: StudioSession;
  ticket: string;
  api: Pick<StudioApi, 'spin'>;
  /** Draws the state (called after every change). */
  render(state: Readonly<GameState>): void;
  /** Animates the reels to the spin's grid; resolves when it stands (or was skipped). */
  reveal(spin: Spin, opts: RevealOptions): Promise<void>;
  /** Ends the running reveal at once. */
  skipReveal(): void;
  /** A fresh idempotency key per press (crypto.randomUUID in the browser). */
  newRequestId(): string;
}

export interface Game {
  readonly state: Readonly<GameState>;
  /** The spin button, Space or Enter: spin when idle, skip while revealing. */
  press(): Promise<void>;
  /** Bet down (-1) or up (+1); ignored during a round. */
  changeBet(delta: -1 | 1): void;
  setBetIndex(index: number): void;
}

/** The page opens on the smallest bet: the player raises it on purpose. */
export function initialBetIndex(): number {
  return 0;
}

export function createGame(deps: GameDeps): Game {
  const levels = deps.session.betLevels;
  const state: GameState = {
    phase: 'idle',
    betIndex: initialBetIndex(),
    balance: deps.session.balance,
    win: 0,
    free: null,
    error: null,
    spin: null,
    awarded: 0,
    roundTotal: null,
  };
  /** Kept after a network failure only: pressing again with the same bet repeats the same request. */
  let pending: { requestId: string; bet: number } | null = null;

  const render = () => deps.render(state);

  async function spin(): Promise<void> {
    const bet = levels[state.betIndex];
    if (bet === undefined) return;
    const requestId = pending && pending.bet === bet ? pending.requestId : deps.newRequestId();
    pending = { requestId, bet };
    Object.assign(state, { phase: 'requesting', error: null, roundTotal: null, awarded: 0 });
    render();

    let round: SpinRound;
    try {
      round = await deps.api.spin({ ticket: deps.ticket, bet, requestId });
    } catch (e) {
      const kind = e instanceof StudioError ? e.kind : 'generic';
      // Only a network failure leaves the outcome unknown; any answer of the server is final.
      if (kind !== 'network') pending = null;
      Object.assign(state, { phase: 'idle', error: kind });
      render();
      return;
    }
    pending = null;
    await play(round);
  }

  async function play(round: SpinRound): Promise<void> {
    Object.assign(state, {
      phase: 'revealing',
      balance: round.balance - round.totalWin,
      win: 0,
      free: null,
    });
    render();
    let freeNo = 0;
    let freeWon = 0;
    // Awards beyond the round's cap are not played; the counter never promises more than will come.
    const freeInRound = round.spins.filter((s) => s.free).length;
    const totalOf = (won: number) => Math.min(Math.max(won, freeNo), freeInRound);
    for (const [index, s] of round.spins.entries()) {
      if (s.free) freeNo += 1;
      const free = s.free ? { n: freeNo, total: totalOf(freeWon), multiplier: s.multiplier } : null;
      Object.assign(state, { free, awarded: 0 });
      render();
      await deps.reveal(s, { index, free });
      freeWon += s.freeSpinsAwarded;
      Object.assign(state, {
        spin: s,
        win: state.win + s.win,
        balance: state.balance + s.win,
        awarded: s.freeSpinsAwarded,
        free: free && { ...free, total: totalOf(freeWon) },
      });
      render();
    }
    Object.assign(state, {
      phase: 'idle',
      balance: round.balance,
      win: round.totalWin,
      free: null,
      roundTotal: round.spins.length > 1 ? round.totalWin : null,
    });
    render();
  }

  return {
    state,
    async press() {
      if (state.phase === 'revealing') return deps.skipReveal();
      if (state.phase === 'requesting') return;
      await spin();
    },
    changeBet(delta) {
      this.setBetIndex(state.betIndex + delta);
    },
    setBetIndex(index) {
      if (state.phase !== 'idle') return;
      const next = Math.min(Math.max(index, 0), levels.length - 1);
      if (next === state.betIndex) return;
      // A new bet is a new request: a remembered failed one is not repeated with another body.
      Object.assign(state, {
        betIndex: next,
        error: state.error === 'insufficient' || state.error === 'bet' ? null : state.error,
      });
      render();
    },
  };
}
