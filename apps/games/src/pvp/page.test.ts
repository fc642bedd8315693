import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogue, translator, type Translate } from '../i18n/i18n.ts';
import { jsonResponse, sessionFixture } from '../testing/fixtures.ts';
import cn from './i18n/cn.json';
import en from './i18n/en.json';
import my from './i18n/my.json';
import th from './i18n/th.json';
import vi_ from './i18n/vi.json';
import { cardText, mount, type PvpHand, type PvpLobby } from './page.ts';

const TICKET = 'NIU-abcdefghijklmnopqrstuvwxyz012345';
let t: Translate;
let page: { destroy(): void } | null = null;

beforeAll(async () => {
  t = translator(await loadCatalogue('en'));
});
afterEach(() => {
  page?.destroy();
  page = null;
  document.body.replaceChildren();
});

const ROOMS: PvpLobby['rooms'] = [
  { id: 1, name: 'Beginner 1', stake: 10_000, minBalance: 200_000, seats: 6, seatsTaken: 2, status: 'open' },
  { id: 2, name: 'VIP 4', stake: 1_000_000, minBalance: 20_000_000, seats: 6, seatsTaken: 6, status: 'full' },
];
const lobbyFixture = (over: Partial<PvpLobby> = {}): PvpLobby => ({
  game: 'niuniu',
  rooms: ROOMS,
  seatRoomId: null,
  defaultStakes: [],
  defaultSeats: 6,
  rakeBps: 500,
  balance: 500_000,
  ...over,
});
const seat = (i: number, result: 'win' | 'lose', rank: number) => ({
  seat: i,
  bot: i > 0,
  name: i > 0 ? `Bot ${i}` : '',
  cards: ['KS', 'QH', 'JD', '5C', '2H'],
  rank,
  result,
});
const handFixture = (win: boolean): PvpHand => ({
  handId: 'h-1',
  kind: 'pvp',
  game: 'niuniu',
  room: { id: 1, name: 'Beginner 1' },
  stake: 10_000,
  seats: Array.from({ length: 6 }, (_, i) =>
    seat(i, (win ? i === 0 : i === 3) ? 'win' : 'lose', i === 3 ? 10 : 7),
  ),
  playerRank: 7,
  profit: win ? 47_500 : -10_000,
  rake: win ? 2_500 : 0,
  payout: win ? 57_500 : 0,
  winnerSeat: win ? 0 : 3,
  balance: win ? 547_500 : 490_000,
});

type Route = (body: Record<string, unknown>) => Response;
function fakeFetch(routes: Record<string, Route | Route[]>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fn = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = String(url).split('?')[0]!;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    calls.push({ path, body });
    const r = routes[path];
    const route = Array.isArray(r) ? (r.length > 1 ? r.shift()! : r[0]!) : r;
    if (!route) return jsonResponse(404, { success: false, message: 'errors.not_found' });
    return route(body);
  });
  return { fn: fn as unknown as typeof fetch, calls };
}
const ok = (value: unknown) => () => jsonResponse(200, { success: true, value });
const fail = (status: number, message: string) => () => jsonResponse(status, { success: false, message });

async function open(routes: Record<string, Route | Route[]>, session = sessionFixture()) {
  const root = document.createElement('main');
  root.className = 'app';
  document.body.append(root);
  const f = fakeFetch(routes);
  page = await mount({
    root,
    session: {
      ...session,
      mode: 'real',
      lobbyUrl: '/pvp',
      game: { ...session.game, kind: 'pvp', name: 'Niu-Niu House Niu-Niu' },
    },
    ticket: TICKET,
    t,
    lang: 'en',
    fetchImpl: f.fn,
    newRequestId: () => 'req-00000001',
    reducedMotion: true,
    soon: () => undefined,
  });
  return { root, calls: f.calls };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const press = (key: string) =>
  document.body.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
const text = (root: HTMLElement, sel: string) => root.querySelector(sel)?.textContent ?? '';

describe('the pvp page', () => {
  it('lists the rooms with stake, minimum balance and seats taken; a full room is disabled', async () => {
    const { root } = await open({ '/studio/api/pvp/rooms': ok(lobbyFixture()) });
    const rooms = [...root.querySelectorAll<HTMLButtonElement>('.pvp-room')];
    expect(rooms).toHaveLength(2);
    expect(rooms[0]!.textContent).toContain('100.00 MMK');
    expect(rooms[0]!.textContent).toContain('2,000.00 MMK');
    expect(rooms[0]!.textContent).toContain('2/6');
    expect(rooms[0]!.disabled).toBe(false);
    expect(rooms[0]!.querySelectorAll('.pvp-dot.is-taken')).toHaveLength(2);
    expect(rooms[1]!.disabled).toBe(true);
    expect(rooms[1]!.textContent).toContain('Full');
    expect(root.querySelector('a.lobby')?.getAttribute('href')).toBe('/pvp');
  });

  it('join → the table; Deal plays a hand and shows the cards, the winner, the rake and the balance', async () => {
    const { root, calls } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture()),
      '/studio/api/pvp/join': ok({ room: { ...ROOMS[0], seatsTaken: 3 }, balance: 500_000 }),
      '/studio/api/pvp/deal': ok(handFixture(true)),
    });
    root.querySelector<HTMLButtonElement>('.pvp-room')!.click();
    await settle();
    expect(calls.at(-1)).toEqual({ path: '/studio/api/pvp/join', body: { ticket: TICKET, roomId: 1 } });
    expect(root.querySelectorAll('.pvp-seat')).toHaveLength(6);
    expect(root.querySelectorAll('.pvp-card.is-down')).toHaveLength(30);
    root.querySelector<HTMLButtonElement>('.pvp-deal')!.click();
    await settle();
    await settle();
    expect(calls.at(-1)).toEqual({
      path: '/studio/api/pvp/deal',
      body: { ticket: TICKET, requestId: 'req-00000001', roomId: 1 },
    });
    expect(root.querySelectorAll('.pvp-card.is-down')).toHaveLength(0);
    expect(root.querySelector('.pvp-seat.is-you')!.classList.contains('is-winner')).toBe(true);
    expect(text(root, '.pvp-seat.is-you .pvp-seat-rank')).toBe('Bull 7');
    expect(text(root, '.pvp-status')).toContain('You win with Bull 7: +475.00 MMK');
    expect(text(root, '.pvp-status')).toContain('Rake 25.00 MMK');
    expect(text(root, '.pvp-balance')).toBe('5,475.00 MMK');
    expect(text(root, '.pvp-result')).toBe('+475.00 MMK');
    expect(text(root, '.pvp-deal')).toBe('Play again');
    expect(text(root, '.pvp-seat.is-you .pvp-sr')).toBe('Cards: K♠ Q♥ J♦ 5♣ 2♥');
  });

  it('a launch from a room of the site’s lobby (room=<id> in the address) takes that seat at once', async () => {
    window.history.replaceState(null, '', `/studio/?ticket=${TICKET}&room=1`);
    try {
      const { root, calls } = await open({
        '/studio/api/pvp/rooms': ok(lobbyFixture()),
        '/studio/api/pvp/join': ok({ room: { ...ROOMS[0], seatsTaken: 3 }, balance: 500_000 }),
      });
      await settle();
      expect(calls.at(-1)).toEqual({ path: '/studio/api/pvp/join', body: { ticket: TICKET, roomId: 1 } });
      expect(root.querySelectorAll('.pvp-seat')).toHaveLength(6);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('Enter deals, a loss names the winner; Esc leaves the room and shows the rooms again', async () => {
    const { root, calls } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture({ seatRoomId: 1 })),
      '/studio/api/pvp/deal': ok(handFixture(false)),
      '/studio/api/pvp/leave': ok({ left: true }),
    });
    // Seated already (a reload): straight to the table.
    expect(root.querySelector('.pvp-felt')).not.toBeNull();
    press('Enter');
    await settle();
    await settle();
    expect(text(root, '.pvp-status')).toBe('Bot 3 wins with Niu-Niu. You lose 100.00 MMK.');
    expect(text(root, '.pvp-balance')).toBe('4,900.00 MMK');
    press('Escape');
    await settle();
    await settle();
    expect(calls.some((c) => c.path === '/studio/api/pvp/leave')).toBe(true);
    expect(root.querySelectorAll('.pvp-room')).toHaveLength(2);
  });

  it('server refusals are translated; a full room refreshes the list; a network failure repeats the same requestId', async () => {
    const { root, calls } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture()),
      '/studio/api/pvp/join': [fail(409, 'games.errors.room_full'), ok({ room: ROOMS[0], balance: 500_000 })],
      '/studio/api/pvp/deal': [
        () => {
          throw new TypeError('offline');
        },
        fail(422, 'money.errors.insufficient_balance'),
      ],
    });
    root.querySelector<HTMLButtonElement>('.pvp-room')!.click();
    await settle();
    await settle();
    expect(text(root, '.error')).toBe('This room is full. Choose another room.');
    expect(calls.filter((c) => c.path === '/studio/api/pvp/rooms')).toHaveLength(2);
    root.querySelector<HTMLButtonElement>('.pvp-room')!.click();
    await settle();
    root.querySelector<HTMLButtonElement>('.pvp-deal')!.click();
    await settle();
    expect(text(root, '.error')).toContain('No connection');
    root.querySelector<HTMLButtonElement>('.pvp-deal')!.click();
    await settle();
    const deals = calls.filter((c) => c.path === '/studio/api/pvp/deal');
    expect(deals.map((d) => d.body.requestId)).toEqual(['req-00000001', 'req-00000001']);
    expect(text(root, '.error')).toBe(
      'Not enough balance for this stake. Choose a lower stake or add funds.',
    );
    expect(text(root, '.pvp-balance')).toBe('5,000.00 MMK');
  });

  it('a stake over the member’s wager limit shows the limit text and gives Deal back', async () => {
    const { root } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture()),
      '/studio/api/pvp/join': ok({ room: ROOMS[0], balance: 500_000 }),
      '/studio/api/pvp/deal': () =>
        jsonResponse(422, {
          success: false,
          code: 'UNPROCESSABLE',
          message: 'protection.errors.wager_limit',
          value: { kind: 'wager', period: 'day', limit: 5_000, used: 0 },
        }),
    });
    root.querySelector<HTMLButtonElement>('.pvp-room')!.click();
    await settle();
    root.querySelector<HTMLButtonElement>('.pvp-deal')!.click();
    await settle();
    expect(text(root, '.error')).toBe(
      'This stake would go over your wager or loss limit. You can see your limits under Responsible gaming in the member centre.',
    );
    expect(root.querySelector<HTMLButtonElement>('.pvp-deal')!.disabled).toBe(false);
    expect(text(root, '.pvp-balance')).toBe('5,000.00 MMK');
  });

  it('below a room’s minimum the room says what it needs and the server’s refusal is shown', async () => {
    const { root } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture({ balance: 100_000 })),
      '/studio/api/pvp/join': fail(422, 'games.errors.room_min_balance'),
    });
    expect(text(root, '.pvp-needs')).toBe('Needs 2,000.00 MMK');
    root.querySelector<HTMLButtonElement>('.pvp-room')!.click();
    await settle();
    await settle();
    expect(text(root, '.error')).toContain("below this room's minimum");
  });

  it('a game without rooms offers the default stakes and plays at the chosen one', async () => {
    const { root, calls } = await open({
      '/studio/api/pvp/rooms': ok(lobbyFixture({ rooms: [], defaultStakes: [1_000, 5_000] })),
      '/studio/api/pvp/deal': ok({ ...handFixture(false), room: null, stake: 5_000 }),
    });
    const stakes = [...root.querySelectorAll<HTMLButtonElement>('.pvp-stake')];
    expect(stakes.map((b) => b.textContent)).toEqual(['10.00 MMK', '50.00 MMK']);
    stakes[1]!.click();
    expect(stakes[1]!.getAttribute('aria-pressed')).toBe('true');
    root.querySelector<HTMLButtonElement>('.pvp-primary')!.click();
    expect(text(root, '.pvp-bar')).toContain('Open table');
    root.querySelector<HTMLButtonElement>('.pvp-deal')!.click();
    await settle();
    expect(calls.at(-1)!.body).toEqual({ ticket: TICKET, requestId: 'req-00000001', stake: 5_000 });
  });

  it('a lobby that cannot load says so', async () => {
    const { root } = await open({ '/studio/api/pvp/rooms': fail(401, 'games.errors.ticket_invalid') });
    expect(text(root, '[role="alert"]')).toBe(
      'This game session has ended. Open the game again from the lobby.',
    );
  });

  it('cards read as rank and suit; every language has the same keys', () => {
    expect(cardText('TS')).toBe('10♠');
    expect(cardText('AH')).toBe('A♥');
    const keys = Object.keys(en).sort();
    for (const cat of [my, cn, th, vi_]) {
      expect(Object.keys(cat).sort()).toEqual(keys);
      expect(Object.values(cat).every((v) => v.trim().length > 0)).toBe(true);
    }
  });
});
