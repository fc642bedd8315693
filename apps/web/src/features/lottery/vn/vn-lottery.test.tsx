import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lotteryOpenedNumero, vnGameMenu, vnRecent } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { pickGame, provincesOf } from './region-tabs';
import { drawFixture, lotteryGameFixture, periodFixture } from './testing';

vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 5_000 };

const north = { ...lotteryGameFixture(), drawsToday: true };
const hue = {
  ...lotteryGameFixture({
    gameCode: 'VN_HUE',
    labelName: 'Thừa Thiên Huế',
    kind: 'vn_south',
    region: 'central',
  }),
  drawsToday: false,
};
const danang = {
  ...lotteryGameFixture({ gameCode: 'VN_DN', labelName: 'Đà Nẵng', kind: 'vn_south', region: 'central' }),
  drawsToday: true,
};
const hcm = {
  ...lotteryGameFixture({
    gameCode: 'VN_HCM',
    labelName: 'TP. Hồ Chí Minh',
    kind: 'vn_south',
    region: 'south',
  }),
  drawsToday: true,
};
const regions = [
  { region: 'north' as const, games: [north] },
  { region: 'central' as const, games: [hue, danang] },
  { region: 'south' as const, games: [hcm] },
];

function handlers(extra: Record<string, Handler> = {}) {
  return {
    ...siteHandlers(),
    [vnGameMenu.path]: () => ok(vnGameMenu, { regions, serverTime: new Date().toISOString() }),
    [lotteryOpenedNumero.path]: (url: URL) => {
      const code = url.searchParams.get('gameCode') ?? '';
      const game = [north, hue, danang, hcm].find((g) => g.gameCode === code) ?? north;
      return ok(lotteryOpenedNumero, {
        game,
        current: periodFixture({ gameCode: code }),
        next: null,
        recent: [],
        odds: [
          { playType: 'LO_2D', option: '', odds: 3.5, houseEdge: 0.05 },
          { playType: 'DE', option: '', odds: 95, houseEdge: 0.05 },
        ],
        serverTime: new Date().toISOString(),
      });
    },
    [vnRecent.path]: (url: URL) => {
      const code = url.searchParams.get('gameCode');
      const kind = code === 'VN_MB' ? 'vn_north' : 'vn_south';
      return ok(vnRecent, {
        date: url.searchParams.get('date') ?? '2026-11-24',
        items: [drawFixture(kind, { gameCode: code ?? 'VN_MB' })],
      });
    },
    ...extra,
  };
}

describe('region and province tabs', () => {
  it('puts the provinces drawing today first and opens the asked game, else the first drawing today', () => {
    expect(provincesOf(regions[1]).map((g) => g.gameCode)).toEqual(['VN_DN', 'VN_HUE']);
    expect(pickGame(regions, 'VN_HUE')?.gameCode).toBe('VN_HUE');
    expect(pickGame(regions, null)?.gameCode).toBe('VN_MB');
    expect(pickGame(regions, 'NOPE')?.gameCode).toBe('VN_MB');
    expect(pickGame([{ region: 'central', games: [hue] }], null)?.gameCode).toBe('VN_HUE');
    expect(pickGame([], null)).toBeNull();
  });

  it('/vnlottery: regions, provinces (today marked), the period, the sheet; a region tab switches the game and the address', async () => {
    const { router } = renderApp('/vnlottery', handlers());
    const regionTabs = await screen.findByRole('tablist', { name: 'Regions' }, WAIT);
    expect(
      within(regionTabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['North', 'Central', 'South']);
    expect(within(regionTabs).getByRole('tab', { name: 'North' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('table', { name: /Result sheet of Miền Bắc/ }, WAIT)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Miền Bắc/, level: 2 })).toHaveTextContent('Draw 20261125');

    await userEvent.click(within(regionTabs).getByRole('tab', { name: 'Central' }));
    await waitFor(() => expect(router.state.location.search).toBe('?gameCode=VN_DN'), WAIT);
    const provinces = screen.getByRole('tablist', { name: 'Provinces' });
    await waitFor(
      () =>
        expect(
          within(provinces)
            .getAllByRole('tab')
            .map((t) => t.textContent),
        ).toEqual(['Đà Nẵng●draws today', 'Thừa Thiên Huế']),
      WAIT,
    );
    const tabs = within(provinces).getAllByRole('tab');
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    // A southern-type sheet for the central province: the 8th prize first.
    const sheet = await screen.findByRole(
      'table',
      { name: /Result sheet of TP. Hồ Chí Minh|Result sheet of/ },
      WAIT,
    );
    expect(within(sheet).getAllByRole('row')).toHaveLength(9);

    await userEvent.click(tabs[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?gameCode=VN_HUE'), WAIT);
  });

  it('query gameCode opens that province; LO_2D picks from the 00–99 grid go to the slip; random pick and clear', async () => {
    renderApp('/vnlottery?gameCode=VN_HCM', handlers());
    const southTab = await screen.findByRole('tab', { name: 'South' }, WAIT);
    expect(southTab).toHaveAttribute('aria-selected', 'true');
    const typeTabs = screen.getByRole('tablist', { name: 'Bet types' });
    expect(within(typeTabs).getAllByRole('tab')).toHaveLength(10);
    expect(within(typeTabs).getByRole('tab', { name: 'Lô 2 (2 digits)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const grid = screen.getByRole('group', { name: 'Numbers' });
    expect(within(grid).getAllByRole('button')).toHaveLength(100);
    await userEvent.click(within(grid).getByRole('button', { name: '07' }));
    await userEvent.click(within(grid).getByRole('button', { name: '68' }));
    expect(within(grid).getByRole('button', { name: '07' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Bets: 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
    expect(screen.getByText('07 68')).toBeInTheDocument();
    expect(screen.getByText('Bets: 0')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Random pick' }));
    expect(screen.getByText('Bets: 1')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByText('Bets: 0')).toBeInTheDocument();

    // 3 càng: typed entry of 000–999.
    await userEvent.click(within(typeTabs).getByRole('tab', { name: '3 càng' }));
    const input = screen.getByLabelText('Type a 3-digit number');
    await userEvent.type(input, '12{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter exactly 3 digits.');
    await userEvent.clear(input);
    await userEvent.type(input, '123{Enter}');
    expect(screen.getByRole('button', { name: 'Remove 123' })).toBeInTheDocument();
    expect(screen.getByText('Bets: 1')).toBeInTheDocument();
  });

  it("/elott's Results (view=results) brings the sheet into view", async () => {
    const scrolled = vi.mocked(Element.prototype.scrollIntoView);
    scrolled.mockClear();
    renderApp('/vnlottery?gameCode=VN_MB&view=results', handlers());
    await screen.findByRole('table', { name: /Result sheet of Miền Bắc/ }, WAIT);
    await waitFor(() => expect(scrolled).toHaveBeenCalled(), WAIT);
    const target = scrolled.mock.contexts.at(-1) as HTMLElement;
    expect(within(target).getByRole('heading', { name: 'Results' })).toBeInTheDocument();
  });

  it('embed=1 (started in the game frame): the site header is not shown', async () => {
    renderApp('/vnlottery?gameCode=VN_MB&embed=1', handlers());
    await screen.findByRole('tablist', { name: 'Regions' }, WAIT);
    const header = document.querySelector<HTMLElement>('body header');
    expect(header).not.toBeNull();
    await waitFor(() => expect(header!.style.display).toBe('none'), WAIT);
  });
});
