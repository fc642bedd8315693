// `npm run bench:baccarat`: 10⁶ baccarat rounds (issue 6) dealt by the studio's engine with the
// server's own generator (node:crypto; --seed N for the deterministic one), each from a freshly
// shuffled 8-deck shoe. Prints the banker/player/tie frequencies beside the exact 8-deck figures
// with their 4σ bounds, and the house edge of every spot beside the standard edge. Measured and
// compared, exit code 1 when a figure is outside its 4σ bound.
import { parseArgs } from 'node:util';
import { cryptoRng, seededRng } from '../apps/server/src/vendors/studio/slots/engine.ts';
import { simulate } from '../apps/server/src/vendors/studio/baccarat/sim.ts';

const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '1000000' }, seed: { type: 'string' } },
});
const n = Number(flags.rounds);
const rng = flags.seed === undefined ? cryptoRng() : seededRng(Number(flags.seed));
const t0 = performance.now();
const s = simulate(n, rng);
const ms = performance.now() - t0;

const pct = (x: number) => `${(x * 100).toFixed(3)}%`;
let bad = 0;
const row = (label: string, got: number, want: number, sd: number) => {
  const ok = Math.abs(got - want) < 4 * sd;
  if (!ok) bad++;
  console.log(
    `${label.padEnd(22)} ${pct(got).padStart(9)}   standard ${pct(want).padStart(9)}   4σ ±${pct(4 * sd).padStart(7)}   ${ok ? 'ok' : 'OUTSIDE'}`,
  );
};
const share = (p: number) => Math.sqrt((p * (1 - p)) / n);
console.log(
  `${n.toLocaleString('en')} rounds (${flags.seed === undefined ? 'node:crypto' : `seed ${flags.seed}`}) in ${(ms / 1000).toFixed(1)} s`,
);
console.log('frequency');
row('  banker', s.frequency.banker, 0.458597, share(0.458597));
row('  player', s.frequency.player, 0.446247, share(0.446247));
row('  tie', s.frequency.tie, 0.095156, share(0.095156));
console.log('house edge (per unit staked)');
row('  player 1:1', s.edge.player, 0.012351, 0.95 / Math.sqrt(n));
row('  banker 0.95:1', s.edge.banker, 0.010579, 0.93 / Math.sqrt(n));
row('  tie 8:1', s.edge.tie, 0.143596, 2.64 / Math.sqrt(n));
row('  player pair 11:1', s.edge.playerPair, 0.103614, 3.3 / Math.sqrt(n));
row('  banker pair 11:1', s.edge.bankerPair, 0.103614, 3.3 / Math.sqrt(n));
console.log(
  `ties excluded: player ${pct(s.edgeExcludingTies.player)} (standard 1.365%), banker ${pct(s.edgeExcludingTies.banker)} (standard 1.169%)`,
);
process.exitCode = bad ? 1 : 0;
