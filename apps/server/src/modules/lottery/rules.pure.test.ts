import {
  LOTTERY_KINDS,
  countBets,
  playTypesOf,
  randomSelection,
  rulesOf,
  type LotteryKind,
  type LotteryResult,
  type PlayType,
} from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  VN_SHEETS,
  commitOf,
  defaultOdds,
  digitStream,
  expectedReturn,
  numbersOf,
  payoutPerWin,
  resultFromSeed,
  settleLine,
  winProbability,
  type OddsTable,
} from './rules.ts';

/** mulberry32: a small seeded generator, random(n) → integer in [0, n). */
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

const SEED = Uint8Array.from({ length: 32 }, (_, i) => i); // 00 01 … 1f

describe('the draw', () => {
  // The vector was computed by an independent implementation (Python hmac/hashlib) of
  // LOTTERY_DRAW_ALGORITHM 'hmac-sha256-counter-v1'.
  it('commits to the seed by its SHA-256', () => {
    expect(commitOf(SEED)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('draws the known digits of a seed', () => {
    expect(resultFromSeed('digit5', SEED)).toEqual({ digits: [7, 7, 7, 0, 0] });
    expect(resultFromSeed('digit3', SEED)).toEqual({ digits: [7, 7, 7] });
  });

  it('draws the known northern sheet of a seed, lowest prize first, listed special first', () => {
    expect(resultFromSeed('vn_north', SEED).prizes).toEqual([
      { tier: 'special', numbers: ['01565'] },
      { tier: 'p1', numbers: ['27219'] },
      { tier: 'p2', numbers: ['55765', '45677'] },
      { tier: 'p3', numbers: ['65664', '97223', '13043', '11477', '59537', '28280'] },
      { tier: 'p4', numbers: ['3852', '7912', '2515', '6247'] },
      { tier: 'p5', numbers: ['3408', '9585', '4409', '6739', '2637', '1108'] },
      { tier: 'p6', numbers: ['289', '960', '576'] },
      { tier: 'p7', numbers: ['77', '70', '06', '45'] },
    ]);
  });

  it('draws the known southern sheet of a seed', () => {
    expect(resultFromSeed('vn_south', SEED).prizes).toEqual([
      { tier: 'special', numbers: ['759537'] },
      { tier: 'p1', numbers: ['31147'] },
      { tier: 'p2', numbers: ['31304'] },
      { tier: 'p3', numbers: ['76566', '49722'] },
      { tier: 'p4', numbers: ['95854', '40967', '39263', '71108', '38527', '91225', '15624'] },
      { tier: 'p5', numbers: ['3408'] },
      { tier: 'p6', numbers: ['6452', '8996', '0576'] },
      { tier: 'p7', numbers: ['700'] },
      { tier: 'p8', numbers: ['77'] },
    ]);
  });

  it('gives sheets of 27 and 18 prizes of the right lengths for any seed', () => {
    const random = seeded(3);
    for (let s = 0; s < 20; s++) {
      const seed = Uint8Array.from({ length: 32 }, () => random(256));
      for (const [kind, total, three, lengths] of [
        ['vn_north', 27, 23, { special: 5, p1: 5, p2: 5, p3: 5, p4: 4, p5: 4, p6: 3, p7: 2 }],
        ['vn_south', 18, 17, { special: 6, p1: 5, p2: 5, p3: 5, p4: 5, p5: 4, p6: 4, p7: 3, p8: 2 }],
      ] as const) {
        const prizes = resultFromSeed(kind, seed).prizes!;
        expect(prizes.map((p) => p.tier)).toEqual(Object.keys(lengths));
        expect(prizes.flatMap((p) => p.numbers)).toHaveLength(total);
        expect(prizes.flatMap((p) => p.numbers).filter((n) => n.length >= 3)).toHaveLength(three);
        for (const p of prizes)
          for (const n of p.numbers) expect(n).toMatch(new RegExp(`^[0-9]{${lengths[p.tier as 'p1']}}$`));
        expect(numbersOf(kind, { prizes })).toHaveLength(total);
      }
      expect(resultFromSeed('digit5', seed).digits).toHaveLength(5);
      expect(commitOf(seed)).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('draws uniform digits (chi-square over 100 000 digits)', () => {
    const next = digitStream(SEED);
    const seen = Array.from({ length: 10 }, () => 0);
    for (let i = 0; i < 100_000; i++) seen[next()]! += 1;
    const chi2 = seen.reduce((s, o) => s + (o - 10_000) ** 2 / 10_000, 0);
    expect(chi2).toBeLessThan(27.88); // χ²(9) at p = 0.001
  });
});

// ---------------------------------------------------------------------------------------------
// Settlement, one play type at a time, on hand-made results.

function sheet(kind: 'vn_north' | 'vn_south', numbers: string[]): LotteryResult {
  let at = 0;
  const prizes = VN_SHEETS[kind].map(([tier, count]) => ({
    tier,
    numbers: numbers.slice(at, (at += count)),
  }));
  expect(at).toBe(numbers.length);
  return { prizes };
}

// Lô (last two): 45 ×6 (special, p1, 0145, 2345, 345, p7 45), 56 ×2, 67 ×2, 99, 11, 12, 34, 01 …; 00 never.
// Last three: 345 ×3 (special, 2345, p6 345), 456 ×2.
const NORTH = sheet('vn_north', [
  '12345',
  '00045',
  '11111',
  '22222',
  '33333',
  '44444',
  '55555',
  '66666',
  '77777',
  '88888',
  '0145',
  '1234',
  '2345',
  '3456',
  '4567',
  '5678',
  '6789',
  '7890',
  '8901',
  '9012',
  '345',
  '456',
  '567',
  '45',
  '99',
  '98',
  '97',
]);
// Lô: 37 ×3 (special, p7 637, p8), 00 ×2 (00000, 12000) …; last three: 637 (special) ×2 (p7 637).
const SOUTH = sheet('vn_south', [
  '120637',
  '11111',
  '22222',
  '33333',
  '44444',
  '55555',
  '66666',
  '77777',
  '88888',
  '99999',
  '00000',
  '12000',
  '1201',
  '1202',
  '1203',
  '1204',
  '637',
  '37',
]);

const ODDS: Record<LotteryKind, OddsTable> = {
  digit5: defaultOdds('digit5'),
  digit3: defaultOdds('digit3'),
  vn_north: defaultOdds('vn_north'),
  vn_south: defaultOdds('vn_south'),
};

function settle(
  kind: LotteryKind,
  playType: PlayType,
  selection: string[][],
  result: LotteryResult,
  unit = 1_000,
  multiplier = 1,
) {
  return settleLine(kind, { playType, selection, unit, multiplier }, result, ODDS[kind]);
}

const D12345 = { digits: [1, 2, 3, 4, 5] }; // sum 15: small, odd, s0_15

describe('settlement of the digit games', () => {
  it('STRAIGHT_1 pays 9.8 per matched position (multi-hit)', () => {
    expect(settle('digit5', 'STRAIGHT_1', [['1', '2'], [], ['3'], ['0'], ['5']], D12345, 1_000, 2)).toEqual({
      winCount: 3,
      payout: 3 * 19_600,
    });
    expect(settle('digit5', 'STRAIGHT_1', [['0'], [], [], [], []], D12345)).toEqual({
      winCount: 0,
      payout: 0,
    });
    expect(settle('digit3', 'STRAIGHT_1', [[], ['2'], []], { digits: [1, 2, 3] })).toEqual({
      winCount: 1,
      payout: 9_800,
    });
  });

  it('STRAIGHT_2 pays 98 on the last two positions', () => {
    expect(settle('digit5', 'STRAIGHT_2', [['4'], ['5', '6']], D12345)).toEqual({
      winCount: 1,
      payout: 98_000,
    });
    expect(settle('digit5', 'STRAIGHT_2', [['5'], ['4']], D12345)).toEqual({ winCount: 0, payout: 0 });
    expect(settle('digit3', 'STRAIGHT_2', [['2'], ['3']], { digits: [1, 2, 3] }).winCount).toBe(1);
  });

  it('STRAIGHT_3 pays 980 on the first three positions', () => {
    expect(settle('digit5', 'STRAIGHT_3', [['1'], ['2'], ['3', '4']], D12345)).toEqual({
      winCount: 1,
      payout: 980_000,
    });
    expect(settle('digit5', 'STRAIGHT_3', [['1'], ['2'], ['4']], D12345).payout).toBe(0);
  });

  it('BOX_2 pays 49 when the last two digits are a picked pair in any order, never on a double', () => {
    expect(settle('digit5', 'BOX_2', [['5', '4', '9']], D12345)).toEqual({ winCount: 1, payout: 49_000 });
    expect(settle('digit5', 'BOX_2', [['1', '7']], { digits: [1, 2, 3, 7, 7] }).payout).toBe(0);
    expect(settle('digit5', 'BOX_2', [['1', '2']], D12345).payout).toBe(0);
  });

  it('BOX_3 pays 163.3333 (rounded down) when the first three are picked and distinct', () => {
    expect(settle('digit5', 'BOX_3', [['3', '1', '2']], D12345)).toEqual({ winCount: 1, payout: 163_333 });
    expect(settle('digit5', 'BOX_3', [['1', '2', '3']], { digits: [1, 1, 2, 3, 4] }).payout).toBe(0);
    expect(settle('digit3', 'BOX_3', [['1', '2', '3', '4']], { digits: [3, 2, 1] }).winCount).toBe(1);
    expect(payoutPerWin(100, 3, 1_633_333)).toBe(48_999); // 48 999.99 rounded down
  });

  it('BIG_SMALL pays 1.96 on the side of the sum', () => {
    expect(settle('digit5', 'BIG_SMALL', [['big', 'small']], D12345)).toEqual({ winCount: 1, payout: 1_960 });
    expect(settle('digit5', 'BIG_SMALL', [['big']], D12345).payout).toBe(0);
    expect(settle('digit5', 'BIG_SMALL', [['big']], { digits: [9, 9, 5, 0, 0] }).payout).toBe(1_960); // 23
    expect(settle('digit5', 'BIG_SMALL', [['small']], { digits: [9, 9, 4, 0, 0] }).payout).toBe(1_960); // 22
    expect(settle('digit3', 'BIG_SMALL', [['big']], { digits: [9, 5, 0] }).payout).toBe(1_960); // 14
    expect(settle('digit3', 'BIG_SMALL', [['big']], { digits: [9, 4, 0] }).payout).toBe(0); // 13
  });

  it('ODD_EVEN pays 1.96 on the parity of the sum', () => {
    expect(settle('digit5', 'ODD_EVEN', [['odd']], D12345)).toEqual({ winCount: 1, payout: 1_960 });
    expect(settle('digit5', 'ODD_EVEN', [['even']], D12345).payout).toBe(0);
    expect(settle('digit3', 'ODD_EVEN', [['even', 'odd']], { digits: [0, 0, 0] }).winCount).toBe(1);
  });

  it('SUM_RANGE pays the odds of the range the sum falls in', () => {
    expect(settle('digit5', 'SUM_RANGE', [['s0_15', 's16_20']], D12345)).toEqual({
      winCount: 1,
      payout: 6_880,
    });
    expect(settle('digit5', 'SUM_RANGE', [['s21_24']], { digits: [9, 9, 3, 0, 0] }).payout).toBe(4_120);
    expect(settle('digit5', 'SUM_RANGE', [['s16_20']], D12345).payout).toBe(0);
    expect(settle('digit3', 'SUM_RANGE', [['s10_13']], { digits: [9, 4, 0] }).payout).toBe(3_500);
    expect(settle('digit3', 'SUM_RANGE', [['s18_27']], { digits: [9, 9, 0] }).payout).toBe(4_450);
  });
});

describe('settlement of the Vietnamese games', () => {
  it('LO_2D pays 3.5 (north) / 5.3 (south) per occurrence', () => {
    expect(settle('vn_north', 'LO_2D', [['45', '56', '00']], NORTH, 1_000, 2)).toEqual({
      winCount: 8,
      payout: 8 * 7_000,
    });
    expect(settle('vn_north', 'LO_2D', [['00']], NORTH)).toEqual({ winCount: 0, payout: 0 });
    expect(settle('vn_south', 'LO_2D', [['37', '00']], SOUTH)).toEqual({ winCount: 5, payout: 5 * 5_300 }); // 37 ×3, 00 ×2
  });

  it('LO_3D pays per occurrence among the prizes of three digits or more', () => {
    expect(settle('vn_north', 'LO_3D', [['345', '456', '999']], NORTH)).toEqual({
      winCount: 5,
      payout: 5 * 41_000,
    });
    expect(settle('vn_north', 'LO_3D', [['045']], NORTH).winCount).toBe(1); // 00045
    expect(settle('vn_north', 'LO_3D', [['999']], NORTH).payout).toBe(0); // 99 is a 2-digit prize
    expect(settle('vn_south', 'LO_3D', [['637']], SOUTH)).toEqual({ winCount: 2, payout: 2 * 56_000 });
  });

  it('DE pays 95 on the special prize’s last two digits', () => {
    expect(settle('vn_north', 'DE', [['45', '54']], NORTH)).toEqual({ winCount: 1, payout: 95_000 });
    expect(settle('vn_north', 'DE', [['56']], NORTH).payout).toBe(0); // a lô, not the special
    expect(settle('vn_south', 'DE', [['37']], SOUTH).payout).toBe(95_000);
  });

  it('DAU pays 9.5 on the tens digit of the special prize', () => {
    expect(settle('vn_north', 'DAU', [['4']], NORTH)).toEqual({ winCount: 1, payout: 9_500 });
    expect(settle('vn_north', 'DAU', [['5']], NORTH).payout).toBe(0);
    expect(settle('vn_south', 'DAU', [['3', '7']], SOUTH).winCount).toBe(1);
  });

  it('DUOI pays 9.5 on the units digit of the special prize', () => {
    expect(settle('vn_north', 'DUOI', [['5', '0']], NORTH)).toEqual({ winCount: 1, payout: 9_500 });
    expect(settle('vn_north', 'DUOI', [['4']], NORTH).payout).toBe(0);
    expect(settle('vn_south', 'DUOI', [['7']], SOUTH).winCount).toBe(1);
  });

  it('BA_CANG pays 950 on the special prize’s last three digits', () => {
    expect(settle('vn_north', 'BA_CANG', [['345']], NORTH)).toEqual({ winCount: 1, payout: 950_000 });
    expect(settle('vn_north', 'BA_CANG', [['245']], NORTH).payout).toBe(0);
    expect(settle('vn_south', 'BA_CANG', [['637']], SOUTH).winCount).toBe(1);
  });

  it('XIEN_2 pays once per pair whose numbers are both among the lô', () => {
    expect(settle('vn_north', 'XIEN_2', [['45', '56', '00']], NORTH)).toEqual({
      winCount: 1,
      payout: 17_000,
    });
    expect(settle('vn_north', 'XIEN_2', [['45', '56', '99']], NORTH).winCount).toBe(3);
    expect(settle('vn_north', 'XIEN_2', [['45', '00']], NORTH).payout).toBe(0);
    expect(settle('vn_south', 'XIEN_2', [['37', '00']], SOUTH).payout).toBe(36_000);
  });

  it('XIEN_3 pays once per winning group of three', () => {
    expect(settle('vn_north', 'XIEN_3', [['45', '56', '67', '00']], NORTH)).toEqual({
      winCount: 1,
      payout: 76_000,
    });
    expect(settle('vn_north', 'XIEN_3', [['45', '56', '67', '99']], NORTH).winCount).toBe(4);
    expect(settle('vn_north', 'XIEN_3', [['45', '56', '00']], NORTH).payout).toBe(0);
  });

  it('XIEN_4 pays once per winning group of four', () => {
    expect(settle('vn_north', 'XIEN_4', [['45', '56', '67', '99', '11']], NORTH)).toEqual({
      winCount: 5,
      payout: 5 * 350_000,
    });
    expect(settle('vn_north', 'XIEN_4', [['00', '45', '56', '67']], NORTH).payout).toBe(0);
    expect(settle('vn_south', 'XIEN_4', [['37', '00', '11', '22']], SOUTH).payout).toBe(1_700_000);
  });

  it('DA pays per extra hit of each winning pair: occ(a) + occ(b) − 1', () => {
    expect(settle('vn_north', 'DA', [['45', '56']], NORTH)).toEqual({ winCount: 7, payout: 7 * 13_500 });
    expect(settle('vn_north', 'DA', [['99', '11']], NORTH)).toEqual({ winCount: 1, payout: 13_500 });
    // (45,56) 7 + (45,99) 6 + (56,99) 2
    expect(settle('vn_north', 'DA', [['45', '56', '99']], NORTH).winCount).toBe(15);
    expect(settle('vn_north', 'DA', [['45', '56', '00']], NORTH).winCount).toBe(7);
    expect(settle('vn_north', 'DA', [['45', '02']], NORTH)).toEqual({ winCount: 0, payout: 0 });
    expect(settle('vn_south', 'DA', [['37', '00']], SOUTH).winCount).toBe(4); // 3 + 2 − 1
  });

  it('refuses to settle a line that is not a valid selection or has no odds', () => {
    expect(() => settle('vn_north', 'DE', [['4']], NORTH)).toThrow();
    expect(() => settle('digit5', 'DE', [['45']], D12345)).toThrow();
    expect(() =>
      settleLine('vn_north', { playType: 'DE', selection: [['45']], unit: 100, multiplier: 1 }, NORTH, []),
    ).toThrow();
  });

  it('reads the hot numbers of a result', () => {
    expect(numbersOf('digit5', D12345)).toEqual(['1', '2', '3', '4', '5']);
    expect(numbersOf('vn_north', NORTH).filter((n) => n === '45')).toHaveLength(6);
    expect(numbersOf('vn_south', SOUTH)).toHaveLength(18);
  });
});

// ---------------------------------------------------------------------------------------------
// The payout table and its exact returns.

describe('the payout table', () => {
  it('has one row per play type (and sum range) at the documented house edges', () => {
    for (const kind of LOTTERY_KINDS) {
      const table = defaultOdds(kind);
      for (const pt of playTypesOf(kind))
        expect(
          table.some((r) => r.playType === pt),
          `${kind} ${pt}`,
        ).toBe(true);
      for (const r of table) {
        const edge = 1 - expectedReturn(kind, r.playType, r.option, r.oddsX10000);
        if (kind.startsWith('digit')) {
          expect(edge, `${kind} ${r.playType} ${r.option}`).toBeGreaterThanOrEqual(0.02 - 1e-6);
          expect(edge, `${kind} ${r.playType} ${r.option}`).toBeLessThan(0.0225);
        } else {
          expect(edge, `${kind} ${r.playType}`).toBeGreaterThanOrEqual(0.02);
          expect(edge, `${kind} ${r.playType}`).toBeLessThanOrEqual(0.08);
        }
      }
    }
  });

  it('computes the exact probabilities (checked against an independent computation)', () => {
    expect(winProbability('vn_north', 'XIEN_2', '')).toBeCloseTo(0.05488209778544517, 14);
    expect(winProbability('vn_north', 'XIEN_3', '')).toBeCloseTo(0.01229793622380787, 14);
    expect(winProbability('vn_north', 'XIEN_4', '')).toBeCloseTo(0.0026699150504956304, 14);
    expect(winProbability('vn_south', 'XIEN_2', '')).toBeCloseTo(0.026107807956857743, 14);
    expect(winProbability('vn_south', 'XIEN_4', '')).toBeCloseTo(0.0005552245423038338, 14);
    expect(winProbability('vn_north', 'DA', '')).toBeCloseTo(0.06929460347977098, 12);
    expect(winProbability('vn_south', 'DA', '')).toBeCloseTo(0.030432642424928536, 12);
    expect(winProbability('vn_north', 'LO_2D', '')).toBe(0.27);
    expect(winProbability('vn_south', 'LO_3D', '')).toBe(0.017);
    expect(winProbability('digit5', 'SUM_RANGE', 's0_15')).toBeCloseTo(0.14244, 12);
    expect(winProbability('digit5', 'SUM_RANGE', 's21_24')).toBeCloseTo(0.2375, 12);
    expect(winProbability('digit3', 'SUM_RANGE', 's10_13')).toBeCloseTo(0.28, 12);
    expect(winProbability('digit5', 'BIG_SMALL', 'big')).toBeCloseTo(0.5, 12);
    expect(winProbability('digit3', 'BIG_SMALL', 'small')).toBeCloseTo(0.5, 12);
  });
});

// ---------------------------------------------------------------------------------------------
// Monte-Carlo: 40 000 uniform results per kind (bench:lottery runs 10⁶), one random single bet per result and play type;
// the measured return is within 4σ of the exact expected return.

const DRAWS = 40_000;
const UNIT = 10_000;

function uniformResult(kind: LotteryKind, random: (n: number) => number): LotteryResult {
  if (kind === 'digit5' || kind === 'digit3')
    return { digits: Array.from({ length: kind === 'digit5' ? 5 : 3 }, () => random(10)) };
  return {
    prizes: VN_SHEETS[kind].map(([tier, count, width]) => ({
      tier,
      numbers: Array.from({ length: count }, () =>
        Array.from({ length: width }, () => String(random(10))).join(''),
      ),
    })),
  };
}

/** The exact expected return of randomSelection's single bet (averaged over its options). */
function exactReturn(kind: LotteryKind, playType: PlayType): number {
  const rows = defaultOdds(kind).filter((r) => r.playType === playType);
  if (playType === 'BIG_SMALL' || playType === 'ODD_EVEN') {
    const tokens = rulesOf(kind, playType)!.rows[0]!.tokens;
    return (
      tokens.reduce((s, t) => s + expectedReturn(kind, playType, t, rows[0]!.oddsX10000), 0) / tokens.length
    );
  }
  return rows.reduce((s, r) => s + expectedReturn(kind, playType, r.option, r.oddsX10000), 0) / rows.length;
}

describe.each(LOTTERY_KINDS)('Monte-Carlo returns of %s', (kind) => {
  let results: LotteryResult[] = [];
  beforeAll(() => {
    const random = seeded(20_261_124 + kind.length);
    results = Array.from({ length: DRAWS }, () => uniformResult(kind, random));
  });

  it.each(playTypesOf(kind))(
    '%s returns its exact expected return within 4σ',
    (playType) => {
      const random = seeded(playType.length * 7_919 + kind.length);
      let sum = 0;
      let squares = 0;
      let invalid = 0;
      for (const result of results) {
        const selection = randomSelection(kind, playType, random);
        if (countBets(kind, playType, selection) !== 1) invalid += 1;
        const line = { playType, selection, unit: UNIT, multiplier: 1 };
        const r = settleLine(kind, line, result, ODDS[kind]).payout / UNIT;
        sum += r;
        squares += r * r;
      }
      expect(invalid).toBe(0);
      const mean = sum / DRAWS;
      const sigma = Math.sqrt((squares / DRAWS - mean * mean) / DRAWS);
      const exact = exactReturn(kind, playType);
      expect(sigma).toBeGreaterThan(0);
      expect(Math.abs(mean - exact), `${mean} vs ${exact} ± ${sigma}`).toBeLessThan(4 * sigma);
    },
    20_000,
  );
});
