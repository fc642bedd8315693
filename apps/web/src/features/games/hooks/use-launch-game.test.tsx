import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  gameList,
  gameMenus,
  hotGames,
  launchGame,
  launchGameV2,
  vendorType,
  walletCollect,
  type Game,
  type LotteryGame,
  type MemberInfo,
} from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { resetObservers } from '../lazy-image';
import { storeFrame, useFrameStore, useLaunchUi } from '../launch-store';
import { gameFixture, pageFixture } from '../testing';
import { SEARCH_DEBOUNCE_MS } from '../components/search-box';
import { withRoom } from './use-launch-game';

vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 5_000 };

const slot = gameFixture({ id: 1, name: 'Fortune Game 1', trial: true });
const live = gameFixture({
  id: 2,
  name: 'Baccarat A',
  gameType: 'LIVE',
  vassalage: 'EVO',
  vendorName: 'Evolution',
  trial: false,
});
const tcgSea = gameFixture({
  id: 3,
  name: 'SEA Lotto',
  gameType: 'LOTT',
  vassalage: 'TCG',
  accountTypeName: 'TCG_SEA',
  trial: false,
});
const gpi = gameFixture({
  id: 4,
  name: 'GPI Keno',
  gameType: 'LOTT',
  vassalage: 'GPI',
  accountTypeName: 'GPI',
  trial: false,
});
const lott = gameFixture({
  id: 5,
  name: 'Myanmar 3D',
  code: 'MM3D',
  defaultPlayType: 'STRAIGHT',
  gameType: 'LOTT',
  vassalage: 'LOTT',
  trial: false,
});
const broken = gameFixture({ id: 6, name: 'Dragon Gate', isHot: true });
const mienBac = gameFixture({
  id: 10,
  name: 'Mien Bac',
  code: 'VNL_MIEN_BAC',
  defaultPlayType: 'LO_2D',
  gameType: 'ELOTT',
  vassalage: 'VNL',
  trial: false,
});
const mienNam = gameFixture({
  id: 11,
  name: 'Mien Nam',
  code: 'VNL_MIEN_NAM',
  defaultPlayType: 'LO_2D',
  gameType: 'ELOTT',
  vassalage: 'VNL',
  trial: false,
});
const similar = [
  broken,
  gameFixture({ id: 7, name: 'Lucky Seven', isHot: true }),
  gameFixture({ id: 8, name: 'Gold Rush', isHot: true, status: 'maintenance' }),
  gameFixture({ id: 9, name: 'Jade Reels', isHot: true }),
];
const games: Game[] = [slot, live, tcgSea, gpi, lott, broken, mienBac, mienNam];

const STUDIO = '/studio/slot/?ticket=abcdefghijklmnopqrstuvwx';

function handlers(extra: Record<string, Handler> = {}, base: Record<string, Handler> = siteHandlers()) {
  return {
    ...base,
    [gameList.path]: () => ok(gameList, pageFixture(games, 1, 48, games.length)),
    [vendorType.path]: () => ok(vendorType, { vendors: [] }),
    [hotGames.path]: () => ok(hotGames, { items: similar }),
    [launchGame.path]: (url: URL) =>
      url.searchParams.get('gameId') === '6'
        ? fail('SERVICE_UNAVAILABLE', 'games.errors.game_maintenance')
        : ok(launchGame, { game_url: `${STUDIO}&trial`, mode: 'trial' }),
    [launchGameV2.path]: (_url: URL, init: RequestInit | undefined) => {
      const body = JSON.parse(String(init?.body)) as { gameId: number };
      if (body.gameId === 6) return fail('SERVICE_UNAVAILABLE', 'games.errors.game_maintenance');
      return ok(launchGameV2, {
        game_url: `${STUDIO}&real=${body.gameId}`,
        mode: 'real',
        transferred: body.gameId === 1 ? 50_000 : undefined,
      });
    },
    ...extra,
  };
}

const member = (m: Partial<MemberInfo> = {}, extra: Record<string, Handler> = {}) => {
  const base = loggedInHandlers(m);
  window.sessionStorage.setItem('merchantCode', 'DEMO');
  return handlers(extra, base);
};

const launchCalls = (calls: { url: URL; init: RequestInit | undefined }[]) =>
  calls
    .filter((c) => c.url.pathname === launchGame.path || c.url.pathname === launchGameV2.path)
    .map((c) =>
      c.url.pathname === launchGame.path
        ? { get: Object.fromEntries(c.url.searchParams) }
        : { post: JSON.parse(String(c.init?.body)) as unknown },
    );

async function lobby(path: string, h: Record<string, Handler>) {
  const app = renderApp(path, h);
  await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT);
  return app;
}

afterEach(() => {
  resetObservers();
  useLaunchUi.setState({ maintenance: null, vendorGames: null });
  useFrameStore.setState({ url: null, name: null, gameType: null, transferred: 0 });
});

describe('spec §4 game launch', () => {
  it('a guest launches an RNG game as the free trial (trial=1) into /game, the loader shown meanwhile', async () => {
    const loaderSeen: boolean[] = [];
    const unsub = useUiStore.subscribe((s) => loaderSeen.push(s.loader));
    const { calls, router } = await lobby('/rng', handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Play Fortune Game 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls)).toEqual([{ get: { gameId: '1', trial: '1', language: 'EN' } }]);
    expect(window.sessionStorage.getItem('game_url')).toBe(`${window.location.origin}${STUDIO}&trial`);
    const frame = await screen.findByTitle('Game: Fortune Game 1', {}, WAIT);
    expect(frame).toHaveAttribute('src', `${window.location.origin}${STUDIO}&trial`);
    expect(screen.getByRole('heading', { name: 'Fortune Game 1', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/rng');
    // A guest has no vendor wallet to empty.
    expect(screen.queryByRole('button', { name: 'Move funds back to main wallet' })).not.toBeInTheDocument();
    expect(loaderSeen).toContain(true);
    expect(useUiStore.getState().loader).toBe(false);
    unsub();
  });

  it('a launch right after typing a search ends in the game frame and stays there', async () => {
    const { router } = await lobby('/rng', handlers());
    const box = screen.getByRole('searchbox', { name: 'Search games' });
    // Play within the search's pause: the launch's navigation to /game must win.
    await userEvent.type(box, 'Fortune');
    await userEvent.click(screen.getByRole('button', { name: 'Play Fortune Game 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.location.pathname).toBe('/game');
  });

  it('a search typed while a launch is refused is applied once the refusal is shown', async () => {
    // The refusal comes after the search's pause (the test answers it when it chooses, not on a
    // timer a loaded machine may outrun): the search waits for the launch, then applies.
    let refuse: () => void = () => undefined;
    const slowRefusal = () =>
      new Promise<Response>((r) => {
        refuse = () => r(fail('SERVICE_UNAVAILABLE', 'games.errors.game_maintenance'));
      });
    const { router } = await lobby('/live', member({}, { [launchGameV2.path]: slowRefusal }));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search games' }), 'Baccarat');
    await userEvent.click(screen.getByRole('button', { name: 'Play Baccarat A' }));
    await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.location.search).toBe('');
    refuse();
    await waitFor(() => expect(router.state.location.search).toBe('?q=Baccarat'), WAIT);
    expect(router.state.location.pathname).toBe('/live');
  });

  it('a guest on a LIVE game gets the login popup and nothing is launched', async () => {
    const { calls, router } = await lobby('/live', handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Play Baccarat A' }));
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(launchCalls(calls)).toEqual([]);
    expect(router.state.location.pathname).toBe('/live');
  });

  it('a member launches with real money through launch V2 with the spec §7 parameters; the frame moves funds back on demand', async () => {
    const { calls, router } = await lobby(
      '/rng',
      member(
        {},
        {
          [walletCollect.path]: () =>
            ok(walletCollect, {
              results: [
                {
                  transferId: 't1',
                  status: 'completed',
                  from: 'PG',
                  to: 'MAIN',
                  amount: 50_000,
                  balances: { MAIN: 1_000_000, PG: 0 },
                },
              ],
              balances: { MAIN: 1_000_000, PG: 0 },
            }),
        },
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Fortune Game 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls)).toEqual([
      {
        post: {
          gameId: 1,
          nodeId: '1',
          accountType: 1,
          confirmTrans: 0,
          vassalage: 'PG',
          launchMode: 'GLS',
          platform: 'html5-desktop',
          clientType: 3,
          username: 'demo01',
          token: 'tok-live',
          merchantCode: 'DEMO',
          language: 'EN',
        },
      },
    ]);
    expect(window.sessionStorage.getItem('current_vassalage')).toBe('PG');
    expect(window.sessionStorage.getItem('game_transferred')).toBe('50000');
    const back = await screen.findByRole('button', { name: 'Move funds back to main wallet' }, WAIT);
    await userEvent.click(back);
    expect(await screen.findByText('Your funds are back in the main wallet.', {}, WAIT)).toBeInTheDocument();
    const collect = calls.filter((c) => c.url.pathname === walletCollect.path);
    expect(collect).toHaveLength(1);
    expect(JSON.parse(String(collect[0]!.init?.body))).toEqual({
      key: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
    expect(screen.queryByRole('button', { name: 'Move funds back to main wallet' })).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('game_transferred')).toBeNull();
  });

  it('a member’s "Free trial" button launches trial=1', async () => {
    const { calls, router } = await lobby('/rng', member());
    await userEvent.click(await screen.findByRole('button', { name: 'Free trial of Fortune Game 1' }, WAIT));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls)).toEqual([{ get: { gameId: '1', trial: '1', language: 'EN' } }]);
  });

  it('a trial account (type 4) is told a real account is needed for LIVE, and gets the RNG free trial', async () => {
    const { calls, router } = await lobby('/live', member({ type: 4, account: 'trial_x' }));
    await userEvent.click(screen.getByRole('button', { name: 'Play Baccarat A' }));
    await waitFor(() =>
      expect(useUiStore.getState().modal).toMatchObject({
        kind: 'dialog',
        messageKey: 'errors.in_need_true_account',
      }),
    );
    expect(launchCalls(calls)).toEqual([]);
    act(() => useUiStore.getState().closeModal());
    await userEvent.click(screen.getByRole('button', { name: 'Play Fortune Game 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls)).toEqual([{ get: { gameId: '1', trial: '1', language: 'EN' } }]);
  });

  it('lottery: TCG_SEA opens its own entry in a new window', async () => {
    const popup = { opener: {}, location: { href: '' }, close: vi.fn() };
    const open = vi.fn(() => popup);
    vi.stubGlobal('open', open);
    const { calls, router } = await lobby('/rng', member());
    await userEvent.click(screen.getByRole('button', { name: 'Play SEA Lotto' }));
    await waitFor(() => expect(popup.location.href).toBe(`${window.location.origin}${STUDIO}&real=3`), WAIT);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(popup.opener).toBeNull();
    expect(launchCalls(calls)).toMatchObject([{ post: { gameId: 3, vassalage: 'TCG' } }]);
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('lottery: GPI starts like any game (launch, then /game)', async () => {
    const { calls, router } = await lobby('/rng', member());
    await userEvent.click(screen.getByRole('button', { name: 'Play GPI Keno' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls)).toMatchObject([{ post: { gameId: 4, vassalage: 'GPI' } }]);
    expect(await screen.findByTitle('Game: GPI Keno', {}, WAIT)).toBeInTheDocument();
  });

  it('lottery: any other lottery game opens /lottery with its code and default play type', async () => {
    const { calls, router } = await lobby('/rng', handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Play Myanmar 3D' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lottery'), WAIT);
    expect(router.state.location.search).toBe('?gameCode=MM3D&playType=STRAIGHT');
    expect(launchCalls(calls)).toEqual([]);
  });

  it('lottery: a game linked to one of our lottery games opens its page (/vnlottery for VN, /lottery with its code and play type)', async () => {
    const lotteryGame = (g: Partial<LotteryGame>): LotteryGame => ({
      gameCode: 'VN_MB',
      labelName: 'Miền Bắc',
      gameGroupCode: 'VN',
      prizeMode: 'SEA',
      lotteryType: 'Lott',
      kind: 'vn_north',
      region: 'north',
      intervalSeconds: null,
      drawTime: '18:30',
      drawDays: [0, 1, 2, 3, 4, 5, 6],
      closeSeconds: 900,
      defaultPlayType: 'LO_2D',
      playTypes: ['LO_2D', 'DE'],
      catalogueGameId: null,
      ...g,
    });
    const menus = {
      [gameMenus.path]: () =>
        ok(gameMenus, {
          categories: [],
          lotteryMenus: [
            {
              gameGroupCode: 'VN',
              labelName: 'lottery.groups.VN',
              gameMenus: [lotteryGame({ catalogueGameId: 10 })],
            },
            {
              gameGroupCode: 'FAST',
              labelName: 'lottery.groups.FAST',
              gameMenus: [
                lotteryGame({
                  gameCode: 'FAST5',
                  kind: 'digit5',
                  region: null,
                  defaultPlayType: 'STRAIGHT_1',
                  catalogueGameId: 5,
                }),
              ],
            },
          ],
        }),
    };
    const first = await lobby('/rng', handlers(menus));
    await userEvent.click(screen.getByRole('button', { name: 'Play Mien Bac' }));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/vnlottery'), WAIT);
    expect(first.router.state.location.search).toBe('?gameCode=VN_MB');
    expect(launchCalls(first.calls)).toEqual([]);
    first.unmount();

    const second = await lobby('/rng', handlers(menus));
    await userEvent.click(screen.getByRole('button', { name: 'Play Myanmar 3D' }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/lottery'), WAIT);
    expect(second.router.state.location.search).toBe('?gameCode=FAST5&playType=STRAIGHT_1');
    second.unmount();

    // An ELOTT game no lottery game links: the VN page itself (never the studio's "soon" page).
    const third = await lobby('/rng', handlers(menus));
    await userEvent.click(screen.getByRole('button', { name: 'Play Mien Nam' }));
    await waitFor(() => expect(third.router.state.location.pathname).toBe('/vnlottery'), WAIT);
    expect(third.router.state.location.search).toBe('');
    expect(launchCalls(third.calls)).toEqual([]);
  });

  it('a game under maintenance (503) opens the maintenance page with similar hot games, each launchable', async () => {
    const { calls, router } = await lobby('/rng', handlers());
    await userEvent.click(screen.getByRole('button', { name: 'Play Dragon Gate' }));
    const page = await screen.findByRole('dialog', { name: 'Game under maintenance' }, WAIT);
    expect(page).toHaveAccessibleDescription(/Dragon Gate is under maintenance right now/);
    const list = await within(page).findByRole('list', { name: 'Similar games' }, WAIT);
    // The hot games of its type, without it and without games under maintenance.
    expect(
      within(list)
        .getAllByRole('button', { name: /^Play / })
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Play Lucky Seven', 'Play Jade Reels']);
    const hot = calls.filter((c) => c.url.pathname === hotGames.path);
    expect(Object.fromEntries(hot[0]!.url.searchParams)).toEqual({ gameType: 'RNG', count: '13' });
    expect(router.state.location.pathname).toBe('/rng');

    await userEvent.click(within(list).getByRole('button', { name: 'Play Lucky Seven' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/game'), WAIT);
    expect(launchCalls(calls).at(-1)).toEqual({ get: { gameId: '7', trial: '1', language: 'EN' } });
    expect(screen.queryByRole('dialog', { name: 'Game under maintenance' })).not.toBeInTheDocument();
  });

  it('any other refusal shows its translated message in a dialog', async () => {
    await lobby(
      '/rng',
      handlers({ [launchGame.path]: () => fail('NOT_FOUND', 'games.errors.unknown_game') }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play Fortune Game 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'The game could not start' }, WAIT);
    expect(dialog).toHaveAccessibleDescription('This game does not exist.');
  });

  it('a launch while on /game swaps the frame in place', async () => {
    act(() => storeFrame({ url: `${STUDIO}&a`, name: 'First', gameType: 'RNG', transferred: 0 }));
    const { router } = renderApp('/game', handlers());
    const frame = await screen.findByTitle('Game: First', {}, WAIT);
    act(() => storeFrame({ url: `${STUDIO}&b`, name: 'Second', gameType: 'LIVE', transferred: 0 }));
    expect(await screen.findByTitle('Game: Second', {}, WAIT)).toHaveAttribute(
      'src',
      `${window.location.origin}${STUDIO}&b`,
    );
    expect(frame).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to lobby' })).toHaveAttribute('href', '/live');
    expect(router.state.location.pathname).toBe('/game');
  });
});

describe('withRoom', () => {
  it('names the PVP room a lobby Join picked in the game address, keeping its ticket', () => {
    expect(withRoom('http://localhost/studio/?ticket=NIU-abc&lang=EN', 7)).toBe(
      'http://localhost/studio/?ticket=NIU-abc&lang=EN&room=7',
    );
    expect(withRoom('http://localhost/studio/?ticket=NIU-abc', undefined)).toBe(
      'http://localhost/studio/?ticket=NIU-abc',
    );
  });
});
