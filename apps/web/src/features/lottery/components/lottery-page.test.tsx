import { configure, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  gameMenus,
  lotteryBets,
  lotteryCancelBet,
  lotteryDraws,
  lotteryOpenedNumero,
  lotteryPlaceBets,
  walletBalance,
} from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { fail, loggedInHandlers, ok, siteHandlers, type Handler } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import {
  betFixture,
  betsFixture,
  drawsFixture,
  gameFixture,
  menusFixture,
  openedFixture,
  placedFixture,
} from '../testing';

const balance = (main: number) =>
  walletBalance.response.parse({
    sumBalance: main,
    currency: 'MMK',
    wallets: [{ code: 'MAIN', name: 'Main', balance: main, status: 'active' }],
  });

const THREE_D = gameFixture({
  gameCode: 'FAST3_3M',
  labelName: 'Fast 3D 3 min',
  gameGroupCode: 'lott_3d',
  kind: 'digit3',
  defaultPlayType: 'BOX_3',
});

function lotteryHandlers(extra: Record<string, Handler> = {}, main = 1_000_000): Record<string, Handler> {
  return {
    [gameMenus.path]: () => ok(gameMenus, menusFixture([gameFixture(), THREE_D])),
    [lotteryOpenedNumero.path]: (url) =>
      ok(
        lotteryOpenedNumero,
        openedFixture(url.searchParams.get('gameCode') === 'FAST3_3M' ? THREE_D : gameFixture()),
      ),
    [lotteryBets.path]: () => ok(lotteryBets, betsFixture([])),
    [walletBalance.path]: () => ok(walletBalance, balance(main)),
    [lotteryDraws.path]: () => ok(lotteryDraws, drawsFixture()),
    ...extra,
  };
}

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search);

async function pickAndAdd() {
  const row = await screen.findByRole('group', { name: '1st digit' }, { timeout: 5_000 });
  await userEvent.click(within(row).getByRole('button', { name: '7' }));
  await userEvent.click(within(row).getByRole('button', { name: '3' }));
  expect(within(row).getByRole('button', { name: '7' })).toHaveAttribute('aria-pressed', 'true');
  expect(screen.getByText('2 bets')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Add to slip' }));
}

// Whole routes render here (router, loaders, several queries): give a loaded machine room.
const asyncTimeout = getConfig().asyncUtilTimeout;
beforeAll(() => configure({ asyncUtilTimeout: 5_000 }));
afterAll(() => configure({ asyncUtilTimeout: asyncTimeout }));

describe('/lottery', { timeout: 30_000 }, () => {
  it('opens the game and play-type tab of the query', async () => {
    renderApp('/lottery?gameCode=FAST3_3M&playType=STRAIGHT_3', { ...siteHandlers(), ...lotteryHandlers() });
    const tab = await screen.findByRole('tab', { name: 'First 3 straight' }, { timeout: 5_000 });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Fast 3D 3 min' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Fast 3D 3 min' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByText('Period 20261124-0241')).toBeInTheDocument();
    // digit3 has three positions.
    expect(screen.getByRole('group', { name: '3rd digit' })).toBeInTheDocument();
  });

  it('a hand-made game code that cannot be a game is unknown without asking the server', async () => {
    let asked = 0;
    renderApp('/lottery?gameCode=X&playType=Y', {
      ...siteHandlers(),
      ...lotteryHandlers({
        [lotteryOpenedNumero.path]: () => {
          asked++;
          return fail('BAD_REQUEST');
        },
      }),
    });
    expect(
      await screen.findByText('This lottery game is not available.', {}, { timeout: 5_000 }),
    ).toBeInTheDocument();
    expect(asked).toBe(0);
  });

  it('adds gameCode and the default play type to the query, and follows the player’s game and tab', async () => {
    const { router } = renderApp('/lottery', { ...siteHandlers(), ...lotteryHandlers() });
    await waitFor(() => expect(search(router).get('gameCode')).toBe('FAST5_1M'), { timeout: 5_000 });
    expect(search(router).get('playType')).toBe('STRAIGHT_1');
    await userEvent.click(await screen.findByRole('tab', { name: 'Last 2 box' }));
    await waitFor(() => expect(search(router).get('playType')).toBe('BOX_2'));
    await userEvent.click(screen.getByRole('button', { name: 'Fast 3D 3 min' }));
    await waitFor(() => expect(search(router).get('gameCode')).toBe('FAST3_3M'));
    expect(search(router).get('playType')).toBe('BOX_3');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'First 3 box' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(screen.getByRole('heading', { name: 'Fast 3D 3 min' })).toBeInTheDocument();
  });

  it('random pick, clear, counts; the slip totals unit × multiplier × bets and places the slip once with a key', async () => {
    const placed: unknown[] = [];
    renderApp('/lottery?gameCode=FAST5_1M', {
      ...loggedInHandlers(),
      ...lotteryHandlers({
        [lotteryPlaceBets.path]: (_url, init) => {
          placed.push(JSON.parse(String(init?.body)));
          return ok(lotteryPlaceBets, placedFixture());
        },
      }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Random pick' }, { timeout: 5_000 }));
    expect(screen.getByText('1 bets')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear picks' }));
    expect(screen.getByText('0 bets')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to slip' })).toBeDisabled();

    await pickAndAdd();
    const slip = screen.getByRole('region', { name: /Bet slip/ });
    expect(within(slip).getByText('Single position')).toBeInTheDocument();
    expect(within(slip).getByTestId('slip-total')).toHaveTextContent('2.00');
    await userEvent.selectOptions(within(slip).getByRole('combobox', { name: 'Unit' }), '1000');
    const mult = within(slip).getByRole('spinbutton', { name: 'Multiplier' });
    await userEvent.clear(mult);
    await userEvent.type(mult, '3');
    expect(within(slip).getByText('2 bets × 10.00 × 3 = 60.00')).toBeInTheDocument();
    expect(within(slip).getByTestId('slip-total')).toHaveTextContent('60.00');
    await waitFor(() => expect(within(slip).getByText('MMK 10,000.00')).toBeInTheDocument());

    await userEvent.click(within(slip).getByRole('button', { name: 'Place bets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your bets' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your bets are placed.');
    expect(placed).toHaveLength(1);
    expect(placed[0]).toMatchObject({
      gameCode: 'FAST5_1M',
      numero: '20261124-0241',
      lines: [{ playType: 'STRAIGHT_1', selection: [['3', '7'], [], [], [], []], unit: 1000, multiplier: 3 }],
    });
    expect((placed[0] as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(within(slip).getByText('Add picks to the slip to bet.')).toBeInTheDocument();
  });

  it('above the balance: "not enough balance" and no confirm', async () => {
    renderApp('/lottery?gameCode=FAST5_1M', { ...loggedInHandlers(), ...lotteryHandlers({}, 150) });
    await pickAndAdd();
    const slip = screen.getByRole('region', { name: /Bet slip/ });
    expect(await within(slip).findByText('Not enough balance for this slip.')).toBeInTheDocument();
    expect(within(slip).getByRole('button', { name: 'Place bets' })).toBeDisabled();
  });

  it('a chase multiplies the total by its periods and is sent with stop-on-win', async () => {
    const placed: unknown[] = [];
    renderApp('/lottery?gameCode=FAST5_1M', {
      ...loggedInHandlers(),
      ...lotteryHandlers({
        [lotteryPlaceBets.path]: (_url, init) => {
          placed.push(JSON.parse(String(init?.body)));
          return ok(lotteryPlaceBets, placedFixture());
        },
      }),
    });
    await pickAndAdd();
    const slip = screen.getByRole('region', { name: /Bet slip/ });
    await userEvent.click(within(slip).getByRole('checkbox', { name: 'Chase the next periods' }));
    expect(within(slip).getByTestId('slip-total')).toHaveTextContent('10.00');
    await userEvent.click(within(slip).getByRole('button', { name: 'Place bets' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await screen.findByText('Your bets are placed.');
    expect(placed[0]).toMatchObject({ chase: { periods: 5, stopOnWin: true } });
  });

  it('shows the server’s refusal translated', async () => {
    renderApp('/lottery?gameCode=FAST5_1M', {
      ...loggedInHandlers(),
      ...lotteryHandlers({
        [lotteryPlaceBets.path]: () => fail('CONFLICT', 'lottery.errors.betting_closed'),
      }),
    });
    await pickAndAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Place bets' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Betting on this period has closed.')).toBeInTheDocument();
  });

  it('a guest’s slip asks to log in', async () => {
    renderApp('/lottery?gameCode=FAST5_1M', { ...siteHandlers(), ...lotteryHandlers() });
    await pickAndAdd();
    await userEvent.click(screen.getByRole('button', { name: 'Log in to bet' }));
    expect(useUiStore.getState().modal).toEqual({ kind: 'login' });
    expect(screen.getByText('Log in to see your bets.')).toBeInTheDocument();
  });

  it('my bets show the state and payout, and Cancel refunds a cancellable bet', async () => {
    const cancelled: unknown[] = [];
    renderApp('/lottery?gameCode=FAST5_1M', {
      ...loggedInHandlers(),
      ...lotteryHandlers({
        [lotteryBets.path]: () =>
          ok(
            lotteryBets,
            betsFixture([
              betFixture(),
              betFixture({
                id: 10,
                numero: '20261124-0240',
                state: 'won',
                payout: 980,
                winCount: 1,
                cancellable: false,
              }),
            ]),
          ),
        [lotteryCancelBet.path]: (_url, init) => {
          cancelled.push(JSON.parse(String(init?.body)));
          return ok(lotteryCancelBet, {
            bet: betFixture({ state: 'cancelled', cancellable: false }),
            balance: 1000,
          });
        },
      }),
    });
    const list = await screen.findByTestId('lottery-my-bets', {}, { timeout: 5_000 });
    const won = within(list).getByText('Won').closest('li')!;
    expect(won).toHaveTextContent('Payout 9.80');
    expect(within(won).queryByRole('button', { name: 'Cancel' })).toBeNull();
    await userEvent.click(within(list).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('The bet is cancelled and the stake refunded.')).toBeInTheDocument();
    expect(cancelled).toEqual([{ betId: 11 }]);
  });

  it('view=results lists the draws with commit and seed; the head-nav toggle hides the header for the session', async () => {
    const { router } = renderApp('/lottery?gameCode=FAST5_1M&view=results', {
      ...siteHandlers(),
      ...lotteryHandlers(),
    });
    const draws = await screen.findByTestId('lottery-draws', {}, { timeout: 5_000 });
    expect(within(draws).getByText('Period 20261124-0240')).toBeInTheDocument();
    expect(within(draws).getByText('ef'.repeat(32))).toBeInTheDocument();
    expect(within(draws).getByRole('button', { name: 'Verify' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back to the game' }));
    await waitFor(() => expect(search(router).get('view')).toBeNull());

    const toggle = screen.getByRole('button', { name: 'Hide the header' });
    await userEvent.click(toggle);
    expect(document.querySelector('header')).toHaveStyle({ display: 'none' });
    expect(window.sessionStorage.getItem('lotteryHeadNavHidden')).toBe('1');
    await userEvent.click(screen.getByRole('button', { name: 'Show the header' }));
    expect(document.querySelector('header')).not.toHaveStyle({ display: 'none' });
  });
});
