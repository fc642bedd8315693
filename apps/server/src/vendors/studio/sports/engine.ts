import { randomInt } from 'node:crypto';

/**
 * The sportsbook's mathematics (issue 6), free of the database: the sports and their leagues,
 * the pricing model of a fixture (fair probabilities → decimal odds with the book's margin), the
 * simulated result of a fixture, how each market settles against a score, and what a slip pays.
 *
 * Odds are integers: decimal odds × 1000 (1.95 → 1950), quoted to two decimals (multiples of 10).
 * Lines are integers too: hundredths of a goal/point/set on the home side (-150 = home -1.5).
 * A slip pays floor(stake × Π odds / 1000ⁿ) — rounded DOWN to the minor unit, exactly (BigInt) —
 * where a pushed or void leg counts 1.000; any lost leg loses the slip; all legs void → refund.
 */

/** A source of integers in [0, n): crypto on the server, a seeded generator in tests. */
export type Rng = (n: number) => number;
export const cryptoRng = (): Rng => (n) => randomInt(n);

const unit = (rng: Rng) => (rng(1_000_000_000) + 0.5) / 1_000_000_000;

export const SPORT_CATEGORIES = ['sports', 'esports'] as const;
export type SportCategory = (typeof SPORT_CATEGORIES)[number];

export const SPORT_IDS = ['football', 'basketball', 'tennis', 'cs2', 'dota2', 'lol', 'valorant'] as const;
export type SportId = (typeof SPORT_IDS)[number];

/** How a sport scores: goals (football, with draws), points (basketball), sets/maps (best of 3). */
export type ScoreKind = 'goals' | 'points' | 'bo3';

export interface SportDef {
  category: SportCategory;
  score: ScoreKind;
  /** Whether 1X2 has a draw (football only); the others' 1X2 is a two-way money line. */
  draw: boolean;
  /** Minutes from start to the result. */
  minutes: number;
  leagues: { name: string; teams: string[] }[];
}

export const SPORTS: Record<SportId, SportDef> = {
  football: {
    category: 'sports',
    score: 'goals',
    draw: true,
    minutes: 115,
    leagues: [
      {
        name: 'Premier League',
        teams: [
          'Arsenal',
          'Chelsea',
          'Liverpool',
          'Man City',
          'Man United',
          'Tottenham',
          'Everton',
          'Newcastle',
        ],
      },
      {
        name: 'La Liga',
        teams: [
          'Real Madrid',
          'Barcelona',
          'Atlético',
          'Sevilla',
          'Valencia',
          'Villarreal',
          'Betis',
          'Girona',
        ],
      },
      {
        name: 'Myanmar National League',
        teams: ['Shan United', 'Yangon United', 'Hantharwady', 'Ayeyawady', 'Rakhine United', 'Dagon'],
      },
    ],
  },
  basketball: {
    category: 'sports',
    score: 'points',
    draw: false,
    minutes: 140,
    leagues: [
      {
        name: 'NBA',
        teams: ['Lakers', 'Celtics', 'Warriors', 'Bulls', 'Heat', 'Knicks', 'Nuggets', 'Suns'],
      },
      {
        name: 'EuroLeague',
        teams: ['Real Madrid', 'Olympiacos', 'Fenerbahçe', 'Panathinaikos', 'Monaco', 'Partizan'],
      },
    ],
  },
  tennis: {
    category: 'sports',
    score: 'bo3',
    draw: false,
    minutes: 120,
    leagues: [
      {
        name: 'ATP Tour',
        teams: ['Alcaraz', 'Sinner', 'Djokovic', 'Zverev', 'Medvedev', 'Rune', 'Ruud', 'Fritz'],
      },
      {
        name: 'WTA Tour',
        teams: ['Sabalenka', 'Swiatek', 'Gauff', 'Rybakina', 'Pegula', 'Zheng', 'Paolini'],
      },
    ],
  },
  cs2: {
    category: 'esports',
    score: 'bo3',
    draw: false,
    minutes: 150,
    leagues: [
      {
        name: 'CS2 Major',
        teams: ['NAVI', 'Vitality', 'FaZe', 'G2', 'Spirit', 'MOUZ', 'Astralis', 'Liquid'],
      },
    ],
  },
  dota2: {
    category: 'esports',
    score: 'bo3',
    draw: false,
    minutes: 150,
    leagues: [
      { name: 'Dota Pro League', teams: ['Team Spirit', 'Gaimin', 'Tundra', 'Falcons', 'BetBoom', 'Xtreme'] },
    ],
  },
  lol: {
    category: 'esports',
    score: 'bo3',
    draw: false,
    minutes: 120,
    leagues: [{ name: 'LoL Champions', teams: ['T1', 'Gen.G', 'JDG', 'BLG', 'Fnatic', 'G2 Esports', 'HLE'] }],
  },
  valorant: {
    category: 'esports',
    score: 'bo3',
    draw: false,
    minutes: 120,
    leagues: [
      { name: 'VCT Masters', teams: ['Sentinels', 'Fnatic', 'Paper Rex', 'EDG', 'LOUD', 'Team Heretics'] },
    ],
  },
};

export const sportsOf = (c: SportCategory): SportId[] => SPORT_IDS.filter((s) => SPORTS[s].category === c);

/** The book's margin on every market (fair probabilities × 1.05). */
export const MARGIN = 0.05;
export const ODDS_MIN = 1010;
export const ODDS_MAX = 50_000;

/** The pricing model of a fixture (stored with it). */
export type Model =
  | { score: 'goals'; home: number; away: number }
  | { score: 'points'; home: number; away: number; sd: number }
  | { score: 'bo3'; p: number };

export type MarketKind = '1x2' | 'handicap' | 'total';
export type SelectionCode = 'home' | 'draw' | 'away' | 'over' | 'under';
export type Outcome = 'won' | 'lost' | 'push' | 'void';

export interface PricedMarket {
  kind: MarketKind;
  line: number | null;
  selections: { code: SelectionCode; odds: number }[];
}

/** A new fixture's model: team strengths drawn from the rng. */
export function newModel(score: ScoreKind, rng: Rng): Model {
  if (score === 'goals') return { score, home: 0.8 + unit(rng) * 1.4, away: 0.6 + unit(rng) * 1.3 };
  if (score === 'points') {
    const base = 100 + unit(rng) * 14;
    return {
      score,
      home: round1(base + unit(rng) * 12 - 4),
      away: round1(base + unit(rng) * 12 - 6),
      sd: 11,
    };
  }
  return { score, p: round3(0.28 + unit(rng) * 0.44) };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
const round3 = (x: number) => Math.round(x * 1000) / 1000;

/** Odds move a little (a job, and on demand): the model's strengths drift, the lines stay. */
export function driftModel(m: Model, rng: Rng): Model {
  const d = unit(rng) * 2 - 1;
  if (m.score === 'goals') return { ...m, home: Math.min(3, Math.max(0.4, m.home * (1 + d * 0.08))) };
  if (m.score === 'points') return { ...m, home: round1(m.home + d * 2.5) };
  return { ...m, p: round3(Math.min(0.85, Math.max(0.15, m.p + d * 0.04))) };
}

// ---- probabilities -------------------------------------------------------------------------

const MAX_GOALS = 12;
function poisson(lambda: number): number[] {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= MAX_GOALS; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
}

/** The probability of every (home, away) score the model allows (goals and sets exactly). */
function scoreGrid(m: Model): { h: number; a: number; p: number }[] {
  if (m.score === 'goals') {
    const ph = poisson(m.home);
    const pa = poisson(m.away);
    const out: { h: number; a: number; p: number }[] = [];
    ph.forEach((x, h) => pa.forEach((y, a) => out.push({ h, a, p: x * y })));
    return out;
  }
  if (m.score === 'bo3') {
    const p = m.p;
    const q = 1 - p;
    return [
      { h: 2, a: 0, p: p * p },
      { h: 2, a: 1, p: 2 * p * p * q },
      { h: 1, a: 2, p: 2 * p * q * q },
      { h: 0, a: 2, p: q * q },
    ];
  }
  throw new Error('points have no grid');
}

function erf(x: number): number {
  // Abramowitz–Stegun 7.1.26 (error below 1.5e-7): enough for quoting odds to two decimals.
  const s = Math.sign(x);
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-x * x);
  return s * y;
}
const normalCdf = (x: number, mean: number, sd: number) => 0.5 * (1 + erf((x - mean) / (sd * Math.SQRT2)));

/** P(win), P(push), P(lose) of the home side of `value(h, a) * 100 + line` against 0. */
function threeWay(m: Model, value: (h: number, a: number) => number, line: number, mean: number, sd: number) {
  if (m.score === 'points') {
    // Continuous approximation with a continuity correction on whole lines.
    const x = -line / 100;
    if (line % 100 === 0) {
      const lo = normalCdf(x - 0.5, mean, sd);
      const hi = normalCdf(x + 0.5, mean, sd);
      return { win: 1 - hi, push: hi - lo, lose: lo };
    }
    const c = normalCdf(x, mean, sd);
    return { win: 1 - c, push: 0, lose: c };
  }
  let win = 0;
  let push = 0;
  let lose = 0;
  for (const s of scoreGrid(m)) {
    const v = value(s.h, s.a) * 100 + line;
    if (v > 0) win += s.p;
    else if (v === 0) push += s.p;
    else lose += s.p;
  }
  return { win, push, lose };
}

/** Fair odds with the margin: a push returns the stake, so o = (1 − P(push)) / (P(win) · (1 + m)). */
export function priceOf(pWin: number, pPush = 0): number {
  if (pWin <= 0) return ODDS_MAX;
  const raw = (1000 * (1 - pPush)) / (pWin * (1 + MARGIN));
  return Math.min(ODDS_MAX, Math.max(ODDS_MIN, Math.floor(raw / 10) * 10));
}

const nearest = (x: number, options: number[]) =>
  options.reduce((best, o) => (Math.abs(o - x) < Math.abs(best - x) ? o : best), options[0]!);

/** The lines a fixture's markets are offered at (hundredths, home side for the handicap). */
export function linesOf(m: Model): { handicap: number; total: number } {
  if (m.score === 'goals')
    return {
      handicap: nearest((m.away - m.home) * 100, [-200, -150, -100, -50, 0, 50, 100, 150]),
      total: nearest((m.home + m.away) * 100, [200, 250, 300, 350]),
    };
  if (m.score === 'points')
    return {
      handicap: Math.round(m.away - m.home) * 100 + 50,
      total: Math.round(m.home + m.away) * 100 + 50,
    };
  return { handicap: m.p >= 0.5 ? -150 : 150, total: 250 };
}

/** The markets of a fixture at its lines: 1X2 (money line without a draw), handicap, over/under. */
export function priceMarkets(m: Model, sport: SportId, lines = linesOf(m)): PricedMarket[] {
  const draw = SPORTS[sport].draw;
  let pHome: number;
  let pDraw: number;
  let pAway: number;
  if (m.score === 'points') {
    pHome = 1 - normalCdf(0, m.home - m.away, m.sd * Math.SQRT2);
    pDraw = 0;
    pAway = 1 - pHome;
  } else {
    const r = threeWay(m, (h, a) => h - a, 0, 0, 0);
    pHome = r.win;
    pDraw = r.push;
    pAway = r.lose;
  }
  // No draw (basketball overtime, tennis and best-of-3 maps): the two-way line shares it out.
  if (!draw && pDraw > 0) {
    pHome += pDraw / 2;
    pAway += pDraw / 2;
    pDraw = 0;
  }
  const x12: PricedMarket = {
    kind: '1x2',
    line: null,
    selections: draw
      ? [
          { code: 'home', odds: priceOf(pHome) },
          { code: 'draw', odds: priceOf(pDraw) },
          { code: 'away', odds: priceOf(pAway) },
        ]
      : [
          { code: 'home', odds: priceOf(pHome) },
          { code: 'away', odds: priceOf(pAway) },
        ],
  };
  const sd = m.score === 'points' ? m.sd * Math.SQRT2 : 0;
  const hc = threeWay(m, (h, a) => h - a, lines.handicap, m.score === 'points' ? m.home - m.away : 0, sd);
  const handicap: PricedMarket = {
    kind: 'handicap',
    line: lines.handicap,
    selections: [
      { code: 'home', odds: priceOf(hc.win, hc.push) },
      { code: 'away', odds: priceOf(hc.lose, hc.push) },
    ],
  };
  const tot = threeWay(m, (h, a) => h + a, -lines.total, m.score === 'points' ? m.home + m.away : 0, sd);
  const total: PricedMarket = {
    kind: 'total',
    line: lines.total,
    selections: [
      { code: 'over', odds: priceOf(tot.win, tot.push) },
      { code: 'under', odds: priceOf(tot.lose, tot.push) },
    ],
  };
  return [x12, handicap, total];
}

// ---- results -------------------------------------------------------------------------------

function samplePoisson(lambda: number, rng: Rng): number {
  const l = Math.exp(-lambda);
  let k = 0;
  let p = unit(rng);
  while (p > l && k < 20) {
    k++;
    p *= unit(rng);
  }
  return k;
}

function sampleNormal(mean: number, sd: number, rng: Rng): number {
  const u = unit(rng);
  const v = unit(rng);
  return mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface Score {
  home: number;
  away: number;
}

/** A fixture's simulated result, drawn from its model (the server's rng is crypto). */
export function simulateResult(m: Model, rng: Rng): Score {
  if (m.score === 'goals') return { home: samplePoisson(m.home, rng), away: samplePoisson(m.away, rng) };
  if (m.score === 'points') {
    let home = Math.max(60, Math.round(sampleNormal(m.home, m.sd, rng)));
    let away = Math.max(60, Math.round(sampleNormal(m.away, m.sd, rng)));
    // Overtime until someone leads.
    while (home === away) {
      home += 4 + rng(10);
      away += 4 + rng(10);
    }
    return { home, away };
  }
  let home = 0;
  let away = 0;
  while (home < 2 && away < 2) {
    if (unit(rng) < m.p) home++;
    else away++;
  }
  return { home, away };
}

/** `2-1`, `98-95` or `void` for a sport; null when it cannot be its result. */
export function parseResult(sport: SportId, text: string): Score | 'void' | null {
  if (text.trim().toLowerCase() === 'void') return 'void';
  const m = /^(\d{1,3})-(\d{1,3})$/.exec(text.trim());
  if (!m) return null;
  const s = { home: Number(m[1]), away: Number(m[2]) };
  const kind = SPORTS[sport].score;
  if (kind === 'goals') return s.home <= 50 && s.away <= 50 ? s : null;
  if (kind === 'points') return s.home !== s.away ? s : null;
  // Best of three: one side has exactly two.
  return (s.home === 2 && s.away < 2) || (s.away === 2 && s.home < 2) ? s : null;
}

/** How each selection of a market settles against a score. */
export function settleMarket(kind: MarketKind, line: number | null, s: Score): Record<string, Outcome> {
  const cmp = (v: number): 'won' | 'push' | 'lost' => (v > 0 ? 'won' : v < 0 ? 'lost' : 'push');
  const flip = (o: 'won' | 'push' | 'lost') => (o === 'won' ? 'lost' : o === 'lost' ? 'won' : 'push');
  if (kind === '1x2') {
    const d = s.home - s.away;
    return {
      home: d > 0 ? 'won' : 'lost',
      draw: d === 0 ? 'won' : 'lost',
      away: d < 0 ? 'won' : 'lost',
    };
  }
  if (kind === 'handicap') {
    const o = cmp((s.home - s.away) * 100 + (line ?? 0));
    return { home: o, away: flip(o) };
  }
  const o = cmp((s.home + s.away) * 100 - (line ?? 0));
  return { over: o, under: flip(o) };
}

export interface LegOdds {
  odds: number;
  outcome: Outcome;
}

/** What a decided slip pays, exactly: floor(stake × Π odds / 1000ⁿ); any lost leg pays 0. */
export function slipPayout(stake: number, legs: readonly LegOdds[]): { payout: number; allVoid: boolean } {
  if (legs.every((l) => l.outcome === 'void')) return { payout: stake, allVoid: true };
  if (legs.some((l) => l.outcome === 'lost')) return { payout: 0, allVoid: false };
  return {
    payout: potentialReturn(
      stake,
      legs.map((l) => (l.outcome === 'won' ? l.odds : 1000)),
    ),
    allVoid: false,
  };
}

/** stake × Π odds (×1000 each), rounded down to the minor unit. */
export function potentialReturn(stake: number, odds: readonly number[]): number {
  let num = BigInt(stake);
  let den = 1n;
  for (const o of odds) {
    num *= BigInt(o);
    den *= 1000n;
  }
  return Number(num / den);
}

/** The product of the legs' odds × 1000, rounded down (what the slip shows as its odds). */
export function combinedOdds(odds: readonly number[]): number {
  return potentialReturn(1000, odds);
}

/** A small deterministic generator for tests (mulberry32). */
export function seededRng(seed: number): Rng {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    const x = ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    return Math.floor(x * n);
  };
}
