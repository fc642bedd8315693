import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pagerItems } from './pager';

const labels = {
  nav: 'Pages',
  previous: 'Previous page',
  next: 'Next page',
  page: (p: number) => `Page ${p}`,
};

describe('pagerItems (page range 3, margin pages 1)', () => {
  it('shows every page when they fit', () => {
    expect(pagerItems(1, 1)).toEqual([1]);
    expect(pagerItems(2, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(1, 0)).toEqual([]);
  });

  it('keeps the first and last page and three around the current one, with gaps', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 'gap', 10]);
    expect(pagerItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pagerItems(10, 10)).toEqual([1, 'gap', 8, 9, 10]);
    // A gap of one page shows the page instead.
    expect(pagerItems(4, 10)).toEqual([1, 2, 3, 4, 5, 'gap', 10]);
    expect(pagerItems(7, 10)).toEqual([1, 'gap', 6, 7, 8, 9, 10]);
  });

  it('clamps a page outside the range', () => {
    expect(pagerItems(99, 6)).toEqual([1, 'gap', 4, 5, 6]);
  });
});

describe('Pager', () => {
  it('marks the current page, moves by page, previous and next, and hides for one page', async () => {
    const onChange = vi.fn();
    const { rerender } = render(<Pager page={1} pageCount={10} onChange={onChange} labels={labels} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(nav).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Page 10' }));
    expect(onChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenLastCalledWith(2);

    rerender(<Pager page={10} pageCount={10} onChange={onChange} labels={labels} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onChange).toHaveBeenLastCalledWith(9);

    rerender(<Pager page={1} pageCount={1} onChange={onChange} labels={labels} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
