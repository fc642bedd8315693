import { afterEach, describe, expect, it, vi } from 'vitest';
import { createReels, TIMING } from './reels.ts';
import { lineWin, spinFixture } from './testing/fixtures.ts';

const words = { wild: 'WILD', scatter: 'BONUS' };
const make = () =>
  createReels({
    family: 'fruits',
    symbols: ['S1', 'A', 'K', 'W', 'SC'],
    words,
    label: 'Reels',
    describedBy: 's',
  });
const gridOf = (el: HTMLElement) =>
  [...el.querySelectorAll<HTMLElement>('.reel')].map((r) =>
    [...r.querySelectorAll<HTMLElement>('.cell')].map((c) => c.dataset.symbol),
  );

afterEach(() => vi.useRealTimers());

describe('reels', () => {
  it('travel for about 0.9 s (normal) or 0.3 s (quick), the last reel stopping last, and end on the grid', async () => {
    expect(TIMING.normal.base + 4 * TIMING.normal.step).toBeGreaterThanOrEqual(600);
    expect(TIMING.normal.base + 4 * TIMING.normal.step).toBeLessThanOrEqual(1000);
    expect(TIMING.quick.base + 4 * TIMING.quick.step).toBeLessThan(400);
    vi.useFakeTimers();
    const reels = make();
    const spin = spinFixture();
    let done = false;
    void reels.reveal(spin, { hold: false, timing: TIMING.normal }).then(() => (done = true));
    expect(reels.running).toBe(true);
    // While travelling a reel holds fillers; none of them is a scatter (no teasing near-misses).
    const strip = reels.el.querySelector<HTMLElement>('.strip')!;
    const passing = [...strip.querySelectorAll<HTMLElement>('.cell')]
      .slice(3, -3)
      .map((c) => c.dataset.symbol);
    expect(passing.length).toBeGreaterThan(0);
    expect(passing).not.toContain('SC');
    await vi.advanceTimersByTimeAsync(TIMING.normal.base + 10);
    expect(gridOf(reels.el)[0]).toEqual(spin.grid[0]);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(4 * TIMING.normal.step + 20);
    expect(done).toBe(true);
    expect(gridOf(reels.el)).toEqual(spin.grid);
    expect(reels.running).toBe(false);
  });

  it('a skip stands every reel on the result at once, during the hold before a free spin too', async () => {
    vi.useFakeTimers();
    const reels = make();
    const spin = spinFixture({
      grid: [
        ['S1', 'S1', 'S1'],
        ['A', 'A', 'A'],
        ['K', 'K', 'K'],
        ['W', 'W', 'W'],
        ['SC', 'A', 'K'],
      ],
    });
    let done = false;
    void reels.reveal(spin, { hold: true, timing: TIMING.normal }).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(10);
    reels.skip();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(gridOf(reels.el)).toEqual(spin.grid);
  });

  it('with reduced motion the symbols are simply replaced', async () => {
    const reels = make();
    const spin = spinFixture();
    await reels.reveal(spin, { hold: false, timing: TIMING.reduced });
    expect(gridOf(reels.el)).toEqual(spin.grid);
  });

  it('highlights the winning cells and draws one line per win; scatters when they pay', () => {
    const reels = make();
    const spin = spinFixture({
      grid: [
        ['A', 'A', 'SC'],
        ['K', 'A', 'K'],
        ['SC', 'A', 'K'],
        ['K', 'K', 'SC'],
        ['K', 'K', 'K'],
      ],
      lineWins: [lineWin(0, 800)],
      scatterCount: 3,
      scatterWin: 4000,
      freeSpinsAwarded: 10,
      win: 4800,
    });
    reels.show(spin.grid);
    reels.highlight(spin);
    const won = [...reels.el.querySelectorAll<HTMLElement>('.cell.win')].map((c) => c.dataset.symbol);
    expect(won.filter((s) => s === 'A')).toHaveLength(3);
    expect(won.filter((s) => s === 'SC')).toHaveLength(3);
    expect(reels.el.querySelectorAll('polyline')).toHaveLength(1);
    expect(reels.el.querySelector('polyline')?.getAttribute('points')).toBe('50,150 150,150 250,150');
    reels.highlight(null);
    expect(reels.el.querySelectorAll('.cell.win, polyline')).toHaveLength(0);
  });
});
