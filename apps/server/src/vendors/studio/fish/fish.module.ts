import type { studioFishEndpoints } from '@app/contracts';
import type { Queryable } from '../../../db/db.ts';
import { addLedgerCheck } from '../../../modules/ledger/ledger.ts';
import { startIntervalJob } from '../../../lib/interval-job.ts';
import type { StudioTableDeps, StudioTableModule, TableRouteConfig } from '../tables.ts';
import { FishStudio } from './fish.service.ts';

/** Half-way rounds older than this are finished by the reconciler (every 30 s and at start). */
export const FISH_RECONCILE_EVERY_MS = 30_000;
export const FISH_RECONCILE_OLDER_THAN_SECONDS = 30;

/** A refused body names its precise problem (the first one, in this order). */
const FIELD_MESSAGES: [test: RegExp, message: string][] = [
  [/^ticket$/, 'games.errors.ticket_invalid'],
  [/^requestId$/, 'money.errors.idempotency_key'],
  [/^shots\.\d+\.bet$/, 'games.errors.bet_invalid'],
  [/^shots\.\d+\.species$/, 'games.errors.fish_species_invalid'],
  [/^shots/, 'games.errors.fish_shot_invalid'],
];
const validationMessage = (fields: Record<string, string>): string | undefined => {
  const names = Object.keys(fields);
  return FIELD_MESSAGES.find(([re]) => names.some((n) => re.test(n)))?.[1];
};
const routeConfig: TableRouteConfig = { validationMessage };

/** Ops ledger check: no fish round left half-way longer than `stuckSeconds`. */
async function fishLedgerProblems(q: Queryable, stuckSeconds: number): Promise<string[]> {
  const rows = await q.query<{ id: string; state: string; created_at: Date }>(
    `select id, state, created_at from fish_rounds
      where state in ('decided', 'debited') and updated_at < now() - make_interval(secs => $1)
      order by created_at limit 20`,
    [stuckSeconds],
  );
  return rows.map((r) => `fish round ${r.id} still ${r.state} since ${new Date(r.created_at).toISOString()}`);
}
addLedgerCheck(fishLedgerProblems);

/** The studio's fish game (issue 6): a canvas shooting game, one round per batch of shots. */
export function createFishStudio(d: StudioTableDeps) {
  const studio = new FishStudio(d.db, d.platform);
  const module: StudioTableModule<typeof studioFishEndpoints> & { studio: FishStudio } = {
    studio,
    handlers: {
      studioFishConfig: ({ input }) => studio.config(input.ticket),
      studioFishShoot: ({ input }) => studio.shoot(input.ticket, input.shots, input.requestId),
    },
    routeConfigs: { studioFishConfig: routeConfig, studioFishShoot: routeConfig },
    start: () =>
      startIntervalJob(
        {
          name: 'fish reconciler',
          everyMs: FISH_RECONCILE_EVERY_MS,
          immediate: true,
          run: () => studio.reconcile({ olderThanSeconds: FISH_RECONCILE_OLDER_THAN_SECONDS }),
          report: (r, log) => {
            if (r.checked > 0) log.info({ reconcile: r }, 'fish rounds reconciled');
          },
        },
        d.log,
      ),
  };
  return module;
}
