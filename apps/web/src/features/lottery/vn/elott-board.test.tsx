import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { gameList, gameMenus, lotteryOpenedNumero } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { ok, siteHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { drawFixture, lotteryGameFixture, periodFixture } from './testing';

vi.setConfig({ testTimeout: 30_000 });
const WAIT = { timeout: 5_000 };

const fast = lotteryGameFixture({
  gameCode: 'LUCKY5D_1M',
  labelName: 'Lucky 5D 1 Min',
  gameGroupCode: 'LOTT_5D',
  prizeMode: 'Lott',
  kind: 'digit5',
  region: null,
  intervalSeconds: 60,
  drawTime: null,
  drawDays: null,
  defaultPlayType: 'STRAIGHT_1',
});
const north = lotteryGameFixture();

describe('/elott', () => {
  it('shows every lottery group with its games as cards: schedule, countdown, last result, Play and Results', async () => {
    renderApp('/elott', {
      ...siteHandlers(),
      [gameMenus.path]: () =>
        ok(gameMenus, {
          categories: [],
          lotteryMenus: [
            { gameGroupCode: 'LOTT_5D', labelName: 'lottery.groups.lott_5d', gameMenus: [fast] },
            { gameGroupCode: 'VN_NORTH', labelName: 'lottery.groups.vn_north', gameMenus: [north] },
            { gameGroupCode: 'EMPTY', labelName: 'lottery.groups.empty', gameMenus: [] },
            {
              gameGroupCode: 'VN_SOUTH',
              labelName: 'lottery.groups.vn_south',
              gameMenus: Array.from({ length: 8 }, (_, i) =>
                lotteryGameFixture({
                  gameCode: `VN_S${i}`,
                  labelName: `Province ${i}`,
                  kind: 'vn_south',
                  region: 'south',
                }),
              ),
            },
          ],
        }),
      [lotteryOpenedNumero.path]: (url: URL) => {
        const vn = url.searchParams.get('gameCode') === 'VN_MB';
        return ok(lotteryOpenedNumero, {
          game: vn ? north : fast,
          current: periodFixture({ gameCode: vn ? 'VN_MB' : 'LUCKY5D_1M' }),
          next: null,
          recent: vn
            ? [drawFixture('vn_north')]
            : [{ ...drawFixture('vn_north'), kind: 'digit5', result: { digits: [3, 1, 4, 1, 5] } }],
          odds: [],
          serverTime: new Date().toISOString(),
        });
      },
      [gameList.path]: () => ok(gameList, { items: [], page: 1, pageSize: 48, total: 0 }),
    });
    const card = (await screen.findByRole('heading', { name: 'Lucky 5D 1 Min', level: 3 }, WAIT)).closest(
      'article',
    )!;
    expect(within(card).getByText('Every 1 min')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'Play' })).toHaveAttribute(
      'href',
      '/lottery?gameCode=LUCKY5D_1M&playType=STRAIGHT_1',
    );
    expect(within(card).getByRole('link', { name: 'Results' })).toHaveAttribute(
      'href',
      '/lottery?gameCode=LUCKY5D_1M&view=results',
    );
    expect(await within(card).findByRole('list', { name: /3 1 4 1 5/ }, WAIT)).toBeInTheDocument();

    const vn = screen.getByRole('heading', { name: 'Miền Bắc', level: 3 }).closest('article')!;
    expect(within(vn).getByText('Daily at 18:30')).toBeInTheDocument();
    expect(within(vn).getByRole('link', { name: 'Play' })).toHaveAttribute(
      'href',
      '/vnlottery?gameCode=VN_MB',
    );
    expect(within(vn).getByRole('link', { name: 'Results' })).toHaveAttribute(
      'href',
      '/vnlottery?gameCode=VN_MB&view=results',
    );
    const special = drawFixture('vn_north').result!.prizes![0]!.numbers[0]!;
    expect(await within(vn).findByText(special.slice(-2), {}, WAIT)).toBeInTheDocument();
    // Groups without games are left out.
    expect(screen.getByRole('heading', { name: '5-digit lottery', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Vietnam North', level: 2 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /empty/i, level: 2 })).toBeNull();
    // A long group (the southern provinces) shows its first six, the rest on demand.
    const south = screen.getByRole('region', { name: 'Vietnam South' });
    expect(within(south).getAllByRole('heading', { level: 3 })).toHaveLength(6);
    await userEvent.click(within(south).getByRole('button', { name: 'Show all 8 games' }));
    expect(within(south).getAllByRole('heading', { level: 3 })).toHaveLength(8);
    expect(within(south).queryByRole('button', { name: /Show all/ })).toBeNull();
  });
});
