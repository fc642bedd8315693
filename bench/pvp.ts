// `npm run bench:pvp`: 10⁶ PVP hands per game (issue 6: Niu-Niu and Teen Patti, 6 seats, the
// default 5% rake) played by the studio's engine with the server's own generator (node:crypto;
// --seed N for the deterministic one). Prints the player's win rate beside 1/seats, the RTP before
// the rake beside 100% (the game is fair between the player and the bots) with their 4σ bounds,
// the house's take beside the rake it took, and how often each hand category came up. Exit code 1
// when a figure is outside its bound.
import { parseArgs } from 'node:util';
import { cryptoRng, seededRng } from '../apps/server/src/vendors/studio/slots/engine.ts';
import { DEFAULT_RAKE_BPS } from '../apps/server/src/vendors/studio/pvp/engine.ts';
import { simulate } from '../apps/server/src/vendors/studio/pvp/simulate.ts';

const { values: flags } = parseArgs({
  options: {
    hands: { type: 'string', default: '1000000' },
    seats: { type: 'string', default: '6' },
    seed: { type: 'string' },
  },
});
const n = Number(flags.hands);
const seats = Number(flags.seats);
const stake = 1_000;
const pct = (x: number) => `${(x * 100).toFixed(3)}%`;
let bad = 0;
const row = (label: string, got: number, want: number, sd: number) => {
  const ok = Math.abs(got - want) < 4 * sd;
  if (!ok) bad++;
  console.log(
    `  ${label.padEnd(22)} ${pct(got).padStart(9)}   expected ${pct(want).padStart(9)}   4σ ±${pct(4 * sd).padStart(7)}   ${ok ? 'ok' : 'OUTSIDE'}`,
  );
};
const NAMES = {
  niuniu: [
    'no bull',
    ...Array.from({ length: 9 }, (_, i) => `bull ${i + 1}`),
    'Niu-Niu',
    'five faces',
    'five small',
  ],
  teenpatti: ['high card', 'pair', 'colour', 'sequence', 'pure sequence', 'trail'],
};
for (const game of ['niuniu', 'teenpatti'] as const) {
  const rng = flags.seed === undefined ? cryptoRng() : seededRng(Number(flags.seed));
  const t0 = performance.now();
  const r = simulate({ game, hands: n, seats, stake, rakeBps: DEFAULT_RAKE_BPS, seed: 0, rng });
  const ms = performance.now() - t0;
  console.log(
    `${game}: ${n.toLocaleString('en')} hands, ${seats} seats, rake ${DEFAULT_RAKE_BPS / 100}% (${flags.seed === undefined ? 'node:crypto' : `seed ${flags.seed}`}) in ${(ms / 1000).toFixed(1)} s`,
  );
  const p = 1 / seats;
  row('player wins', r.winRate, p, Math.sqrt((p * (1 - p)) / n));
  // One hand returns seats × stake with p = 1/seats: variance of the return = seats − 1.
  row('RTP before rake', r.rtpBeforeRake, 1, Math.sqrt((seats - 1) / n));
  const rakeOk = r.staked - r.paid === r.rake + (r.staked - r.grossPaid);
  if (!rakeOk) bad++;
  console.log(
    `  RTP after rake         ${pct(r.rtp).padStart(9)}   rake ${pct(r.rake / r.staked)} of stakes; house take ${r.houseTake.toLocaleString('en')} = rake ${r.rake.toLocaleString('en')} + fair part ${(r.staked - r.grossPaid).toLocaleString('en')} ${rakeOk ? 'ok' : 'MISMATCH'}`,
  );
  console.log(`  player hands: ${r.categories.map((c, i) => `${NAMES[game][i]} ${pct(c / n)}`).join(', ')}`);
}
process.exit(bad > 0 ? 1 : 0);
