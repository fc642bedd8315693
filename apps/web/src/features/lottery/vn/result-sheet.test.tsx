import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { changeLanguage, loadCatalogues } from '@/lib/i18n';
import { ResultSheet } from './result-sheet';
import { headsAndTails, lotoOf, sheetRows } from './sheet-model';
import { drawFixture } from './testing';

describe('VN result sheet', () => {
  it('the North prints 27 prizes, special first down to the 7th', () => {
    const draw = drawFixture('vn_north');
    const rows = sheetRows('vn_north', draw.result);
    expect(rows.map((r) => r.tier)).toEqual(['special', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    expect(rows.map((r) => r.numbers.length)).toEqual([1, 1, 2, 6, 4, 6, 3, 4]);
    expect(lotoOf(draw.result)).toHaveLength(27);
  });

  it('the South and Central print 18 prizes, from the 8th up to the special prize', () => {
    const draw = drawFixture('vn_south');
    const rows = sheetRows('vn_south', draw.result);
    expect(rows.map((r) => r.tier)).toEqual(['p8', 'p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1', 'special']);
    expect(rows.map((r) => r.numbers.length)).toEqual([1, 1, 3, 1, 7, 2, 1, 1, 1]);
    expect(lotoOf(draw.result)).toHaveLength(18);
  });

  it('the đầu/đuôi table puts each lô under its tens digit and its units digit', () => {
    const { heads, tails } = headsAndTails(['12', '17', '12', '70', '05', 'x1']);
    expect(heads[1]).toEqual(['2', '2', '7']);
    expect(heads[7]).toEqual(['0']);
    expect(heads[0]).toEqual(['5']);
    expect(tails[2]).toEqual(['1', '1']);
    expect(tails[0]).toEqual(['7']);
    expect(tails[5]).toEqual(['0']);
    expect(heads[9]).toEqual([]);
  });

  it('renders a northern sheet with every prize, the last two digits emphasised, the loto table and the proof', async () => {
    await changeLanguage('EN');
    await loadCatalogues('lottery', 'vnlottery');
    const draw = drawFixture('vn_north');
    render(<ResultSheet draw={draw} />);
    const sheet = screen.getByRole('table', { name: 'Result sheet of Miền Bắc, draw 20261124' });
    const rows = within(sheet).getAllByRole('row');
    expect(rows).toHaveLength(8);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Special');
    expect(within(rows[7]!).getByRole('rowheader')).toHaveTextContent('7th');
    const special = draw.result!.prizes![0]!.numbers[0]!;
    expect(rows[0]).toHaveTextContent(special);
    // The lô (last two digits) is its own strong element.
    const strong = rows[0]!.querySelector('strong');
    expect(strong?.textContent).toBe(special.slice(-2));
    // Every prize number appears: 27 emphasised lô in the sheet.
    expect(sheet.querySelectorAll('strong')).toHaveLength(27);
    const loto = screen.getByRole('table', { name: 'Heads and tails (đầu / đuôi) of the last two digits' });
    // Header + ten digits.
    expect(within(loto).getAllByRole('row')).toHaveLength(11);
    const total = lotoOf(draw.result).length;
    const listed = within(loto)
      .getAllByRole('cell')
      .filter((_, i) => i % 2 === 0)
      .reduce((n, cell) => n + (cell.textContent ? cell.textContent.split(', ').length : 0), 0);
    expect(listed).toBe(total);
    expect(screen.getByText('Check this draw')).toBeInTheDocument();
  });

  it('renders a southern sheet: 9 rows, the 8th prize first and the special prize last', async () => {
    await changeLanguage('EN');
    await loadCatalogues('lottery', 'vnlottery');
    render(<ResultSheet draw={drawFixture('vn_south')} />);
    const rows = within(screen.getByRole('table', { name: /Result sheet of TP. Hồ Chí Minh/ })).getAllByRole(
      'row',
    );
    expect(rows).toHaveLength(9);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('8th');
    expect(within(rows[8]!).getByRole('rowheader')).toHaveTextContent('Special');
    expect(rows[4]!.querySelectorAll('strong')).toHaveLength(7);
  });
});
