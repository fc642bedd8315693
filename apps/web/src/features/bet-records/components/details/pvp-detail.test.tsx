import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogues } from '@/lib/i18n';
import { PvpDetail } from './pvp-detail';

const seat = (i: number, cards: string[], rank: number, win: boolean) => ({
  seat: i,
  bot: i > 0,
  name: i > 0 ? `Bot ${i}` : '',
  cards,
  rank,
  result: win ? 'win' : 'lose',
});
const DETAIL = {
  kind: 'pvp',
  game: 'niuniu',
  room: { id: 3, name: 'Beginner 1' },
  stake: 10_000,
  seats: [
    seat(0, ['TS', '5H', '5D', '3C', '7H'], 10, true),
    seat(1, ['KS', 'QH', 'JD', '5C', '2H'], 7, false),
    seat(2, ['2S', '3H', '4D', '7C', '8H'], 0, false),
  ],
  playerRank: 10,
  profit: 18_000,
  rake: 1_000,
  payout: 28_000,
};

beforeAll(async () => {
  await loadCatalogues('pvp');
});

describe('PvpDetail', () => {
  it('names the game and room, sums up the money and lists every seat’s cards, hand and result', () => {
    render(<PvpDetail detail={DETAIL} />);
    expect(screen.getByRole('heading', { name: 'Niu-Niu · room Beginner 1' })).toBeTruthy();
    expect(
      screen.getByText('Your hand: Niu-Niu · stake 100.00 · rake 10.00 · payout 280.00 · win/loss +180.00'),
    ).toBeTruthy();
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      'You10♠5♥5♦3♣7♥Niu-NiuWon',
      'Bot 1K♠Q♥J♦5♣2♥Bull 7Lost',
      'Bot 22♠3♥4♦7♣8♥No bullLost',
    ]);
  });

  it('a Teen Patti hand without a room', () => {
    render(
      <PvpDetail
        detail={{
          ...DETAIL,
          game: 'teenpatti',
          room: null,
          seats: [seat(0, ['AS', 'AH', 'AD'], 5, false)],
          playerRank: 5,
          profit: -10_000,
          rake: 0,
          payout: 0,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Teen Patti' })).toBeTruthy();
    expect(
      screen.getByText(/Your hand: Trail · stake 100.00 · rake 0.00 · payout 0.00 · win\/loss -100.00/),
    ).toBeTruthy();
  });

  it('answers nothing for a detail it cannot read', () => {
    const { container } = render(<PvpDetail detail={{ kind: 'pvp', seats: 'no' }} />);
    expect(container.textContent).toBe('');
    const other = render(<PvpDetail detail={{ kind: 'fish' }} />);
    expect(other.container.textContent).toBe('');
  });

  it('speaks Burmese (the default language) too', async () => {
    await changeLanguage('MY');
    render(<PvpDetail detail={DETAIL} />);
    expect(screen.getByText(/နီယူနီယူ · အခန်း Beginner 1/)).toBeTruthy();
    await changeLanguage('EN');
  });
});
