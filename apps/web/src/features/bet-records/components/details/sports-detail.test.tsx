import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogues } from '@/lib/i18n';
import { SportsDetail } from './sports-detail';

const DETAIL = {
  kind: 'sports',
  slipId: 'slip-1',
  type: 'parlay',
  legs: [
    {
      event: 'Arsenal v Chelsea',
      sport: 'football',
      league: 'Premier League',
      market: '1x2',
      selection: 'home',
      line: null,
      odds: 1950,
      result: '2-1',
      outcome: 'won',
    },
    {
      event: 'Lakers v Celtics',
      sport: 'basketball',
      league: 'NBA',
      market: 'handicap',
      selection: 'away',
      line: -450,
      odds: 1900,
      result: '101-99',
      outcome: 'won',
    },
    {
      event: 'T1 v Gen.G',
      sport: 'lol',
      league: 'LoL Champions',
      market: 'total',
      selection: 'over',
      line: 250,
      odds: 2100,
      result: 'void',
      outcome: 'void',
    },
  ],
  stake: 10_000,
  odds: 3705,
  payout: 37_050,
};

beforeAll(async () => {
  await loadCatalogues('sports');
});

describe('SportsDetail', () => {
  it('shows each leg’s pick, odds, market, result and outcome, then stake, odds and payout', () => {
    render(<SportsDetail detail={DETAIL} />);
    expect(screen.getByRole('heading', { name: 'Parlay of 3' })).toBeTruthy();
    const legs = screen.getAllByRole('listitem').map((li) => li.textContent);
    expect(legs).toEqual([
      'Arsenal @ 1.951X2 · Arsenal v Chelsea · Premier LeagueResult 2-1 · Won',
      'Celtics +4.5 @ 1.90Handicap · Lakers v Celtics · NBAResult 101-99 · Won',
      'Over 2.5 @ 2.10Over/Under · T1 v Gen.G · LoL ChampionsMatch void · Void (counts 1.00)',
    ]);
    expect(screen.getByText('100.00')).toBeTruthy();
    expect(screen.getByText('3.71')).toBeTruthy();
    expect(screen.getByText('370.50')).toBeTruthy();
  });

  it('answers nothing for a detail it cannot read', () => {
    const { container } = render(<SportsDetail detail={{ kind: 'sports', legs: 'no' }} />);
    expect(container.textContent).toBe('');
  });

  it('speaks Burmese (the default language) too', async () => {
    await changeLanguage('MY');
    render(<SportsDetail detail={{ ...DETAIL, type: 'single', legs: [DETAIL.legs[0]] }} />);
    expect(screen.getByText('တစ်ပွဲချင်း လောင်းကြေး')).toBeTruthy();
    await changeLanguage('EN');
  });
});
