// `npm run bench:fish`: the fish game's RTP over 10⁶ shots (issue 6). The engine of the server
// decides each shot with node:crypto (the production source) at the fish a player meets (by spawn
// weight), then at each species alone (a player who aims only at one kind). Prints the RTP, its
// standard error and 95% interval, the catch rate; measured here, asserted (on seeded runs) in
// apps/server/src/vendors/studio/fish/engine.test.ts.
//
// Flags: --shots N (1000000), --seed N (a seeded run instead of crypto, repeatable).
import { parseArgs } from 'node:util';
import {
  catchProbability,
  cryptoRng,
  FISH_RTP,
  FISH_RTP_MAX,
  FISH_RTP_MIN,
  FISH_SPECIES,
  seededRng,
  simulateShots,
  type RtpReport,
} from '../apps/server/src/vendors/studio/fish/engine.ts';

const { values: flags } = parseArgs({
  options: { shots: { type: 'string', default: '1000000' }, seed: { type: 'string' } },
});
const SHOTS = Number(flags.shots);
const rng = flags.seed === undefined ? cryptoRng() : seededRng(Number(flags.seed));
const pct = (x: number) => `${(x * 100).toFixed(3)}%`;
const line = (label: string, r: RtpReport, ms: number) =>
  `${label.padEnd(22)} RTP ${pct(r.rtp)} ± ${pct(1.96 * r.stdErr)} (SE ${pct(r.stdErr)})  caught ${pct(r.caught / r.shots)}  ${ms} ms`;

console.log(
  `fish: ${SHOTS.toLocaleString('en')} shots, ${flags.seed === undefined ? 'node:crypto' : `seed ${flags.seed}`}; target ${pct(FISH_RTP)}, bounds [${pct(FISH_RTP_MIN)}, ${pct(FISH_RTP_MAX)}]`,
);
let t = Date.now();
const all = simulateShots(SHOTS, rng);
console.log(line('at what swims', all, Date.now() - t));
const inBounds = all.rtp >= FISH_RTP_MIN && all.rtp <= FISH_RTP_MAX;
for (const s of FISH_SPECIES) {
  t = Date.now();
  const r = simulateShots(Math.round(SHOTS / 4), rng, () => s);
  console.log(
    `${line(`only ${s.id} ×${s.multipliers.join('/')}`, r, Date.now() - t)}  (p ${pct(catchProbability(s))})`,
  );
}
console.log(inBounds ? 'RTP within bounds' : 'RTP OUT OF BOUNDS');
process.exitCode = inBounds ? 0 : 1;
