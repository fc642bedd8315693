import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogues } from '@/lib/i18n';
import { FishDetail } from './fish-detail';

const DETAIL = {
  kind: 'fish',
  shots: [
    { species: 'shark', multiplier: 30, bet: 500, caught: true, win: 15_000 },
    { species: 'minnow', multiplier: 2, bet: 500, caught: false, win: 0 },
    { species: 'kraken', multiplier: 250, bet: 100, caught: false, win: 0 },
  ],
  bet: 1_100,
  win: 15_000,
};

beforeAll(async () => {
  await loadCatalogues('fish');
});

describe('FishDetail', () => {
  it('lists each shot: the fish and its multiplier, bet, caught or missed, win; and the totals', () => {
    render(<FishDetail detail={DETAIL} />);
    expect(screen.getByRole('heading', { name: 'Fish shots (3)' })).toBeTruthy();
    expect(screen.getByText('3 shots, 1 caught · bet 11.00 · win 150.00')).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '1Shark ×305.00Caught150.00',
      '2Minnow ×25.00Missed0.00',
      '3Kraken ×2501.00Missed0.00',
    ]);
  });

  it('answers nothing for a detail it cannot read', () => {
    const { container } = render(<FishDetail detail={{ kind: 'fish', shots: 'no' }} />);
    expect(container.textContent).toBe('');
    const other = render(<FishDetail detail={{ kind: 'baccarat' }} />);
    expect(other.container.textContent).toBe('');
  });

  it('speaks Burmese (the default language) too', async () => {
    await changeLanguage('MY');
    render(<FishDetail detail={DETAIL} />);
    expect(screen.getByText(/ငါးမန်း/)).toBeTruthy();
    await changeLanguage('EN');
  });
});
