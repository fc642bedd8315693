import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  announcementSchema,
  announcements,
  hotGames,
  winnerRankList,
  type Announcement,
  type AnnouncementType,
} from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { BANNER_INTERVAL_MS } from '@/features/announcements/components/banner-carousel';
import { gameFixture } from '@/features/games/testing';
import { useUiStore } from '@/lib/ui-store';
import { loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

/**
 * Issue 9, the home page: the banner carousel, the notice line and the notice modal (7 a page,
 * numbered on from page to page), the popups after a login (once), the popular games and the
 * winners board, against the real contract.
 */

let nextId = 1;
function item(type: AnnouncementType, title: string, o: Partial<Announcement> = {}): Announcement {
  const id = nextId++;
  return announcementSchema.parse({
    id,
    type,
    group: { B: 'banners', PL: 'player', H: 'player', PU: 'popup', PR: 'promotion' }[type],
    title,
    content: `<p>${title} content</p>`,
    summary: `${title} summary`,
    imageUrl: type === 'B' ? '/img/banners/gold.svg' : null,
    language: 'EN',
    timestamp: `2026-11-${String(27 - (id % 20)).padStart(2, '0')} 10:00:00`,
    startsAt: '2026-11-20T03:30:00.000Z',
    endsAt: null,
    ...o,
  });
}

const BANNERS = [item('B', 'Lotteries every minute'), item('B', 'Live baccarat'), item('B', 'Vietnam')];
const NOTICES = [
  item('H', 'Welcome home'),
  ...Array.from({ length: 9 }, (_, i) => item('PL', `Notice ${i + 2}`)),
];
const POPUPS = [
  item('PU', 'Welcome back', { content: '<p>Read me</p><script>window.__xss = 1</script>' }),
  item('PU', 'Second popup'),
];

/** The relay as the server answers it: by types, paged. */
function relay(lists: {
  banners?: Announcement[];
  notices?: Announcement[];
  popups?: Announcement[];
}): Handler {
  return (url) => {
    const types = url.searchParams.get('types') ?? '';
    const list =
      types === 'B'
        ? (lists.banners ?? [])
        : types === 'PL,H'
          ? (lists.notices ?? [])
          : types === 'PU'
            ? (lists.popups ?? [])
            : [];
    const page = Number(url.searchParams.get('page') ?? 1);
    const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
    return ok(announcements, {
      items: list.slice((page - 1) * pageSize, page * pageSize),
      page,
      pageSize,
      total: list.length,
    });
  };
}

function handlers(extra: Record<string, Handler> = {}, base = siteHandlers()): Record<string, Handler> {
  return {
    ...base,
    [announcements.path]: relay({ banners: BANNERS, notices: NOTICES, popups: POPUPS }),
    [hotGames.path]: () =>
      ok(hotGames, {
        items: [
          gameFixture({ id: 1, name: 'Juicy Cherries', isHot: true }),
          gameFixture({ id: 2, name: 'Dragon Gold', isHot: true }),
        ],
      }),
    [winnerRankList.path]: () =>
      ok(winnerRankList, {
        items: [
          {
            rank: 1,
            account: 'de***01',
            amount: 1_234_500,
            game: 'Juicy Cherries',
            vertical: 'slots',
            settledAt: '2026-11-27T03:00:00.000Z',
          },
          {
            rank: 2,
            account: 'pl***01',
            amount: 50_000,
            game: null,
            vertical: 'lottery',
            settledAt: '2026-11-27T02:00:00.000Z',
          },
        ],
        days: 7,
        updatedAt: '2026-11-27T03:05:00.000Z',
      }),
    ...extra,
  };
}

const banners = () => screen.findByRole('region', { name: 'Highlights' });
/** The n-th slide (the others are hidden from assistive technology and inert). */
const slide = (n: number) => {
  const found = screen
    .getAllByRole('group', { hidden: true })
    .find((g) => g.getAttribute('aria-label') === `${n} of 3`);
  if (!found) throw new Error(`no slide ${n}`);
  return found;
};

describe('home page (issue 9)', () => {
  it('shows the banners as a carousel: one slide at a time, next/previous, a button per slide, arrow keys, pause', async () => {
    renderApp('/index', handlers());
    const region = await banners();
    expect(within(region).getByRole('heading', { name: 'Lotteries every minute' })).toBeInTheDocument();
    expect(slide(1)).toHaveAttribute('aria-hidden', 'false');
    expect(slide(2)).toHaveAttribute('aria-hidden', 'true');
    await userEvent.click(within(region).getByRole('button', { name: 'Next slide' }));
    expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    await userEvent.click(within(region).getByRole('button', { name: 'Show slide 3' }));
    expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    expect(within(region).getByRole('button', { name: 'Show slide 3' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(slide(1)).toHaveAttribute('aria-hidden', 'false');
    fireEvent.keyDown(region, { key: 'End' });
    expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    await userEvent.click(within(region).getByRole('button', { name: 'Previous slide' }));
    expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    await userEvent.click(within(region).getByRole('button', { name: 'Pause the slides' }));
    expect(within(region).getByRole('button', { name: 'Play the slides' })).toBeInTheDocument();
  });

  it('rotates by itself, and not while the pointer is over it', async () => {
    renderApp('/index', handlers());
    const region = await banners();
    // Fake timers only now: the page has loaded with real ones.
    vi.useFakeTimers();
    // The pointer passing over it and away: the timer starts again, now a fake one.
    fireEvent.mouseEnter(region);
    fireEvent.mouseLeave(region);
    act(() => void vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    fireEvent.mouseEnter(region);
    act(() => void vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3));
    expect(slide(2)).toHaveAttribute('aria-hidden', 'false');
    fireEvent.mouseLeave(region);
    act(() => void vi.advanceTimersByTime(BANNER_INTERVAL_MS));
    expect(slide(3)).toHaveAttribute('aria-hidden', 'false');
    vi.useRealTimers();
  });

  it('moves with a swipe', async () => {
    renderApp('/index', handlers());
    const region = await banners();
    const viewport = within(region).getByRole('group', { name: '1 of 3' }).parentElement!.parentElement!;
    fireEvent.pointerDown(viewport, { pointerId: 1, clientX: 300, isPrimary: true });
    fireEvent.pointerUp(viewport, { pointerId: 1, clientX: 200 });
    await waitFor(() => expect(slide(2)).toHaveAttribute('aria-hidden', 'false'));
  });

  it('a banner’s details open the announcement with its HTML, sanitised', async () => {
    renderApp('/index', handlers());
    const region = await banners();
    await userEvent.click(within(region).getByRole('button', { name: 'Details: Lotteries every minute' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lotteries every minute' });
    expect(within(dialog).getByText('Lotteries every minute content')).toBeInTheDocument();
  });

  it('no banners: no carousel, and nothing is kept for it', async () => {
    renderApp('/index', handlers({ [announcements.path]: relay({ notices: NOTICES }) }));
    expect(await screen.findByRole('button', { name: /Announcements.*Welcome home/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Highlights' })).not.toBeInTheDocument();
  });

  it('the notice line opens the notice modal: 7 a page, numbered, the numbers go on on page 2', async () => {
    renderApp('/index', handlers());
    await userEvent.click(await screen.findByRole('button', { name: /Announcements.*Welcome home/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    const list = await within(dialog).findByRole('list', { name: 'Announcements, page 1' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items[0]).toHaveTextContent('1.Welcome home');
    expect(items[6]).toHaveTextContent('7.Notice 7');
    expect(within(items[0]!).getByText('Welcome home content')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next page' }));
    const second = await within(dialog).findByRole('list', { name: 'Announcements, page 2' });
    const rest = within(second).getAllByRole('listitem');
    expect(rest).toHaveLength(3);
    expect(rest[0]).toHaveTextContent('8.Notice 8');
    expect(rest[2]).toHaveTextContent('10.Notice 10');
    expect(second).toHaveAttribute('start', '8');
  });

  it('an empty notice modal says so', async () => {
    renderApp('/index', handlers({ [announcements.path]: relay({}) }));
    await userEvent.click(await screen.findByRole('button', { name: 'Announcements' }));
    const dialog = await screen.findByRole('dialog', { name: 'Announcements' });
    expect(await within(dialog).findByText('No announcements yet')).toBeInTheDocument();
  });

  it('after a login the popups open once, one after another; their HTML is sanitised', async () => {
    const { calls } = renderApp('/index', handlers({}, loggedInHandlers()));
    await banners();
    act(() => useUiStore.getState().setAfterLogin(true));
    const dialog = await screen.findByRole('dialog', { name: 'Welcome back' });
    expect(useUiStore.getState().afterLogin).toBe(false);
    expect(within(dialog).getByText('Read me')).toBeInTheDocument();
    expect(dialog.querySelector('script')).toBeNull();
    expect(within(dialog).getByText('1 of 2')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('dialog', { name: 'Second popup' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const popupCalls = () => calls.filter((c) => c.url.searchParams.get('types') === 'PU').length;
    expect(popupCalls()).toBe(1);
    // Not again without a new login.
    await new Promise((r) => setTimeout(r, 50));
    expect(popupCalls()).toBe(1);
  });

  it('shows the popular games (not "No games yet") and the winners board', async () => {
    renderApp('/index', handlers());
    const popular = await screen.findByRole('list', { name: 'Popular games' });
    expect(await within(popular).findByRole('button', { name: 'Play Juicy Cherries' })).toBeInTheDocument();
    expect(within(popular).getByRole('button', { name: 'Play Dragon Gold' })).toBeInTheDocument();
    expect(screen.queryByText('No games yet')).not.toBeInTheDocument();
    const board = await screen.findByRole('table', { name: /biggest wins of the last 7 days/ });
    const rows = within(board).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('1de***01Juicy Cherries12,345.00');
    expect(rows[2]).toHaveTextContent('2pl***01Lottery500.00');
  });
});
