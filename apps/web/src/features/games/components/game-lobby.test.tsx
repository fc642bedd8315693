import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  favouriteAdd,
  favouriteGames,
  gameList,
  launchGame,
  roomList,
  vendorType,
  type Game,
} from '@app/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { gameFixture, gamesFixture, pageFixture, roomFixture, vendorFixture } from '../testing';
import { resetObservers } from '../lazy-image';
import { useLaunchUi } from '../launch-store';

/** A server of `total` RNG games answering gameList by page, search text, vendor and hot. */
function catalogue(total = 100): Handler {
  // Even ids are JILI's, odd ones PG's; every fifth game is hot.
  const all = gamesFixture(1, total).map((g) => ({
    ...g,
    isHot: g.id % 5 === 0,
    ...(g.id % 2 === 0 ? { vassalage: 'JILI', vendorName: 'JILI' } : {}),
  }));
  return (url) => {
    const p = url.searchParams;
    const q = (p.get('q') ?? '').toLowerCase();
    const rows = all.filter(
      (g) =>
        (!q || g.name.toLowerCase().includes(q) || g.code.toLowerCase().includes(q)) &&
        (!p.get('vassalage') || g.vassalage === p.get('vassalage')) &&
        (p.get('hot') !== '1' || g.isHot),
    );
    const page = Number(p.get('page') ?? 1);
    const size = Number(p.get('pageSize') ?? 20);
    return ok(gameList, pageFixture(rows.slice((page - 1) * size, page * size), page, size, rows.length));
  };
}

const vendors = () =>
  ok(vendorType, {
    vendors: [
      vendorFixture(),
      vendorFixture({ vassalage: 'JILI', name: 'JILI', logoUrl: '/img/vendors/JILI.svg' }),
    ],
  });

function lobbyHandlers(extra: Record<string, Handler> = {}, base = siteHandlers()): Record<string, Handler> {
  return { ...base, [gameList.path]: catalogue(), [vendorType.path]: vendors, ...extra };
}

const listCalls = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === gameList.path).map((c) => Object.fromEntries(c.url.searchParams));

const tiles = () =>
  within(screen.getByRole('list', { name: /All games|Hot|Favourites|Recent/ })).getAllByRole('listitem');

// A shared, busy machine: a lobby render with 48 tiles can take seconds in jsdom.
vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 5_000 };

afterEach(() => {
  resetObservers();
  useLaunchUi.setState({ maintenance: null, vendorGames: null });
});

describe('game lobby', () => {
  it('shows the first page of the type: 48 tiles, and loads more on demand', async () => {
    const { calls, router } = renderApp('/rng', lobbyHandlers());
    expect(await screen.findByRole('heading', { name: 'Slots', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT)).toBeInTheDocument();
    expect(screen.getByText('Games found: 100')).toBeInTheDocument();
    expect(tiles()).toHaveLength(48);
    expect(listCalls(calls)).toEqual([{ gameType: 'RNG', pageSize: '48', page: '1' }]);

    await userEvent.click(screen.getByRole('button', { name: 'Show more games' }));
    await waitFor(() => expect(tiles()).toHaveLength(96), WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Show more games' }));
    await waitFor(() => expect(tiles()).toHaveLength(100), WAIT);
    expect(screen.queryByRole('button', { name: 'Show more games' })).not.toBeInTheDocument();
    expect(listCalls(calls).map((c) => c.page)).toEqual(['1', '2', '3']);
    expect(router.state.location.pathname).toBe('/rng');
  });

  it('searches as you type (one request after the pause), by name or code, and clears', async () => {
    const { calls } = renderApp('/rng', lobbyHandlers());
    await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT);
    const search = screen.getByRole('searchbox', { name: 'Search games' });
    await userEvent.type(search, 'game 7');
    await waitFor(() => expect(screen.getByText('Games found: 11')).toBeInTheDocument(), WAIT);
    // Typed letter by letter, asked once the typing paused.
    expect(listCalls(calls).filter((c) => c.q)).toEqual([
      { gameType: 'RNG', q: 'game 7', pageSize: '48', page: '1' },
    ]);
    expect(screen.getByRole('button', { name: 'Play Fortune Game 77' })).toBeInTheDocument();

    await userEvent.clear(search);
    await userEvent.type(search, 'zzz');
    expect(await screen.findByText('No game matches “zzz”.', {}, WAIT)).toBeInTheDocument();
    await userEvent.click(screen.getAllByRole('button', { name: 'Clear search' }).at(-1)!);
    await waitFor(() => expect(screen.getByText('Games found: 100')).toBeInTheDocument(), WAIT);
    await waitFor(() => expect(search).toHaveValue(''), WAIT);
  });

  it('the vendor filter and the hall tabs push ?vassalage= and ?page= and drive the request', async () => {
    const { calls, router } = renderApp('/rng?vassalage=JILI', lobbyHandlers());
    await screen.findByRole('button', { name: 'Play Fortune Game 2' }, WAIT);
    // The header's vendor menus link to /rng?vassalage=<code>: the lobby honours it.
    expect(listCalls(calls)[0]).toEqual({ gameType: 'RNG', vassalage: 'JILI', pageSize: '48', page: '1' });
    // The tiles may show first (the loader's early first page): the vendor row follows its own call.
    const providers = await screen.findByRole('navigation', { name: 'Game providers' }, WAIT);
    expect(within(providers).getByRole('link', { name: 'JILI' })).toHaveAttribute('aria-current', 'true');

    await userEvent.click(within(providers).getByRole('link', { name: 'PG Soft' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vassalage=PG'), WAIT);
    await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT);
    expect(screen.queryByRole('button', { name: 'Play Fortune Game 2' })).not.toBeInTheDocument();

    const hall = screen.getByRole('navigation', { name: 'Game hall' });
    await userEvent.click(within(hall).getByRole('link', { name: 'Hot' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vassalage=PG&page=hot'), WAIT);
    expect(router.state.historyAction).toBe('PUSH');
    expect(await screen.findByText('Games found: 10', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Fortune Game 15' })).toBeInTheDocument();
    expect(listCalls(calls).at(-1)).toEqual({
      gameType: 'RNG',
      vassalage: 'PG',
      hot: '1',
      pageSize: '48',
      page: '1',
    });
    expect(within(hall).getByRole('link', { name: 'Hot' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(within(providers).getByRole('link', { name: 'All providers' }));
    await waitFor(() => expect(router.state.location.search).toBe('?page=hot'), WAIT);
    expect(await screen.findByText('Games found: 20', {}, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Play Fortune Game 10' })).toBeInTheDocument();
  });

  it('a guest’s heart opens the login popup; a guest’s Favourites tab asks to log in', async () => {
    const { calls } = renderApp('/rng', lobbyHandlers());
    await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT);
    await userEvent.click(screen.getByRole('button', { name: 'Favourite: Fortune Game 1' }));
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(calls.some((c) => c.url.pathname === favouriteAdd.path)).toBe(false);
    act(() => useUiStore.getState().closeModal());

    await userEvent.click(screen.getByRole('link', { name: 'Favourites' }));
    expect(
      await screen.findByText('Log in to keep your favourite games here.', {}, WAIT),
    ).toBeInTheDocument();
  });

  it('a member’s heart adds the game at once and the Favourites tab lists it', async () => {
    let favourites: Game[] = [gameFixture({ id: 3 })];
    const { calls } = renderApp(
      '/rng',
      lobbyHandlers(
        {
          [favouriteGames.path]: () => ok(favouriteGames, { items: favourites }),
          [favouriteAdd.path]: (_url, init) => {
            const { gameId } = JSON.parse(String(init?.body)) as { gameId: number };
            favourites = [gameFixture({ id: gameId }), ...favourites];
            return ok(favouriteAdd, { gameId, favourite: true });
          },
        },
        loggedInHandlers(),
      ),
    );
    await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Favourite: Fortune Game 3' })).toHaveAttribute(
        'aria-pressed',
        'true',
      ),
    );
    const heart = screen.getByRole('button', { name: 'Favourite: Fortune Game 1' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(heart);
    expect(heart).toHaveAttribute('aria-pressed', 'true');
    const sent = calls.filter((c) => c.url.pathname === favouriteAdd.path);
    expect(sent.map((c) => JSON.parse(String(c.init?.body)))).toEqual([{ gameId: 1 }]);

    await userEvent.click(screen.getByRole('link', { name: 'Favourites' }));
    await waitFor(() => expect(tiles()).toHaveLength(2), WAIT);
    expect(screen.getByRole('button', { name: 'Play Fortune Game 1' })).toBeInTheDocument();
    // A member sees the free trial next to real-money play.
    expect(screen.getByRole('button', { name: 'Free trial of Fortune Game 3' })).toBeInTheDocument();
  });

  it('a refused favourite puts the heart back and says why', async () => {
    renderApp(
      '/rng',
      lobbyHandlers(
        {
          [favouriteGames.path]: () => ok(favouriteGames, { items: [] }),
          [favouriteAdd.path]: () => fail('NOT_FOUND', 'games.errors.unknown_game'),
        },
        loggedInHandlers(),
      ),
    );
    const heart = await screen.findByRole('button', { name: 'Favourite: Fortune Game 1' }, WAIT);
    await userEvent.click(heart);
    await waitFor(() => expect(heart).toHaveAttribute('aria-pressed', 'false'), WAIT);
    expect(useUiStore.getState().modal).toMatchObject({
      kind: 'dialog',
      messageKey: 'games.errors.unknown_game',
    });
  });

  it('an error offers a retry', async () => {
    let failing = true;
    const list = catalogue();
    renderApp(
      '/fish',
      lobbyHandlers({
        [gameList.path]: (url, init) => (failing ? fail('INTERNAL') : list(url, init)),
        [vendorType.path]: () => ok(vendorType, { vendors: [] }),
      }),
    );
    expect(await screen.findByText('The games could not be loaded.', {}, WAIT)).toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Play Fortune Game 1' }, WAIT)).toBeInTheDocument();
  });

  it('an empty type says so', async () => {
    renderApp('/live', lobbyHandlers({ [gameList.path]: () => ok(gameList, pageFixture([], 1, 48, 0)) }));
    expect(await screen.findByText('There are no games here yet.', {}, WAIT)).toBeInTheDocument();
  });

  it('a VASSALAGE entry opens the vendor’s sub-game list in a popup', async () => {
    const entry = gameFixture({
      id: 500,
      name: 'JDB Arcade',
      isGame: 'VASSALAGE',
      vassalage: 'JDB',
      vendorName: 'JDB',
    });
    const { calls } = renderApp(
      '/rng',
      lobbyHandlers({
        [gameList.path]: (url) =>
          url.searchParams.get('vassalage') === 'JDB'
            ? ok(
                gameList,
                pageFixture(gamesFixture(501, 503, { vassalage: 'JDB', vendorName: 'JDB' }), 1, 48, 3),
              )
            : ok(gameList, pageFixture([entry, gameFixture({ id: 1 })], 1, 48, 2)),
      }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Open the games of JDB Arcade' }, WAIT));
    const popup = await screen.findByRole('dialog', { name: 'JDB Arcade games' }, WAIT);
    expect(
      await within(popup).findByRole('button', { name: 'Play Fortune Game 501' }, WAIT),
    ).toBeInTheDocument();
    expect(within(popup).getAllByRole('listitem')).toHaveLength(3);
    expect(listCalls(calls).at(-1)).toMatchObject({ gameType: 'RNG', vassalage: 'JDB' });
  });

  it('PVP shows the rooms (stake, seats, status); joining needs a login', async () => {
    const { calls, router } = renderApp(
      '/pvp',
      lobbyHandlers({
        [roomList.path]: () =>
          ok(roomList, {
            rooms: [
              roomFixture(),
              roomFixture({ id: 2, name: 'Shan Koe Mee 2', seatsTaken: 6, status: 'full' }),
            ],
          }),
        [gameList.path]: () => ok(gameList, pageFixture([], 1, 48, 0)),
        [launchGame.path]: () =>
          ok(launchGame, { game_url: '/studio/pvp?ticket=abcdefghijklmnopqrstuv', mode: 'trial' }),
      }),
    );
    const rooms = await screen.findByRole('region', { name: 'Card rooms' }, WAIT);
    const first = (await within(rooms).findByRole('heading', { name: 'Shan Koe Mee 1' }, WAIT)).closest(
      'li',
    )!;
    expect(within(first).getByText('MMK 100.00')).toBeInTheDocument();
    expect(within(first).getByText('2 of 6 taken')).toBeInTheDocument();
    expect(within(first).getByText('Open')).toBeInTheDocument();
    expect(within(rooms).getByRole('button', { name: 'Join Shan Koe Mee 2' })).toBeDisabled();
    // A guest: PVP needs a login (spec §4).
    await userEvent.click(within(rooms).getByRole('button', { name: 'Join Shan Koe Mee 1' }));
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(calls.some((c) => c.url.pathname === launchGame.path)).toBe(false);
    expect(router.state.location.pathname).toBe('/pvp');
  });
});
