import { describe, expect, it, vi } from 'vitest';
import { createApi, StudioError, type StudioErrorKind } from './api.ts';
import { jsonResponse, roundFixture, sessionFixture, spinFixture } from './testing/fixtures.ts';

const TICKET = 'abcdefghijklmnopqrstuvwxyz012345';

async function kindOf(p: Promise<unknown>): Promise<StudioErrorKind> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(StudioError);
    return (e as StudioError).kind;
  }
  throw new Error('expected a StudioError');
}

describe('studio api', () => {
  it('asks for the session by ticket (same origin) and checks it against the contract', async () => {
    const session = sessionFixture();
    const fetchMock = vi.fn(async () => jsonResponse(200, { success: true, value: session }));
    const api = createApi(fetchMock);
    await expect(api.session(TICKET)).resolves.toEqual(session);
    expect(fetchMock).toHaveBeenCalledWith(
      `/studio/api/session?ticket=${TICKET}`,
      expect.objectContaining({ method: 'GET', credentials: 'same-origin' }),
    );
  });

  it('posts a spin with ticket, bet and requestId', async () => {
    const round = roundFixture([spinFixture()]);
    const fetchMock = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(200, { success: true, value: round }),
    );
    const api = createApi(fetchMock);
    await expect(api.spin({ ticket: TICKET, bet: 2000, requestId: 'req-12345678' })).resolves.toEqual(round);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/studio/api/spin');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: TICKET, bet: 2000, requestId: 'req-12345678' });
  });

  it.each([
    [
      422,
      { success: false, code: 'UNPROCESSABLE', message: 'money.errors.insufficient_balance' },
      'insufficient',
    ],
    [400, { success: false, code: 'BAD_REQUEST', message: 'games.errors.ticket_invalid' }, 'ticket'],
    [401, { success: false, code: 'UNAUTHORIZED', message: 'games.errors.ticket_expired' }, 'ticket'],
    [400, { success: false, code: 'BAD_REQUEST', message: 'games.errors.bet_invalid' }, 'bet'],
    [503, { success: false, code: 'MAINTENANCE', message: 'games.errors.game_maintenance' }, 'maintenance'],
    [429, { success: false, code: 'RATE_LIMITED', message: 'errors.too_many_requests' }, 'busy'],
    [409, { success: false, code: 'CONFLICT', message: 'money.errors.idempotency_conflict' }, 'generic'],
    [500, { success: false, code: 'INTERNAL', message: 'errors.system_error' }, 'generic'],
    // Player protection (issue 10): the refusal's value holds the limit's figures, not a round.
    [
      422,
      {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'protection.errors.wager_limit',
        value: { kind: 'wager', period: 'day', limit: 1_000, used: 0 },
      },
      'limit',
    ],
    [
      422,
      {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'protection.errors.loss_limit',
        value: { kind: 'loss', period: 'week', limit: 50_000, used: 49_000 },
      },
      'limit',
    ],
    // A time-out or self-exclusion ends play like an ended session.
    [
      403,
      {
        success: false,
        code: 'FORBIDDEN',
        message: 'errors.timed_out',
        value: { until: '2026-05-01T00:00:00.000Z' },
      },
      'ticket',
    ],
    [
      403,
      { success: false, code: 'FORBIDDEN', message: 'errors.self_excluded', value: { until: null } },
      'ticket',
    ],
  ] as const)('maps a %i envelope to %j → %s', async (status, body, kind) => {
    const api = createApi(async () => jsonResponse(status, body));
    expect(await kindOf(api.spin({ ticket: TICKET, bet: 2000, requestId: 'req-12345678' }))).toBe(kind);
  });

  it('keeps the server’s message key of a refusal that carries a value', async () => {
    const api = createApi(async () =>
      jsonResponse(422, {
        success: false,
        code: 'UNPROCESSABLE',
        message: 'protection.errors.loss_limit',
        value: { kind: 'loss', period: 'day', limit: 1_000, used: 900 },
      }),
    );
    const err = await api
      .spin({ ticket: TICKET, bet: 2000, requestId: 'req-12345678' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'limit', status: 422, serverKey: 'protection.errors.loss_limit' });
  });

  it('maps a refusal by its status when its body holds no message', async () => {
    const api = createApi(async () => jsonResponse(401, { success: false }));
    expect(await kindOf(api.session(TICKET))).toBe('ticket');
    const odd = createApi(async () => jsonResponse(422, { success: false, code: 'NOT_A_CODE' }));
    expect(await kindOf(odd.session(TICKET))).toBe('generic');
  });

  it('calls a failed fetch or a gateway page a network failure', async () => {
    const offline = createApi(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await kindOf(offline.spin({ ticket: TICKET, bet: 2000, requestId: 'req-12345678' }))).toBe(
      'network',
    );
    const gateway = createApi(async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(await kindOf(gateway.session(TICKET))).toBe('network');
  });

  it('refuses an answer that breaks the contract', async () => {
    const api = createApi(async () => jsonResponse(200, { success: true, value: { balance: 'lots' } }));
    expect(await kindOf(api.session(TICKET))).toBe('generic');
    const noValue = createApi(async () => jsonResponse(200, { success: true }));
    expect(await kindOf(noValue.session(TICKET))).toBe('generic');
  });
});
