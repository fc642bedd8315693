import { envelope, errorEnvelopeSchema, studioSession, studioSpin, type ResponseOf } from '@app/contracts';

/** What the page knows of its launch (GET /studio/api/session). */
export type StudioSession = ResponseOf<typeof studioSession>;
/** One round: the bet, every spin it awarded, the win, the balance after (POST /studio/api/spin). */
export type SpinRound = ResponseOf<typeof studioSpin>;
export type Spin = SpinRound['spins'][number];

/**
 * What went wrong, as the player needs to hear it. `network` is the only kind after which the same
 * request may be sent again (the server may or may not have played it; the requestId makes a
 * repeat answer the same round). `limit`: the stake would go over the member's wager or loss limit
 * (player protection, issue 10); a lower stake may still pass.
 */
export type StudioErrorKind =
  'insufficient' | 'limit' | 'ticket' | 'network' | 'maintenance' | 'bet' | 'busy' | 'generic';

/** Player protection's refusals of a stake over a limit (422; a deposit limit cannot come here). */
const LIMIT_KEYS: ReadonlySet<string> = new Set([
  'protection.errors.wager_limit',
  'protection.errors.loss_limit',
  'protection.errors.deposit_limit',
]);
/**
 * A member under time-out or self-exclusion (403): no stake can pass until it ends and the member's
 * sessions were ended with it, so the page treats it as the end of its session (`ticket`: play
 * stops, no retry; the site's login then says why).
 */
const EXCLUSION_KEYS: ReadonlySet<string> = new Set(['errors.timed_out', 'errors.self_excluded']);

export class StudioError extends Error {
  constructor(
    readonly kind: StudioErrorKind,
    readonly status = 0,
    /** The server's message key, when it sent one. */
    readonly serverKey?: string,
  ) {
    super(serverKey ?? kind);
    this.name = 'StudioError';
  }
}

/** The server's message keys (and codes) → what the page says. */
export function errorKindOf(
  status: number,
  message: string | undefined,
  code: string | undefined,
): StudioErrorKind {
  const key = message ?? '';
  if (key === 'money.errors.insufficient_balance') return 'insufficient';
  if (LIMIT_KEYS.has(key)) return 'limit';
  if (EXCLUSION_KEYS.has(key)) return 'ticket';
  if (key.startsWith('games.errors.ticket')) return 'ticket';
  if (key === 'games.errors.bet_invalid') return 'bet';
  if (key === 'games.errors.game_maintenance' || code === 'MAINTENANCE') return 'maintenance';
  if (code === 'RATE_LIMITED' || status === 429) return 'busy';
  if (code === 'UNAUTHORIZED' || status === 401) return 'ticket';
  return 'generic';
}

const sessionEnvelope = envelope(studioSession.response);
const spinEnvelope = envelope(studioSpin.response);

export interface StudioApi {
  session(ticket: string): Promise<StudioSession>;
  spin(input: { ticket: string; bet: number; requestId: string }): Promise<SpinRound>;
}

export type Fetch = typeof fetch;

/**
 * One call of a studio page, same origin, checked against the contract (every page of the studio
 * calls through this: slots here, the tables of issue 6 in their folders).
 */
export async function callStudio<T>(
  fetchImpl: Fetch,
  url: string,
  init: RequestInit,
  schema: {
    safeParse(
      v: unknown,
    ):
      | { success: true; data: { success: boolean; value?: T; message?: string; code?: string } }
      | { success: false };
  },
): Promise<T> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...init.headers },
    });
  } catch {
    throw new StudioError('network');
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    // Not our envelope: a proxy's error page or a cut connection.
    throw new StudioError(res.status >= 500 || res.status === 0 ? 'network' : 'generic', res.status);
  }
  if (!res.ok || (typeof body === 'object' && body !== null && 'success' in body && !body.success)) {
    // A refusal's value is the error's detail (a limit refusal's figures, a time-out's end), not
    // the call's answer: it is read against the error envelope, not the call's own schema.
    const refusal = errorEnvelopeSchema.safeParse(body);
    if (!refusal.success) throw new StudioError('generic', res.status);
    const { message, code } = refusal.data;
    throw new StudioError(errorKindOf(res.status, message, code), res.status, message);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new StudioError('generic', res.status);
  const env = parsed.data;
  if (!env.success || env.value === undefined) {
    throw new StudioError(errorKindOf(res.status, env.message, env.code), res.status, env.message);
  }
  return env.value;
}

/**
 * The page's two calls, same origin, checked against the contract. A failure to reach the server
 * (or a gateway's answer that is not ours) is `network`; an envelope with success false is mapped
 * by its message key; an answer that breaks the contract is `generic`.
 */
export function createApi(fetchImpl: Fetch = (...args) => fetch(...args)): StudioApi {
  return {
    session: (ticket) =>
      callStudio(
        fetchImpl,
        `${studioSession.path}?${new URLSearchParams({ ticket })}`,
        { method: 'GET' },
        sessionEnvelope,
      ),
    spin: (input) =>
      callStudio(
        fetchImpl,
        studioSpin.path,
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) },
        spinEnvelope,
      ),
  };
}
