import type { SportsEvent, SportsSlip } from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionFixture } from '../testing/fixtures.ts';
import en from './i18n/en.json';
import my from './i18n/my.json';
import cn from './i18n/cn.json';
import th from './i18n/th.json';
import vi_ from './i18n/vi.json';
import { formatLine, formatOdds, parlayValid, parseStake, potentialReturn } from './logic.ts';
import { mount } from './page.ts';

describe('sportsbook logic', () => {
  it('formats odds as decimal, Hong Kong and fractional', () => {
    expect(formatOdds(1950, 'decimal')).toBe('1.95');
    expect(formatOdds(1950, 'hongkong')).toBe('0.95');
    expect(formatOdds(1950, 'fractional')).toBe('19/20');
    expect(formatOdds(3000, 'fractional')).toBe('2/1');
    expect(formatOdds(2500, 'fractional')).toBe('3/2');
  });

  it('formats lines and parses stakes in major units', () => {
    expect(formatLine(-150, true)).toBe('-1.5');
    expect(formatLine(150, true)).toBe('+1.5');
    expect(formatLine(0, true)).toBe('0');
    expect(formatLine(-100, true)).toBe('-1');
    expect(formatLine(250, false)).toBe('2.5');
    expect(parseStake('10')).toBe(1000);
    expect(parseStake('10.5')).toBe(1050);
    expect(parseStake('1,000.25')).toBe(100025);
    expect(parseStake('1.234')).toBeNull();
    expect(parseStake('abc')).toBeNull();
  });

  it('potential return is rounded down like the server; parlays need different events', () => {
    expect(potentialReturn(333, [1950])).toBe(649);
    expect(potentialReturn(777, [1910, 2370])).toBe(3517);
    expect(parlayValid([{ selectionId: 1, eventId: 1, odds: 2000 }])).toBe(false);
    expect(
      parlayValid([
        { selectionId: 1, eventId: 1, odds: 2000 },
        { selectionId: 2, eventId: 1, odds: 2000 },
      ]),
    ).toBe(false);
    expect(
      parlayValid([
        { selectionId: 1, eventId: 1, odds: 2000 },
        { selectionId: 4, eventId: 2, odds: 2000 },
      ]),
    ).toBe(true);
  });

  it('every language has the same keys and placeholders as English', () => {
    const ph = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort().join();
    for (const cat of [my, cn, th, vi_] as Record<string, string>[]) {
      expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
      for (const [k, v] of Object.entries(en)) expect(ph(cat[k]!), k).toBe(ph(v));
    }
  });
});

const event = (id: number, sport: SportsEvent['sport'], home: string, away: string): SportsEvent => ({
  id,
  sport,
  league: 'Premier League',
  home,
  away,
  startsAt: new Date(Date.now() + 3_600_000).toISOString(),
  status: 'scheduled',
  markets: [
    {
      id: id * 10,
      kind: '1x2',
      line: null,
      status: 'open',
      selections: [
        { id: id * 100 + 1, code: 'home', odds: 1950, version: 1 },
        { id: id * 100 + 2, code: 'draw', odds: 3400, version: 1 },
        { id: id * 100 + 3, code: 'away', odds: 4100, version: 1 },
      ],
    },
    {
      id: id * 10 + 1,
      kind: 'handicap',
      line: -50,
      status: 'open',
      selections: [
        { id: id * 100 + 4, code: 'home', odds: 1950, version: 1 },
        { id: id * 100 + 5, code: 'away', odds: 1900, version: 1 },
      ],
    },
    {
      id: id * 10 + 2,
      kind: 'total',
      line: 250,
      status: 'suspended',
      selections: [
        { id: id * 100 + 6, code: 'over', odds: 1900, version: 1 },
        { id: id * 100 + 7, code: 'under', odds: 1950, version: 1 },
      ],
    },
  ],
});

const board = {
  category: 'sports',
  sports: ['football', 'basketball', 'tennis'],
  events: [event(1, 'football', 'Arsenal', 'Chelsea'), event(2, 'football', 'Everton', 'Liverpool')],
  limits: { minStake: 100, maxStake: 5_000_000, presets: [1000, 5000, 10000, 50000] },
  balance: 100_000,
};

const ok = (value: unknown) => new Response(JSON.stringify({ success: true, value }), { status: 200 });
const fail = (status: number, message: string, value?: unknown) =>
  new Response(JSON.stringify({ success: false, message, code: 'CONFLICT', value }), { status });

function slipOf(stake: number, odds: number): SportsSlip {
  return {
    id: 'slip1',
    type: 'single',
    stake,
    odds,
    potentialReturn: Math.floor((stake * odds) / 1000),
    payout: null,
    state: 'open',
    createdAt: new Date().toISOString(),
    settledAt: null,
    legs: [],
  };
}

async function mountWith(fetchImpl: typeof fetch) {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  const page = await mount({
    root,
    session: sessionFixture({
      game: {
        id: 7,
        code: 'ARENA_SPORTSBOOK',
        name: 'Arena Sports Sportsbook',
        vassalage: 'ARENA',
        family: null,
        kind: 'sports',
      },
      mode: 'real',
      lobbyUrl: '/sports',
    }),
    ticket: 'ARENA-abcdefghijklmnopqrstuvwxyz',
    t: (k) => k,
    lang: 'en',
    fetchImpl,
    newRequestId: () => 'req12345678',
    reducedMotion: true,
    soon: () => undefined,
  });
  return { root, page };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('sportsbook page', () => {
  afterEach(() => {
    localStorage.clear();
  });

  it('shows sport tabs, leagues and event rows with odds; a suspended market cannot be picked', async () => {
    const fetchImpl = vi.fn(async () => ok(board));
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    expect([...root.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
      'Football2',
      'Basketball0',
      'Tennis0',
    ]);
    expect(root.querySelector('.sb-league-name')!.textContent).toBe('Premier League');
    const row = root.querySelector('[data-event-id="1"]')!;
    expect(row.getAttribute('aria-label')).toBe('Arsenal v Chelsea');
    const home = row.querySelector<HTMLButtonElement>('[data-selection="101"]')!;
    expect(home.getAttribute('aria-label')).toBe('Arsenal v Chelsea, 1X2: Arsenal, odds 1.95');
    expect(row.querySelector<HTMLButtonElement>('[data-selection="106"]')!.disabled).toBe(true);
    page.destroy();
  });

  it('adds a pick, takes a preset stake, shows the potential return and places a single', async () => {
    const calls: { url: string; body?: unknown }[] = [];
    const fetchImpl = vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/studio/api/sports/bet'))
        return ok({ slips: [slipOf(1000, 1950)], balance: 99_000 });
      return ok(board);
    });
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    root.querySelector<HTMLButtonElement>('[data-selection="101"]')!.click();
    expect(root.querySelector('[data-selection="101"]')!.getAttribute('aria-pressed')).toBe('true');
    [...root.querySelectorAll<HTMLButtonElement>('.sb-preset')][0]!.click();
    expect(root.querySelector('[data-figure="slip.potential"]')!.textContent).toBe('19.50 MMK');
    root.querySelector<HTMLButtonElement>('.sb-place')!.click();
    await flush();
    await flush();
    const placed = calls.find((c) => c.url === '/studio/api/sports/bet')!;
    expect(placed.body).toEqual({
      ticket: 'ARENA-abcdefghijklmnopqrstuvwxyz',
      requestId: 'req12345678',
      type: 'single',
      stake: 1000,
      legs: [{ selectionId: 101, odds: 1950 }],
      acceptOdds: 'none',
    });
    expect(root.querySelector('.sb-slip-status')!.textContent).toBe(
      'Bet placed — good luck! Return if it wins: 19.50 MMK.',
    );
    expect(root.querySelector('.sb-balance-value')!.textContent).toBe('990.00 MMK');
    page.destroy();
  });

  it('odds changed: the refusal is explained and the slip takes the new odds (old ones crossed out)', async () => {
    const moved = structuredClone(board);
    moved.events[0]!.markets[0]!.selections[0]!.odds = 1800;
    let boards = 0;
    const fetchImpl = vi.fn(async (url: string) => {
      if (url.startsWith('/studio/api/sports/bet')) return fail(409, 'games.errors.odds_changed');
      boards++;
      return ok(boards === 1 ? board : moved);
    });
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    root.querySelector<HTMLButtonElement>('[data-selection="101"]')!.click();
    const stake = root.querySelector<HTMLInputElement>('.sb-stake')!;
    stake.value = '10';
    stake.dispatchEvent(new Event('input'));
    root.querySelector<HTMLButtonElement>('.sb-place')!.click();
    await flush();
    await flush();
    await flush();
    expect(root.querySelector('.sb-slip-status')!.textContent).toBe(en['error.odds_changed']);
    const pick = root.querySelector('.sb-pick')!;
    expect(pick.classList.contains('changed')).toBe(true);
    expect(pick.querySelector('.sb-pick-odds')!.textContent).toBe('1.951.80');
    page.destroy();
  });

  it('a stake over the member’s loss limit is explained with the limit text', async () => {
    const fetchImpl = vi.fn(async (url: string) => {
      if (url.startsWith('/studio/api/sports/bet'))
        return new Response(
          JSON.stringify({
            success: false,
            code: 'UNPROCESSABLE',
            message: 'protection.errors.loss_limit',
            value: { kind: 'loss', period: 'day', limit: 500, used: 0 },
          }),
          { status: 422 },
        );
      return ok(board);
    });
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    root.querySelector<HTMLButtonElement>('[data-selection="101"]')!.click();
    const stake = root.querySelector<HTMLInputElement>('.sb-stake')!;
    stake.value = '10';
    stake.dispatchEvent(new Event('input'));
    root.querySelector<HTMLButtonElement>('.sb-place')!.click();
    await flush();
    await flush();
    await flush();
    expect(root.querySelector('.sb-slip-status')!.textContent).toBe(en['error.limit']);
    expect(en['error.limit']).toBe(
      'This stake would go over your wager or loss limit. You can see your limits under Responsible gaming in the member centre.',
    );
    page.destroy();
  });

  it('the odds format toggle is remembered', async () => {
    const fetchImpl = vi.fn(async () => ok(board));
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    const select = root.querySelector<HTMLSelectElement>('.sb-format')!;
    select.value = 'hongkong';
    select.dispatchEvent(new Event('change'));
    expect(root.querySelector('[data-selection="101"] .sb-odds-value')!.textContent).toBe('0.95');
    expect(localStorage.getItem('studio.sports.oddsFormat')).toBe('hongkong');
    page.destroy();
  });

  it('a parlay of two picks of one event cannot be placed', async () => {
    const fetchImpl = vi.fn(async () => ok(board));
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    root.querySelector<HTMLButtonElement>('[data-selection="101"]')!.click();
    root.querySelector<HTMLButtonElement>('[data-selection="104"]')!.click();
    [...root.querySelectorAll<HTMLButtonElement>('.sb-mode')][1]!.click();
    [...root.querySelectorAll<HTMLButtonElement>('.sb-preset')][0]!.click();
    expect(root.querySelector<HTMLButtonElement>('.sb-place')!.disabled).toBe(true);
    expect(root.querySelector('.sb-hint')!.textContent).toBe(en['slip.parlayNeeds']);
    root.querySelector<HTMLButtonElement>('[data-selection="104"]')!.click();
    root.querySelector<HTMLButtonElement>('[data-selection="201"]')!.click();
    expect(root.querySelector<HTMLButtonElement>('.sb-place')!.disabled).toBe(false);
    page.destroy();
  });

  it('my bets lists open and settled slips with their legs, results and payouts', async () => {
    const settled: SportsSlip = {
      ...slipOf(1000, 1950),
      state: 'settled',
      payout: 1950,
      settledAt: new Date().toISOString(),
      legs: [
        {
          eventId: 1,
          sport: 'football',
          league: 'Premier League',
          home: 'Arsenal',
          away: 'Chelsea',
          startsAt: new Date().toISOString(),
          market: 'handicap',
          line: -150,
          selection: 'away',
          odds: 1950,
          result: '2-1',
          outcome: 'won',
        },
      ],
    };
    const fetchImpl = vi.fn(async (url: string) => {
      if (url.startsWith('/studio/api/sports/bets'))
        return ok({
          items: url.includes('status=settled') ? [settled] : [],
          page: 1,
          pageSize: 20,
          total: 1,
        });
      return ok({ ...board, balance: 101_950 });
    });
    const { root, page } = await mountWith(fetchImpl as unknown as typeof fetch);
    [...root.querySelectorAll<HTMLButtonElement>('.sb-view')][1]!.click();
    await flush();
    await flush();
    expect(root.querySelector('.sb-bets')!.textContent).toContain(en['bets.empty']);
    [...root.querySelectorAll<HTMLButtonElement>('.sb-bets-tabs [role="tab"]')][1]!.click();
    await flush();
    await flush();
    const item = root.querySelector('[data-slip="slip1"]')!;
    expect(item.textContent).toContain('Chelsea +1.5 @ 1.95');
    expect(item.textContent).toContain('Result 2-1 · Won');
    expect(item.querySelector('.sb-state')!.textContent).toBe('Won');
    expect(item.querySelector('[data-figure="payout"]')!.textContent).toBe('19.50 MMK');
    expect(root.querySelector('.sb-balance-value')!.textContent).toBe('1,019.50 MMK');
    page.destroy();
  });
});
