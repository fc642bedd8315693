import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogues } from '@/lib/i18n';
import { BaccaratDetail } from './baccarat-detail';

const DETAIL = {
  kind: 'baccarat',
  table: 'A',
  roundId: 'r0und-1d',
  playerCards: ['KS', '5H'],
  bankerCards: ['9D', '8C', 'TS'],
  playerTotal: 5,
  bankerTotal: 7,
  winner: 'banker',
  pairs: { player: false, banker: true },
  spots: [
    { spot: 'player', amount: 10_000, payout: 0 },
    { spot: 'banker', amount: 20_000, payout: 39_000 },
    { spot: 'bankerPair', amount: 1_000, payout: 12_000 },
  ],
};

beforeAll(async () => {
  await loadCatalogues('baccarat');
});

describe('BaccaratDetail', () => {
  it('shows the table, both hands with totals, the winner and pairs, and each spot’s stake and return', () => {
    render(<BaccaratDetail detail={DETAIL} />);
    expect(screen.getByRole('heading', { name: 'Baccarat, table A' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Player: K♠ 5♥, total 5' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Banker: 9♦ 8♣ 10♠, total 7' })).toBeTruthy();
    expect(screen.getByText('Banker wins · Pairs: Banker pair')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'Player100.000.00',
      'Banker200.00390.00',
      'Banker pair10.00120.00',
    ]);
  });

  it('an open bet (the debit’s detail) shows its spots and waits for the result', () => {
    render(
      <BaccaratDetail
        detail={{ kind: 'baccarat', table: 'B', roundId: 'x', spots: [{ spot: 'tie', amount: 5_000 }] }}
      />,
    );
    expect(screen.getByText('Waiting for the result')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')[1]!.textContent).toBe('Tie50.00—');
  });

  it('answers nothing for a detail it cannot read', () => {
    const { container } = render(<BaccaratDetail detail={{ kind: 'baccarat', spots: 'no' }} />);
    expect(container.textContent).toBe('');
    const other = render(<BaccaratDetail detail={{ kind: 'fish', shots: [] }} />);
    expect(other.container.textContent).toBe('');
  });

  it('speaks Burmese (the default language) too', async () => {
    await changeLanguage('MY');
    render(<BaccaratDetail detail={DETAIL} />);
    expect(screen.getByText(/ဘဏ် နိုင်သည်/)).toBeTruthy();
    await changeLanguage('EN');
  });
});
