import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues } from '@/lib/i18n';
import { LotteryDetail } from './lottery-detail';

const bet = {
  id: 5,
  gameCode: 'FAST5_1M',
  labelName: 'Fast 5D 1 min',
  numero: '20261124-0241',
  playType: 'STRAIGHT_1',
  selection: [['3', '7'], [], [], [], []],
  unit: 1000,
  multiplier: 2,
  betCount: 2,
  stake: 4000,
  state: 'won',
  payout: 19_600,
  winCount: 1,
  chaseId: null,
  cancellable: false,
  createdAt: '2026-11-24T04:00:10.000Z',
  settledAt: '2026-11-24T04:01:01.000Z',
};
const period = {
  gameCode: 'FAST5_1M',
  numero: '20261124-0241',
  openAt: '2026-11-24T04:00:00.000Z',
  closeAt: '2026-11-24T04:00:50.000Z',
  drawAt: '2026-11-24T04:01:00.000Z',
  state: 'drawn',
  commitHash: 'ab'.repeat(32),
};
const draw = {
  gameCode: 'FAST5_1M',
  labelName: 'Fast 5D 1 min',
  kind: 'digit5',
  numero: '20261124-0241',
  drawAt: '2026-11-24T04:01:00.000Z',
  state: 'drawn',
  commitHash: 'ab'.repeat(32),
  seed: 'cd'.repeat(32),
  result: { digits: [7, 0, 1, 2, 3] },
  algorithm: 'hmac-sha256-counter-v1',
};

beforeAll(async () => {
  await loadCatalogues('lottery');
});

describe('LotteryDetail', () => {
  it('shows game, period, play type, picks, unit × multiplier × bets, result, commit, seed, wins and payout', () => {
    render(<LotteryDetail detail={{ kind: 'lottery', bet, period, draw }} />);
    expect(screen.getByRole('heading', { name: 'Fast 5D 1 min · Period 20261124-0241' })).toBeTruthy();
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual([
      'GameFast 5D 1 min',
      'Play typeSingle position',
      'Picks3 7 | - | - | - | -',
      'Unit × multiplier × bets10.00 × 2 × 2 = 40.00',
      'Result70123',
      'StateWon',
      'Winning bets1',
      'Payout196.00',
      `Commit hash${'ab'.repeat(32)}`,
      `Seed${'cd'.repeat(32)}`,
    ]);
  });

  it('a pending bet: not drawn yet, no seed; a detail it cannot read shows nothing', () => {
    render(
      <LotteryDetail
        detail={{
          kind: 'lottery',
          bet: { ...bet, state: 'pending', payout: 0, winCount: 0 },
          period,
          draw: null,
        }}
      />,
    );
    expect(screen.getByTestId('lottery-detail-result')).toHaveTextContent('Not drawn yet');
    expect(screen.queryByText('Seed')).toBeNull();
    const { container } = render(<LotteryDetail detail={{ kind: 'lottery', bet: 1 }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('big/small picks are translated', () => {
    render(
      <LotteryDetail
        detail={{
          kind: 'lottery',
          bet: { ...bet, playType: 'BIG_SMALL', selection: [['big']] },
          period,
          draw,
        }}
      />,
    );
    expect(screen.getByText('Big')).toBeTruthy();
  });
});
