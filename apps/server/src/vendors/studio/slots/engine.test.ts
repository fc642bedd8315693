import { readFileSync } from 'node:fs';
import * as nodeCrypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import {
  BET_LEVELS,
  LINE_COUNT,
  MAX_FREE_SPINS_PER_ROUND,
  PAYLINES,
  REELS,
  ROWS,
  SLOT_FAMILIES,
  cryptoRng,
  evaluateGrid,
  paytable,
  playRound,
  roundWin,
  seededRng,
  type GridEvaluation,
  type LineWin,
  type Rng,
  type SlotFamilyId,
} from './engine.ts';
import { FAMILY_DEFS } from './families.ts';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, randomInt: vi.fn(actual.randomInt) };
});

// grid[reel] = [top, middle, bottom]. No payline pays and no scatter shows on this grid (checked below).
const BLANK = [
  ['A', 'Q', '10'],
  ['K', 'J', 'A'],
  ['Q', '10', 'K'],
  ['J', 'A', 'Q'],
  ['10', 'K', 'J'],
];
function withMiddle(row: string[], base = BLANK): string[][] {
  return base.map((col, reel) => [col[0]!, row[reel]!, col[2]!]);
}
/** The win on payline 0 (the middle row); other lines may pay too on these grids. */
const line0 = (ev: GridEvaluation): LineWin | undefined => ev.lineWins.find((w) => w.line === 0);
const pay = (family: SlotFamilyId, id: string, count: number): number =>
  paytable(family).symbols.find((s) => s.id === id)!.pays[String(count)]!;

/** An Rng that stops every reel on its scatter: every spin shows five scatters. */
function scatterEverywhere(family: SlotFamilyId): Rng {
  const stops = FAMILY_DEFS[family].strips.map((strip) => strip.split(' ').indexOf('SC'));
  let call = 0;
  return { int: () => stops[call++ % REELS]! };
}

describe('slot engine: shape and inputs', () => {
  it('has 20 distinct paylines and bet levels divisible by the line count', () => {
    expect(PAYLINES).toHaveLength(LINE_COUNT);
    expect(new Set(PAYLINES.map((l) => l.join())).size).toBe(LINE_COUNT);
    for (const l of PAYLINES) {
      expect(l).toHaveLength(REELS);
      for (const row of l) expect(row === 0 || row === 1 || row === 2).toBe(true);
    }
    for (const b of BET_LEVELS) expect(b % LINE_COUNT).toBe(0);
  });

  it('every family has a full paytable and five strips with exactly one scatter each', () => {
    for (const family of SLOT_FAMILIES) {
      const p = paytable(family);
      expect(p.family).toBe(family);
      expect(p.lines).toEqual(PAYLINES);
      expect(p.symbols.map((s) => s.kind).filter((k) => k === 'wild')).toHaveLength(1);
      expect(p.symbols.map((s) => s.kind).filter((k) => k === 'scatter')).toHaveLength(1);
      for (const s of p.symbols) {
        expect(s.label && s.glyph).toBeTruthy();
        for (const k of ['3', '4', '5']) expect(Number.isInteger(s.pays[k])).toBe(true);
      }
      expect(p.freeSpins.map((f) => [f.scatters, f.spins])).toEqual([
        [3, 10],
        [4, 15],
        [5, 20],
      ]);
      expect([2, 3]).toContain(p.freeSpins[0]!.multiplier);
      expect(p.maxFreeSpins).toBe(MAX_FREE_SPINS_PER_ROUND);
      expect(p.betLevels).toEqual(BET_LEVELS);
      const strips = FAMILY_DEFS[family].strips.map((s) => s.split(' '));
      expect(strips).toHaveLength(REELS);
      for (const strip of strips) expect(strip.filter((id) => id === 'SC')).toHaveLength(1);
    }
  });

  it('deals a 5 × 3 grid of known symbols from uniform stops', () => {
    const rng = seededRng(1);
    for (const family of SLOT_FAMILIES) {
      const ids = new Set(paytable(family).symbols.map((s) => s.id));
      const strips = FAMILY_DEFS[family].strips.map((s) => s.split(' '));
      for (let i = 0; i < 200; i++) {
        const round = playRound(family, 2000, rng);
        for (const spin of round.spins) {
          expect(spin.grid).toHaveLength(REELS);
          spin.grid.forEach((col, reel) => {
            expect(col).toHaveLength(ROWS);
            for (const id of col) expect(ids.has(id)).toBe(true);
            const strip = strips[reel]!;
            const stop = spin.stops[reel]!;
            expect(col).toEqual([0, 1, 2].map((row) => strip[(stop + row) % strip.length]));
          });
        }
      }
    }
  });

  it('rejects bets outside BET_LEVELS and unknown families', () => {
    for (const bad of [0, -2000, 1999, 2000.5, Number.NaN, 100, 3000, 1e9]) {
      expect(() => playRound('fruits', bad, seededRng(1))).toThrow(RangeError);
      expect(() => roundWin('fruits', bad, seededRng(1))).toThrow(RangeError);
      expect(() => evaluateGrid('fruits', BLANK, bad)).toThrow(RangeError);
    }
    expect(() => playRound('nope' as SlotFamilyId, 2000, seededRng(1))).toThrow(RangeError);
    expect(() => paytable('nope' as SlotFamilyId)).toThrow(RangeError);
    expect(() => evaluateGrid('fruits', BLANK.slice(0, 4), 2000)).toThrow(RangeError);
    expect(() => evaluateGrid('fruits', withMiddle(['A', 'A', 'A', 'A', 'X']), 2000)).toThrow(RangeError);
    expect(() => evaluateGrid('fruits', BLANK, 2000, 0)).toThrow(RangeError);
  });

  it('rejects an rng that answers out of range rather than using it', () => {
    expect(() => playRound('fruits', 2000, { int: (n) => n })).toThrow(RangeError);
    expect(() => playRound('fruits', 2000, { int: () => 0.5 })).toThrow(RangeError);
  });
});

describe('slot engine: line and scatter evaluation on hand-built grids', () => {
  const bet = 2000;
  const lineBet = bet / LINE_COUNT;

  it('the blank grid pays nothing in any family', () => {
    for (const family of SLOT_FAMILIES) {
      expect(evaluateGrid(family, BLANK, bet)).toEqual({
        lineWins: [],
        scatterCount: 0,
        scatterWin: 0,
        freeSpinsAwarded: 0,
        multiplier: 1,
        win: 0,
      });
    }
  });

  it('pays a 3-of-a-kind from reel 1, with its positions, and only left to right', () => {
    const ev = evaluateGrid('fruits', withMiddle(['S1', 'S1', 'S1', 'K', 'Q']), bet);
    expect(ev.lineWins).toEqual([
      {
        line: 0,
        symbol: 'S1',
        count: 3,
        multiplier: pay('fruits', 'S1', 3),
        amount: lineBet * pay('fruits', 'S1', 3),
        positions: [
          [0, 1],
          [1, 1],
          [2, 1],
        ],
      },
    ]);
    expect(ev.win).toBe(lineBet * pay('fruits', 'S1', 3));
    // Not starting on reel 1: no win.
    expect(evaluateGrid('fruits', withMiddle(['K', 'S1', 'S1', 'S1', 'S1']), bet).lineWins).toEqual([]);
  });

  it('pays 4 and 5 of a kind at their own multipliers, on a non-straight line too', () => {
    const five = evaluateGrid('gems', withMiddle(['S2', 'S2', 'S2', 'S2', 'S2']), bet);
    expect(five.lineWins).toHaveLength(1);
    expect(five.lineWins[0]).toMatchObject({ line: 0, symbol: 'S2', count: 5 });
    expect(five.win).toBe(lineBet * pay('gems', 'S2', 5));
    // Line 4 is the V [0, 1, 2, 1, 0].
    const v = BLANK.map((col) => [...col]);
    v[0]![0] = 'S3';
    v[1]![1] = 'S3';
    v[2]![2] = 'S3';
    v[3]![1] = 'S3';
    const ev = evaluateGrid('gems', v, bet);
    expect(ev.lineWins).toEqual([
      {
        line: 3,
        symbol: 'S3',
        count: 4,
        multiplier: pay('gems', 'S3', 4),
        amount: lineBet * pay('gems', 'S3', 4),
        positions: [
          [0, 0],
          [1, 1],
          [2, 2],
          [3, 1],
        ],
      },
    ]);
  });

  it('wilds substitute for normal symbols', () => {
    const ev = evaluateGrid('fruits', withMiddle(['S1', 'W', 'S1', 'W', 'K']), bet);
    expect(ev.lineWins).toHaveLength(1);
    expect(ev.lineWins[0]).toMatchObject({ line: 0, symbol: 'S1', count: 4 });
    expect(ev.win).toBe(lineBet * pay('fruits', 'S1', 4));
  });

  it('leading wilds pay the better of their own run and the substituted symbol (wild on a tie)', () => {
    const f: SlotFamilyId = 'fruits';
    // W W S4 S4 S4: two wilds pay nothing; S4 × 5 does.
    let ev = evaluateGrid(f, withMiddle(['W', 'W', 'S4', 'S4', 'S4']), bet);
    expect(line0(ev)).toMatchObject({ symbol: 'S4', count: 5, multiplier: pay(f, 'S4', 5) });
    // W W W K Q: three wilds beat four kings.
    expect(pay(f, 'W', 3)).toBeGreaterThan(pay(f, 'K', 4));
    ev = evaluateGrid(f, withMiddle(['W', 'W', 'W', 'K', 'Q']), bet);
    expect(line0(ev)).toMatchObject({ symbol: 'W', count: 3, multiplier: pay(f, 'W', 3) });
    expect(line0(ev)!.positions).toEqual([
      [0, 1],
      [1, 1],
      [2, 1],
    ]);
    // W W W S1 S1: five S1 beat three wilds.
    ev = evaluateGrid(f, withMiddle(['W', 'W', 'W', 'S1', 'S1']), bet);
    expect(line0(ev)).toMatchObject({ symbol: 'S1', count: 5, multiplier: pay(f, 'S1', 5) });
    // Five wilds pay the wild's own 5-of-a-kind.
    ev = evaluateGrid(f, withMiddle(['W', 'W', 'W', 'W', 'W']), bet);
    expect(line0(ev)).toMatchObject({ symbol: 'W', count: 5 });
    expect(line0(ev)!.amount).toBe(lineBet * pay(f, 'W', 5));
    // Tie: a symbol paying exactly what the wild run pays is reported as the wild run.
    const tieSymbol = paytable(f).symbols.find((s) => s.kind === 'normal' && s.pays['4'] === pay(f, 'W', 3));
    if (tieSymbol) {
      ev = evaluateGrid(f, withMiddle(['W', 'W', 'W', tieSymbol.id, 'Q']), bet);
      expect(line0(ev)).toMatchObject({ symbol: 'W', count: 3 });
    }
  });

  it('wilds do not substitute for scatters, and scatters break a line', () => {
    const f: SlotFamilyId = 'dragon';
    let ev = evaluateGrid(f, withMiddle(['W', 'W', 'SC', 'K', 'K']), bet);
    expect(line0(ev)).toBeUndefined();
    ev = evaluateGrid(f, withMiddle(['SC', 'W', 'W', 'W', 'W']), bet);
    expect(line0(ev)).toBeUndefined();
    ev = evaluateGrid(f, withMiddle(['W', 'W', 'W', 'SC', 'S1']), bet);
    expect(line0(ev)).toMatchObject({ symbol: 'W', count: 3 });
  });

  it('pays only the highest win per line and sums all lines', () => {
    // Whole top and middle rows of S2: lines 0 and 1 each pay S2 × 5 once, plus the lines that cross them.
    const g = BLANK.map((col) => ['S2', 'S2', col[2]!]);
    const ev = evaluateGrid('ocean', g, bet);
    const perLine = new Map<number, number>();
    for (const w of ev.lineWins) {
      expect(perLine.has(w.line)).toBe(false);
      perLine.set(w.line, w.amount);
      expect(w.symbol).toBe('S2');
      expect(w.amount).toBe(lineBet * pay('ocean', 'S2', w.count));
      // The win really lies on its line.
      w.positions.forEach(([reel, row], i) => {
        expect(reel).toBe(i);
        expect(row).toBe(PAYLINES[w.line]![reel]);
      });
    }
    expect(perLine.get(0)).toBe(lineBet * pay('ocean', 'S2', 5));
    expect(perLine.get(1)).toBe(lineBet * pay('ocean', 'S2', 5));
    expect(ev.win).toBe(ev.lineWins.reduce((a, w) => a + w.amount, 0));
  });

  it('scatters pay anywhere on the total bet and award free spins', () => {
    const g = BLANK.map((col) => [...col]);
    g[0]![0] = 'SC';
    g[2]![2] = 'SC';
    g[4]![1] = 'SC';
    for (const family of SLOT_FAMILIES) {
      const ev = evaluateGrid(family, g, 10000);
      expect(ev.lineWins).toEqual([]);
      expect(ev.scatterCount).toBe(3);
      expect(ev.scatterWin).toBe(10000 * pay(family, 'SC', 3));
      expect(ev.freeSpinsAwarded).toBe(10);
      expect(ev.win).toBe(ev.scatterWin);
      const mult = paytable(family).freeSpins[0]!.multiplier;
      expect(evaluateGrid(family, g, 10000, mult).win).toBe(ev.scatterWin * mult);
    }
    g[1]![1] = 'SC';
    expect(evaluateGrid('pharaoh', g, 2000)).toMatchObject({
      scatterCount: 4,
      scatterWin: 2000 * pay('pharaoh', 'SC', 4),
      freeSpinsAwarded: 15,
    });
    g[3]![2] = 'SC';
    expect(evaluateGrid('pharaoh', g, 2000)).toMatchObject({ scatterCount: 5, freeSpinsAwarded: 20 });
    g[3]![2] = 'Q';
    g[1]![1] = 'J';
    g[2]![2] = 'K';
    expect(evaluateGrid('pharaoh', g, 2000)).toMatchObject({
      scatterCount: 2,
      scatterWin: 0,
      freeSpinsAwarded: 0,
    });
  });

  it('a free-spin multiplier multiplies line and scatter wins together', () => {
    const g = withMiddle(['S1', 'S1', 'S1', 'K', 'SC']);
    g[0]![0] = 'SC';
    g[2]![2] = 'SC';
    const one = evaluateGrid('jungle', g, 5000, 1);
    const three = evaluateGrid('jungle', g, 5000, 3);
    expect(one.win).toBe(one.lineWins.reduce((a, w) => a + w.amount, 0) + one.scatterWin);
    expect(one.lineWins.length).toBeGreaterThan(0);
    expect(three.win).toBe(3 * one.win);
    expect(three.lineWins).toEqual(one.lineWins);
    expect(three.multiplier).toBe(3);
  });
});

describe('slot engine: rounds and free spins', () => {
  it('plays awarded free spins with the multiplier and totals the round', () => {
    for (const family of SLOT_FAMILIES) {
      const rng = seededRng(99);
      let round = playRound(family, 10000, rng);
      for (let i = 0; i < 20_000 && round.spins.length === 1; i++) round = playRound(family, 10000, rng);
      const [base, ...free] = round.spins;
      expect(base!.free).toBe(false);
      expect(base!.multiplier).toBe(1);
      expect(base!.scatterCount).toBeGreaterThanOrEqual(3);
      const awarded = round.spins.reduce((a, s) => a + s.freeSpinsAwarded, 0);
      expect(free).toHaveLength(awarded);
      const mult = FAMILY_DEFS[family].freeSpinMultiplier;
      for (const s of free) {
        expect(s.free).toBe(true);
        expect(s.multiplier).toBe(mult);
        expect(s.win).toBe((s.lineWins.reduce((a, w) => a + w.amount, 0) + s.scatterWin) * mult);
      }
      expect(round.totalWin).toBe(round.spins.reduce((a, s) => a + s.win, 0));
    }
  });

  it('retriggers add spins but never more than the per-round cap', () => {
    for (const family of SLOT_FAMILIES) {
      const round = playRound(family, 2000, scatterEverywhere(family));
      expect(round.spins).toHaveLength(1 + MAX_FREE_SPINS_PER_ROUND);
      expect(round.spins[0]!.freeSpinsAwarded).toBe(20);
      const awarded = round.spins.map((s) => s.freeSpinsAwarded);
      expect(awarded.reduce((a, b) => a + b, 0)).toBe(MAX_FREE_SPINS_PER_ROUND);
      // 20 + four retriggers of 20 reach the cap; later spins still show five scatters but add nothing.
      expect(awarded.slice(0, 5)).toEqual([20, 20, 20, 20, 20]);
      expect(awarded.slice(5).every((a) => a === 0)).toBe(true);
      for (const s of round.spins) expect(s.scatterCount).toBe(5);
      expect(roundWin(family, 2000, scatterEverywhere(family))).toBe(round.totalWin);
    }
  });

  it('pays integer minor units at every bet level', () => {
    const rng = seededRng(7);
    for (const family of SLOT_FAMILIES) {
      for (const bet of BET_LEVELS) {
        for (let i = 0; i < 300; i++) {
          const round = playRound(family, bet, rng);
          expect(Number.isSafeInteger(round.totalWin)).toBe(true);
          for (const s of round.spins) {
            expect(Number.isSafeInteger(s.win) && Number.isSafeInteger(s.scatterWin)).toBe(true);
            for (const w of s.lineWins) expect(Number.isSafeInteger(w.amount)).toBe(true);
          }
        }
      }
    }
  });

  it('the simulation path roundWin() returns exactly playRound().totalWin for the same draws', () => {
    for (const family of SLOT_FAMILIES) {
      const a = seededRng(2024);
      const b = seededRng(2024);
      let sum = 0;
      for (let i = 0; i < 30_000; i++) {
        const total = playRound(family, 5000, a).totalWin;
        expect(roundWin(family, 5000, b)).toBe(total);
        sum += total;
      }
      expect(sum).toBeGreaterThan(0);
      // Both consumed the same number of draws.
      expect(a.int(1_000_000)).toBe(b.int(1_000_000));
    }
  });

  it('evaluateGrid agrees with what playRound recorded', () => {
    const rng = seededRng(5);
    for (const family of SLOT_FAMILIES) {
      for (let i = 0; i < 500; i++) {
        for (const s of playRound(family, 20000, rng).spins) {
          const ev = evaluateGrid(family, s.grid, 20000, s.multiplier);
          expect(ev.lineWins).toEqual(s.lineWins);
          expect(ev.win).toBe(s.win);
          expect(ev.scatterWin).toBe(s.scatterWin);
        }
      }
    }
  });
});

describe('slot engine: randomness', () => {
  it('seededRng is deterministic and stays in range', () => {
    const a = seededRng(42);
    const b = seededRng(42);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const x = a.int(7);
      expect(b.int(7)).toBe(x);
      expect(Number.isInteger(x) && x >= 0 && x < 7).toBe(true);
      seen.add(x);
    }
    expect(seen.size).toBe(7);
    expect(playRound('ocean', 2000, seededRng(3))).toEqual(playRound('ocean', 2000, seededRng(3)));
    expect(() => seededRng(1).int(0)).toThrow(RangeError);
  });

  it('cryptoRng draws from node:crypto randomInt, never Math.random', () => {
    const spy = vi.mocked(nodeCrypto.randomInt);
    spy.mockClear();
    const rng = cryptoRng();
    for (let i = 0; i < 100; i++) {
      const x = rng.int(30);
      expect(Number.isInteger(x) && x >= 0 && x < 30).toBe(true);
    }
    expect(spy).toHaveBeenCalledTimes(100);
    expect(spy).toHaveBeenCalledWith(30);
    spy.mockClear();
    const round = playRound('pharaoh', 2000, cryptoRng());
    expect(spy.mock.calls.length).toBe(round.spins.length * REELS);
    for (const file of ['engine.ts', 'families.ts', 'rtp.ts']) {
      expect(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8')).not.toMatch(/Math\.random/);
    }
  });
});
