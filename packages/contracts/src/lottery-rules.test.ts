import { describe, expect, it } from 'vitest';
import { DIGIT_PLAY_TYPES, LOTTERY_KINDS, VN_PLAY_TYPES } from './endpoints/lottery.ts';
import type { LotteryKind, PlayType } from './endpoints/lottery.ts';
import {
  SUM_RANGES,
  choose,
  countBets,
  playTypesOf,
  randomSelection,
  rulesOf,
  selectionError,
} from './lottery-rules.ts';

const BAD = 'lottery.errors.bad_selection';

/** A small deterministic generator (mulberry32) for the random picks. */
function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

describe('play types', () => {
  it('lists the tabs of each kind in order', () => {
    expect(playTypesOf('digit5')).toEqual(DIGIT_PLAY_TYPES);
    expect(playTypesOf('digit3')).toEqual(DIGIT_PLAY_TYPES);
    expect(playTypesOf('vn_north')).toEqual(VN_PLAY_TYPES);
    expect(playTypesOf('vn_south')).toEqual(VN_PLAY_TYPES);
  });

  it('has rules for every offered play type and none for the others', () => {
    for (const kind of LOTTERY_KINDS) {
      for (const pt of [...DIGIT_PLAY_TYPES, ...VN_PLAY_TYPES] as PlayType[]) {
        const offered = playTypesOf(kind).includes(pt);
        expect(rulesOf(kind, pt) !== null, `${kind} ${pt}`).toBe(offered);
        if (!offered) expect(selectionError(kind, pt, [['1']])).toBe('lottery.errors.bad_play_type');
      }
    }
  });

  it('gives the rows of each digit play type', () => {
    expect(rulesOf('digit5', 'STRAIGHT_1')!.rows.map((r) => r.labelKey)).toEqual([
      'lottery.rows.pos1',
      'lottery.rows.pos2',
      'lottery.rows.pos3',
      'lottery.rows.pos4',
      'lottery.rows.pos5',
    ]);
    expect(rulesOf('digit5', 'STRAIGHT_2')!.rows.map((r) => r.labelKey)).toEqual([
      'lottery.rows.pos4',
      'lottery.rows.pos5',
    ]);
    expect(rulesOf('digit3', 'STRAIGHT_2')!.rows.map((r) => r.labelKey)).toEqual([
      'lottery.rows.pos2',
      'lottery.rows.pos3',
    ]);
    expect(rulesOf('digit3', 'STRAIGHT_3')!.rows).toHaveLength(3);
    expect(rulesOf('digit5', 'BOX_3')).toMatchObject({ minPerRow: 3, maxPerRow: 10 });
    expect(rulesOf('digit5', 'BIG_SMALL')!.rows[0]!.tokens).toEqual(['big', 'small']);
    expect(rulesOf('digit3', 'SUM_RANGE')!.rows[0]!.tokens).toEqual(SUM_RANGES.digit3.map((r) => r.id));
    expect(rulesOf('vn_north', 'LO_3D')!.rows[0]).toMatchObject({ typed: true });
    expect(rulesOf('vn_north', 'LO_3D')!.rows[0]!.tokens).toHaveLength(1000);
    expect(rulesOf('vn_south', 'LO_2D')!.rows[0]).toMatchObject({ typed: false });
    expect(rulesOf('vn_south', 'XIEN_3')).toMatchObject({ minPerRow: 3, maxPerRow: 10 });
  });

  it('has sum ranges that cover every sum exactly once', () => {
    for (const [kind, top] of [
      ['digit5', 45],
      ['digit3', 27],
    ] as const) {
      const ranges = SUM_RANGES[kind];
      for (let s = 0; s <= top; s++)
        expect(
          ranges.filter((r) => r.min <= s && s <= r.max),
          `${kind} ${s}`,
        ).toHaveLength(1);
      expect(new Set(ranges.map((r) => r.id)).size).toBe(ranges.length);
    }
    expect(SUM_RANGES.digit5.length).toBe(5);
    expect(SUM_RANGES.digit3.length).toBe(4);
  });
});

describe('bet counts', () => {
  const cases: [LotteryKind, PlayType, string[][], number][] = [
    ['digit5', 'STRAIGHT_1', [['1', '2'], [], [], ['0'], []], 3],
    ['digit3', 'STRAIGHT_1', [[], ['9'], []], 1],
    [
      'digit5',
      'STRAIGHT_2',
      [
        ['1', '2', '3'],
        ['4', '5'],
      ],
      6,
    ],
    ['digit5', 'STRAIGHT_3', [DIGITS(), DIGITS(), DIGITS()], 1000],
    ['digit3', 'BOX_2', [['1', '2', '3', '4']], 6],
    ['digit5', 'BOX_3', [['1', '2', '3', '4', '5']], 10],
    ['digit5', 'BIG_SMALL', [['big', 'small']], 2],
    ['digit3', 'ODD_EVEN', [['odd']], 1],
    ['digit5', 'SUM_RANGE', [['s0_15', 's21_24']], 2],
    ['vn_north', 'LO_2D', [['00', '99', '42']], 3],
    ['vn_south', 'LO_3D', [['123']], 1],
    ['vn_north', 'DE', [['07', '70']], 2],
    ['vn_north', 'DAU', [['1', '2', '3']], 3],
    ['vn_south', 'DUOI', [['9']], 1],
    ['vn_north', 'BA_CANG', [['000', '999']], 2],
    ['vn_north', 'XIEN_2', [['01', '02', '03']], 3],
    ['vn_south', 'XIEN_3', [['01', '02', '03', '04']], 4],
    ['vn_north', 'XIEN_4', [TWO(10)], 210],
    ['vn_north', 'DA', [['11', '22', '33', '44']], 6],
  ];
  it.each(cases)('%s %s %j → %i', (kind, pt, sel, n) => {
    expect(selectionError(kind, pt, sel)).toBeNull();
    expect(countBets(kind, pt, sel)).toBe(n);
  });

  const bad: [LotteryKind, PlayType, unknown[][], string][] = [
    ['digit5', 'STRAIGHT_1', [[], [], [], [], []], BAD], // nothing picked
    ['digit5', 'STRAIGHT_1', [['1'], [], [], []], BAD], // 4 rows for 5 positions
    ['digit5', 'STRAIGHT_2', [['1'], []], BAD], // empty row
    ['digit5', 'STRAIGHT_2', [['1', '1'], ['2']], BAD], // duplicate
    ['digit5', 'STRAIGHT_3', [['1'], ['2'], ['10']], BAD], // unknown token
    ['digit5', 'BOX_2', [['1']], BAD], // too few
    ['digit5', 'BOX_3', [['1', '2']], BAD],
    ['digit5', 'BIG_SMALL', [['odd']], BAD],
    ['digit3', 'SUM_RANGE', [['s0_15']], BAD], // a digit5 range
    ['vn_north', 'LO_2D', [['7']], BAD], // one digit
    ['vn_north', 'LO_2D', [TWO(11)], BAD], // 11 numbers > 10
    ['vn_north', 'LO_3D', [['12']], BAD],
    ['vn_north', 'XIEN_4', [['01', '02', '03']], BAD],
    ['vn_north', 'DA', [['01', '01']], BAD],
    ['vn_north', 'DE', [['01'], ['02']], BAD], // two rows
    ['vn_north', 'DE', [[1 as unknown as string]], BAD], // not a string
  ];
  it.each(bad)('%s %s %j is refused', (kind, pt, sel, key) => {
    expect(selectionError(kind, pt, sel as string[][])).toBe(key);
    expect(countBets(kind, pt, sel as string[][])).toBe(0);
  });

  it('counts combinations', () => {
    expect(choose(10, 2)).toBe(45);
    expect(choose(10, 3)).toBe(120);
    expect(choose(10, 4)).toBe(210);
    expect(choose(3, 4)).toBe(0);
  });
});

describe('random picks', () => {
  it('are valid and as small as the play type allows', () => {
    const random = seeded(7);
    for (const kind of LOTTERY_KINDS) {
      for (const pt of playTypesOf(kind)) {
        for (let i = 0; i < 50; i++) {
          const sel = randomSelection(kind, pt, random);
          expect(selectionError(kind, pt, sel), `${kind} ${pt} ${JSON.stringify(sel)}`).toBeNull();
          const rules = rulesOf(kind, pt)!;
          const fewest = pt === 'STRAIGHT_1' ? 1 : rules.rows.length * Math.max(1, rules.minPerRow);
          expect(sel.flat()).toHaveLength(fewest);
        }
      }
    }
  });

  it('reach every token of a row', () => {
    const random = seeded(11);
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(randomSelection('vn_north', 'DE', random)[0]![0]!);
    expect(seen.size).toBe(100);
  });
});

function DIGITS(): string[] {
  return Array.from({ length: 10 }, (_, i) => String(i));
}
function TWO(n: number): string[] {
  return Array.from({ length: n }, (_, i) => String(i).padStart(2, '0'));
}
