import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue, translator, type Translate } from '../i18n/i18n.ts';
import { sessionFixture } from '../testing/fixtures.ts';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import my from './i18n/my.json';
import th from './i18n/th.json';
import vi_ from './i18n/vi.json';
import { bigRoad, cardText, compact, handTotal, mount, roundWin, tableKey } from './page.ts';

const TICKET = 'ROYAL-abcdefghijklmnopqrstuvwxyz012345';
let t: Translate;
let page: { destroy(): void } | null = null;
beforeAll(async () => {
  t = translator(await loadCatalogue('en'));
});
afterEach(() => {
  page?.destroy();
  page = null;
  document.body.replaceChildren();
  vi.useRealTimers();
});

const TABLES = {
  tables: [
    {
      id: 'bac-a',
      code: 'A',
      minBet: 1000,
      maxBet: 500000,
      chips: [1000, 5000, 10000, 50000, 100000, 500000],
    },
    {
      id: 'bac-b',
      code: 'B',
      minBet: 10000,
      maxBet: 2000000,
      chips: [10000, 50000, 100000, 500000, 1000000],
    },
  ],
  returns: { player: 2, banker: 1.95, tie: 9, playerPair: 12, bankerPair: 12 },
  bettingSeconds: 15,
};

function stateOf(over: Record<string, unknown> = {}) {
  return {
    table: TABLES.tables[0],
    round: {
      id: 'round-0001',
      seq: 7,
      phase: 'betting',
      msLeft: 12000,
      cardMs: 1000,
      dealtMs: 0,
      playerCards: [],
      bankerCards: [],
      order: [],
      result: null,
    },
    myBets: [],
    road: [
      {
        roundId: 'r5',
        seq: 5,
        winner: 'banker',
        playerTotal: 3,
        bankerTotal: 7,
        pairs: { player: false, banker: true },
      },
      {
        roundId: 'r6',
        seq: 6,
        winner: 'tie',
        playerTotal: 5,
        bankerTotal: 5,
        pairs: { player: false, banker: false },
      },
    ],
    balance: 100000,
    ...over,
  };
}

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, message: string, code = 'CONFLICT') =>
  new Response(JSON.stringify({ success: false, message, code }), { status });

async function mountPage(fetchImpl: typeof fetch) {
  const root = document.createElement('main');
  root.className = 'app';
  document.body.append(root);
  page = await mount({
    root,
    session: sessionFixture({
      game: {
        id: 9,
        code: 'ROYAL_BACCARAT',
        name: 'Royal Live Baccarat',
        vassalage: 'ROYAL',
        family: null,
        kind: 'baccarat',
      },
      mode: 'real',
      lobbyUrl: '/live',
    }),
    ticket: TICKET,
    t,
    lang: 'en',
    fetchImpl,
    newRequestId: () => 'req-00000001',
    reducedMotion: true,
    soon: () => undefined,
  });
  return root;
}

describe('baccarat page', () => {
  it('has the same keys in all five languages', () => {
    const keys = Object.keys(en).sort();
    for (const c of [my, cn, th, vi_]) expect(Object.keys(c).sort()).toEqual(keys);
  });

  it('helpers: card faces, totals, chip faces, the round win, keys', () => {
    expect(cardText('TD')).toBe('10♦');
    expect(cardText('AS')).toBe('A♠');
    expect(handTotal(['9S', '8H'])).toBe(7);
    expect(handTotal(['KS', '5H'])).toBe(5);
    expect(compact(1000)).toBe('10');
    expect(compact(100000)).toBe('1K');
    expect(compact(500000000)).toBe('5M');
    expect(roundWin([])).toBeNull();
    expect(
      roundWin([
        { id: 'a', spots: [], stake: 1000, payout: 1950, state: 'settled' },
        { id: 'b', spots: [], stake: 500, payout: 0, state: 'settled' },
      ]),
    ).toEqual({ stake: 1500, payout: 1950 });
    expect(roundWin([{ id: 'a', spots: [], stake: 1000, payout: null, state: 'debited' }])).toBeNull();
    const key = (k: string, target: EventTarget | null = document.body) =>
      tableKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, target });
    expect(key('1')).toEqual({ kind: 'spot', spot: 'player' });
    expect(key('3')).toEqual({ kind: 'spot', spot: 'banker' });
    expect(key('ArrowRight')).toEqual({ kind: 'chip', step: 1 });
    expect(key('Enter')).toEqual({ kind: 'confirm' });
    expect(key('Enter', document.createElement('button'))).toBeNull();
    expect(key('Backspace')).toEqual({ kind: 'clear' });
    expect(key('x')).toBeNull();
  });

  it('the big road: streaks down a column, ties on the bead before, a long streak turns right', () => {
    const w = (s: string) =>
      [...s].map((c) => ({ winner: c === 'P' ? 'player' : c === 'B' ? 'banker' : 'tie' }) as const);
    expect(bigRoad(w('TBBTPPB'))).toEqual([
      { col: 0, row: 0, winner: 'banker', ties: 1 },
      { col: 0, row: 1, winner: 'banker', ties: 1 },
      { col: 1, row: 0, winner: 'player', ties: 0 },
      { col: 1, row: 1, winner: 'player', ties: 0 },
      { col: 2, row: 0, winner: 'banker', ties: 0 },
    ]);
    const dragon = bigRoad(w('PPPPPPPPB'));
    expect(dragon.map((c) => [c.col, c.row])).toEqual([
      [0, 0],
      [0, 1],
      [0, 2],
      [0, 3],
      [0, 4],
      [0, 5],
      [1, 5],
      [2, 5],
      [1, 0],
    ]);
  });

  it('shows the tables, the phase, the road; chips on spots by click and keys, then one confirmed bet', async () => {
    const calls: { url: string; body?: unknown }[] = [];
    const fetchImpl = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
      const u = String(url);
      calls.push({ url: u, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (u.startsWith('/studio/api/baccarat/tables')) return ok(TABLES);
      if (u.startsWith('/studio/api/baccarat/state')) return ok(stateOf());
      return ok({
        bet: {
          id: 'bet-1',
          spots: [{ spot: 'player', amount: 6000 }],
          stake: 6000,
          payout: null,
          state: 'debited',
        },
        balance: 94000,
      });
    }) as unknown as typeof fetch;
    const root = await mountPage(fetchImpl);
    expect(root.querySelectorAll('.bac-table')).toHaveLength(2);
    expect(root.querySelector('.bac-table[aria-pressed="true"]')?.textContent).toContain('Table A');
    expect(root.querySelector('.bac-phase')?.textContent).toBe('Place your bets');
    expect(root.querySelectorAll('.bac-bead')).toHaveLength(2);
    expect(root.querySelectorAll('.bac-big-cell')).toHaveLength(1);
    expect(root.querySelector('.bac-bead')?.getAttribute('aria-label')).toBe(
      'Round 5: Banker 3 to 7, Banker pair',
    );
    expect(root.querySelector('.bac-big-cell')?.classList.contains('has-tie')).toBe(true);
    expect(root.querySelector('.bac-road-counts')?.textContent).toBe('Banker 1 · Player 0 · Tie 1');
    expect(root.textContent).toContain('1,000.00 MMK');

    // Chip 10 on Player by click, then the next chip (50) by the arrow key and key 1 (Player).
    (root.querySelector('[data-spot="player"]') as HTMLButtonElement).click();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    document.dispatchEvent(new KeyboardEvent('keydown', { key: '1', bubbles: true }));
    const confirm = root.querySelector('.bac-confirm') as HTMLButtonElement;
    expect(confirm.textContent).toBe('Confirm 60.00');
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    await vi.waitFor(() =>
      expect(root.querySelector('.bac-note')?.textContent).toBe('Bet placed: 60.00 MMK'),
    );
    const post = calls.find((c) => c.url === '/studio/api/baccarat/bet');
    expect(post?.body).toEqual({
      ticket: TICKET,
      table: 'bac-a',
      roundId: 'round-0001',
      spots: [{ spot: 'player', amount: 6000 }],
      requestId: 'req-00000001',
    });
    expect(root.textContent).toContain('940.00 MMK');
  });

  it('a bet after the close shows the server’s betting_closed text and takes the chips back', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.startsWith('/studio/api/baccarat/tables')) return ok(TABLES);
      if (u.startsWith('/studio/api/baccarat/state')) return ok(stateOf());
      return fail(409, 'games.errors.betting_closed');
    }) as unknown as typeof fetch;
    const root = await mountPage(fetchImpl);
    (root.querySelector('[data-spot="tie"]') as HTMLButtonElement).click();
    (root.querySelector('.bac-confirm') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(root.querySelector('.error')?.textContent).toBe(
        'Betting has closed for this round. Place your bet in the next round.',
      ),
    );
    expect((root.querySelector('.bac-confirm') as HTMLButtonElement).textContent).toBe('Confirm bet');
  });

  it('a bet over the member’s loss limit shows the limit text, not the generic one', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.startsWith('/studio/api/baccarat/tables')) return ok(TABLES);
      if (u.startsWith('/studio/api/baccarat/state')) return ok(stateOf());
      return new Response(
        JSON.stringify({
          success: false,
          code: 'UNPROCESSABLE',
          message: 'protection.errors.loss_limit',
          value: { kind: 'loss', period: 'week', limit: 5_000, used: 4_500 },
        }),
        { status: 422 },
      );
    }) as unknown as typeof fetch;
    const root = await mountPage(fetchImpl);
    (root.querySelector('[data-spot="player"]') as HTMLButtonElement).click();
    (root.querySelector('.bac-confirm') as HTMLButtonElement).click();
    await vi.waitFor(() =>
      expect(root.querySelector('.error')?.textContent).toBe(
        'This bet would go over your wager or loss limit. You can see your limits under Responsible gaming in the member centre.',
      ),
    );
  });

  it('dealing and result: the cards, the winner and my win', async () => {
    const fetchImpl = vi.fn(async (url: RequestInfo | URL) => {
      const u = String(url);
      if (u.startsWith('/studio/api/baccarat/tables')) return ok(TABLES);
      return ok(
        stateOf({
          round: {
            id: 'round-0001',
            seq: 7,
            phase: 'result',
            msLeft: 4000,
            cardMs: 1000,
            dealtMs: 5000,
            playerCards: ['KS', '5H'],
            bankerCards: ['9D', '8C'],
            order: ['P', 'B', 'P', 'B'],
            result: {
              winner: 'banker',
              playerTotal: 5,
              bankerTotal: 7,
              pairs: { player: false, banker: false },
            },
          },
          myBets: [
            {
              id: 'b',
              spots: [{ spot: 'banker', amount: 1000 }],
              stake: 1000,
              payout: 1950,
              state: 'settled',
            },
          ],
        }),
      );
    }) as unknown as typeof fetch;
    const root = await mountPage(fetchImpl);
    expect([...root.querySelectorAll('.bac-card')].map((c) => c.textContent)).toEqual([
      'K♠',
      '5♥',
      '9♦',
      '8♣',
    ]);
    expect(root.querySelector('.bac-hand.is-banker')?.classList.contains('is-winner')).toBe(true);
    expect(root.querySelector('.bac-result')?.textContent).toBe('Banker wins 7 to 5 · You win 19.50 MMK');
    expect(root.querySelector('.win-value')?.textContent).toBe('19.50 MMK');
    expect(
      (root.querySelector('[data-spot="banker"]') as HTMLButtonElement).classList.contains('is-won'),
    ).toBe(true);
  });
});
