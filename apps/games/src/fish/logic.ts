import type { FishShot } from '@app/contracts';
import { StudioError, type StudioErrorKind } from '../api.ts';

/**
 * The fish page's logic that is not drawing (issue 6): the bet per shot, the keys, and the shot
 * queue — what the page may fire, how hits travel to the server in batches, and what the balance
 * shows meanwhile.
 *
 * Batching: a bullet that hits a fish becomes a shot; shots wait in the queue while a request is
 * out, and the next request carries every waiting shot (at most `maxPerRequest`, the server's 10):
 * one request is one round on the server (one debit of its bets, one credit of its wins). One
 * request at a time, so the balance each answer brings is the latest. At most `maxUnsettled` shots
 * are unsettled (bullets flying + shots waiting or sent): the cannon waits beyond that.
 */

// ---------------------------------------------------------------------------------------------
// Bet per shot

export interface BetSelector {
  readonly levels: readonly number[];
  index: number;
  readonly bet: number;
  /** Moves up (+1) or down (−1) within the levels; false at an end. */
  step(dir: 1 | -1): boolean;
  canStep(dir: 1 | -1): boolean;
}

/** Starts at the highest level the balance covers 20 shots of (the lowest when none). */
export function createBetSelector(levels: readonly number[], balance: number): BetSelector {
  if (levels.length === 0) throw new Error('no bet levels');
  let start = 0;
  for (let i = 0; i < levels.length; i++) if (levels[i]! * 20 <= balance) start = i;
  const sel: BetSelector = {
    levels,
    index: Math.min(start, 2),
    get bet() {
      return levels[sel.index]!;
    },
    canStep(dir) {
      const next = sel.index + dir;
      return next >= 0 && next < levels.length;
    },
    step(dir) {
      if (!sel.canStep(dir)) return false;
      sel.index += dir;
      return true;
    },
  };
  return sel;
}

// ---------------------------------------------------------------------------------------------
// Keys

export type FishKeyAction = 'aimLeft' | 'aimRight' | 'fire' | 'betUp' | 'betDown' | 'auto' | null;

export interface FishKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  altKey?: boolean;
  target?: EventTarget | null;
}

/** Elements that handle Space and Enter themselves (a focused button clicks, a link opens). */
function activatesItself(target: EventTarget | null | undefined): boolean {
  if (!target || typeof (target as Element).closest !== 'function') return false;
  return (target as Element).closest('button, a[href], input, select, textarea, [role="button"]') !== null;
}

/**
 * ← → rotate the cannon (held: keeps turning), Space or Enter fire (held: keeps firing at the
 * cannon's rate), ↑ ↓ or + − change the bet, A toggles auto-fire. A focused control keeps Space
 * and Enter; a modifier key leaves the browser's shortcuts alone.
 */
export function fishKeyAction(e: FishKey): FishKeyAction {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  switch (e.key) {
    case 'ArrowLeft':
      return 'aimLeft';
    case 'ArrowRight':
      return 'aimRight';
    case ' ':
    case 'Spacebar':
    case 'Enter':
      return activatesItself(e.target) ? null : 'fire';
    case 'ArrowUp':
    case '+':
    case '=':
      return 'betUp';
    case 'ArrowDown':
    case '-':
    case '_':
      return 'betDown';
    case 'a':
    case 'A':
      return 'auto';
    default:
      return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Shots

export interface ShotRequest {
  fishId: number;
  species: string;
  bet: number;
}

export interface RoundAnswer {
  roundId: string;
  shots: FishShot[];
  bet: number;
  win: number;
  balance: number;
}

export interface ShotQueueOptions {
  balance: number;
  send(input: { requestId: string; shots: ShotRequest[] }): Promise<RoundAnswer>;
  newRequestId(): string;
  /** Each shot of an answer (caught or not), in order. */
  onShot(shot: FishShot): void;
  /** The balance shown changed (confirmed − what is staked and unsettled). */
  onBalance(shown: number): void;
  onError(kind: StudioErrorKind, serverKey?: string): void;
  maxUnsettled?: number;
  maxPerRequest?: number;
  /** A request that did not reach the server is sent again (same requestId) this many times. */
  retries?: number;
  /** Waits before a retry (tests pass an immediate one). */
  wait?: (ms: number) => Promise<void>;
}

export const MAX_UNSETTLED_SHOTS = 5;

export interface ShotQueue {
  /** The server's balance after the last answer. */
  readonly confirmed: number;
  /** Bets of bullets flying, shots waiting and shots sent. */
  readonly reserved: number;
  /** What the page shows: confirmed − reserved. */
  readonly shown: number;
  readonly unsettled: number;
  readonly inFlight: boolean;
  /** Whether a bullet of `bet` may leave the cannon now (room and money). */
  canFire(bet: number): 'ok' | 'busy' | 'insufficient';
  /** A bullet left the cannon (reserves its bet). */
  fired(bet: number): void;
  /** A bullet left the tank without hitting anything: nothing is charged. */
  expired(bet: number): void;
  /** A bullet hit a fish: the shot joins the next request. */
  hit(shot: ShotRequest): void;
  /** Resolves when nothing waits or is out (tests, leaving the page). */
  idle(): Promise<void>;
  /** Takes a balance from elsewhere (a refresh after an error). */
  setConfirmed(balance: number): void;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export function createShotQueue(o: ShotQueueOptions): ShotQueue {
  const maxUnsettled = o.maxUnsettled ?? MAX_UNSETTLED_SHOTS;
  const maxPerRequest = o.maxPerRequest ?? 10;
  const retries = o.retries ?? 2;
  const wait = o.wait ?? sleep;
  let confirmed = o.balance;
  let reserved = 0;
  let flying = 0;
  let sent = 0;
  const waiting: ShotRequest[] = [];
  let inFlight = false;
  let idleWaiters: (() => void)[] = [];

  const shown = () => confirmed - reserved;
  const changed = () => o.onBalance(shown());
  const settleIdle = () => {
    if (inFlight || waiting.length > 0) return;
    const w = idleWaiters;
    idleWaiters = [];
    w.forEach((f) => f());
  };

  async function flush(): Promise<void> {
    if (inFlight || waiting.length === 0) return;
    inFlight = true;
    const batch = waiting.splice(0, maxPerRequest);
    sent = batch.length;
    const stake = batch.reduce((a, s) => a + s.bet, 0);
    const requestId = o.newRequestId();
    let answer: RoundAnswer | null = null;
    let failure: StudioError | null = null;
    for (let attempt = 0; attempt <= retries; attempt++) {
      try {
        answer = await o.send({ requestId, shots: batch });
        break;
      } catch (e) {
        failure = e instanceof StudioError ? e : new StudioError('generic');
        if (failure.kind !== 'network' || attempt === retries) break;
        await wait(400 * (attempt + 1));
      }
    }
    reserved -= stake;
    sent = 0;
    inFlight = false;
    if (answer) {
      confirmed = answer.balance;
      for (const s of answer.shots) o.onShot(s);
    } else {
      o.onError(failure?.kind ?? 'generic', failure?.serverKey);
    }
    changed();
    if (waiting.length > 0) void flush();
    else settleIdle();
  }

  return {
    get confirmed() {
      return confirmed;
    },
    get reserved() {
      return reserved;
    },
    get shown() {
      return shown();
    },
    get unsettled() {
      return flying + waiting.length + sent;
    },
    get inFlight() {
      return inFlight;
    },
    canFire(bet) {
      if (flying + waiting.length + sent >= maxUnsettled) return 'busy';
      if (shown() < bet) return 'insufficient';
      return 'ok';
    },
    fired(bet) {
      flying++;
      reserved += bet;
      changed();
    },
    expired(bet) {
      flying = Math.max(0, flying - 1);
      reserved -= bet;
      changed();
    },
    hit(shot) {
      flying = Math.max(0, flying - 1);
      waiting.push(shot);
      void flush();
    },
    idle() {
      if (!inFlight && waiting.length === 0) return Promise.resolve();
      return new Promise((r) => idleWaiters.push(r));
    },
    setConfirmed(balance) {
      confirmed = balance;
      changed();
    },
  };
}
