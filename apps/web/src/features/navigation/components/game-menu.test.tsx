import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gameMenus, type GameType, type ResponseOf, type VendorCard } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { fail, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

const card = (gameType: GameType, vassalage: string, extra: Partial<VendorCard> = {}): VendorCard => ({
  vassalage,
  name: `${vassalage} Gaming`,
  gameType,
  isHot: 0,
  logoUrl: `/img/vendors/${vassalage}.svg`,
  status: 'active',
  ...extra,
});

function menusFixture(): ResponseOf<typeof gameMenus> {
  return gameMenus.response.parse({
    categories: [
      {
        gameType: 'RNG',
        title: 'nav.games.rng',
        cards: ['PG', 'JILI', 'PP', 'CQ9', 'FC', 'JDB', 'KA'].map((v, i) =>
          card('RNG', v, i === 0 ? { isHot: 1 } : {}),
        ),
      },
      {
        gameType: 'LIVE',
        title: 'nav.games.live',
        cards: [card('LIVE', 'EVO', { isHot: 1 }), card('LIVE', 'SEXY', { status: 'maintenance' })],
      },
      { gameType: 'SPORTS', title: 'nav.games.sports', cards: [card('SPORTS', 'SABA')] },
      { gameType: 'ESPORTS', title: 'nav.games.esports', cards: [card('ESPORTS', 'TF')] },
      { gameType: 'LOTT', title: 'nav.games.lott', cards: [card('LOTT', 'TCG')] },
    ],
    lotteryMenus: [],
  });
}

function setup(path = '/index', handlers: Record<string, Handler> = {}) {
  const app = renderApp(path, {
    ...siteHandlers({ status: { games: ['LOTT', 'LIVE', 'SPORTS', 'ESPORTS', 'RNG'] } }),
    [gameMenus.path]: () => ok(gameMenus, menusFixture()),
    ...handlers,
  });
  const nav = () => screen.findByRole('navigation', { name: 'Main navigation' });
  return { ...app, nav };
}

const menuCalls = (calls: { url: URL }[]) => calls.filter((c) => c.url.pathname === gameMenus.path).length;

describe('header game menus', () => {
  it('loads nothing of the menus until one opens; up to six vendors sit in one row, with hot and maintenance marks', async () => {
    const { nav, calls } = setup();
    const toggle = await within(await nav()).findByRole('button', { name: 'Live casino vendors' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(menuCalls(calls)).toBe(0);

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('list', { name: 'Live casino vendors' });
    expect(list).toHaveAttribute('data-layout', 'row');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)).toContainElement(list);
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/live?vassalage=EVO', '/live?vassalage=SEXY']);
    const logo = within(links[0]!).getByRole('img', { name: 'EVO Gaming' });
    expect(logo).toHaveAttribute('width', '160');
    expect(logo).toHaveAttribute('height', '64');
    expect(within(links[0]!).getByText('HOT')).toBeInTheDocument();
    expect(within(links[1]!).getByText('Maintenance')).toBeInTheDocument();
    expect(within(links[1]!).queryByText('HOT')).toBeNull();
    expect(menuCalls(calls)).toBe(1);
  });

  it('changes the layout for more than six vendors', async () => {
    const { nav } = setup();
    await userEvent.click(await within(await nav()).findByRole('button', { name: 'Slots vendors' }));
    const list = await screen.findByRole('list', { name: 'Slots vendors' });
    expect(within(list).getAllByRole('link')).toHaveLength(7);
    expect(list).toHaveAttribute('data-layout', 'grid');
  });

  it('lists the esports vendors in the sports menu, and a card opens its lobby with the vendor selected', async () => {
    const { nav, router } = setup();
    expect(within(await nav()).queryByRole('link', { name: 'E-sports' })).toBeNull();
    await userEvent.click(within(await nav()).getByRole('button', { name: 'Sports vendors' }));
    const list = await screen.findByRole('list', { name: 'Sports vendors' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.getAttribute('href')),
    ).toEqual(['/sports?vassalage=SABA', '/sports?vassalage=TF']);
    await userEvent.click(within(list).getByRole('link', { name: 'TF Gaming' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sports'));
    expect(router.state.location.search).toBe('?vassalage=TF');
    // The menu closes after the choice.
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Sports vendors' })).toBeNull());
  });

  it('keeps the rule: the entry of the current path does nothing; the same vendor again does nothing either', async () => {
    const { nav, router } = setup('/live?vassalage=EVO');
    const key = router.state.location.key;
    await userEvent.click(within(await nav()).getByRole('link', { name: 'Live casino' }));
    expect(router.state.location.key).toBe(key);
    await userEvent.click(within(await nav()).getByRole('button', { name: 'Live casino vendors' }));
    const list = await screen.findByRole('list', { name: 'Live casino vendors' });
    await userEvent.click(within(list).getByRole('link', { name: 'EVO Gaming HOT' }));
    expect(router.state.location.key).toBe(key);
    // Another vendor of the same lobby is a real navigation.
    await userEvent.click(within(list).getByRole('link', { name: 'SEXY Gaming Maintenance' }));
    await waitFor(() => expect(router.state.location.search).toBe('?vassalage=SEXY'));
  });

  it('works from the keyboard: Enter opens, Tab reaches the cards, Escape closes and returns focus', async () => {
    const { nav } = setup();
    const toggle = await within(await nav()).findByRole('button', { name: 'Lottery vendors' });
    toggle.focus();
    await userEvent.keyboard('{Enter}');
    const list = await screen.findByRole('list', { name: 'Lottery vendors' });
    await userEvent.tab();
    expect(within(list).getByRole('link', { name: 'TCG Gaming' })).toHaveFocus();
    expect(within(list).getByRole('link', { name: 'TCG Gaming' })).toHaveAttribute(
      'href',
      '/elott?vassalage=TCG',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Lottery vendors' })).toBeNull());
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Focus leaving the menu closes it too.
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('list', { name: 'Lottery vendors' });
    await userEvent.tab();
    await userEvent.tab();
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Lottery vendors' })).toBeNull());
  });

  it('opens on mouse hover and closes on leaving; one menu at a time', async () => {
    const { nav } = setup();
    const live = (await within(await nav()).findByRole('button', { name: 'Live casino vendors' })).closest(
      'li',
    )!;
    const slots = within(await nav())
      .getByRole('button', { name: 'Slots vendors' })
      .closest('li')!;
    fireEvent.pointerEnter(live, { pointerType: 'mouse' });
    await screen.findByRole('list', { name: 'Live casino vendors' });
    fireEvent.pointerEnter(slots, { pointerType: 'mouse' });
    await screen.findByRole('list', { name: 'Slots vendors' });
    expect(screen.queryByRole('list', { name: 'Live casino vendors' })).toBeNull();
    fireEvent.pointerLeave(slots, { pointerType: 'mouse' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Slots vendors' })).toBeNull());
    // A touch does not open on "hover": the tap on the button toggles.
    fireEvent.pointerEnter(live, { pointerType: 'touch' });
    expect(screen.queryByRole('list', { name: 'Live casino vendors' })).toBeNull();
  });

  it('shows the vendor name when a logo fails (one attempt), and an error with a retry', async () => {
    let failing = true;
    const { nav } = setup('/index', {
      [gameMenus.path]: () => (failing ? fail('INTERNAL') : ok(gameMenus, menusFixture())),
    });
    await userEvent.click(await within(await nav()).findByRole('button', { name: 'Live casino vendors' }));
    const alert = await within(await nav()).findByRole('alert');
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    const list = await screen.findByRole('list', { name: 'Live casino vendors' });
    const logo = within(list).getByRole('img', { name: 'EVO Gaming' });
    fireEvent.error(logo);
    expect(within(list).queryByRole('img', { name: 'EVO Gaming' })).toBeNull();
    expect(within(list).getByRole('link', { name: 'EVO Gaming HOT' })).toBeInTheDocument();
  });
});
