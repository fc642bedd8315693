import type { Queryable } from '../../db/db.ts';
import { AppError } from '../../lib/errors.ts';
import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import type { StudioReconcileReport, StudioVendor } from '../../vendors/studio/studio.vendor.ts';
import { addLedgerCheck } from '../ledger/ledger.ts';
import type { OpsResult } from '../ops/ops.service.ts';

/**
 * The games reconciler (issue 5): the studio's rounds left half-way by a crash (decided: rolled
 * back; debited: credited again) are finished every 30 s, at start, and on `ops games reconcile`.
 * The studio leases the rounds under an advisory lock, so with several instances one works at a time.
 */
export const GAMES_RECONCILE_EVERY_MS = 30_000;
export const GAMES_RECONCILE_OLDER_THAN_SECONDS = 30;

export function reconcileGames(
  studio: StudioVendor,
  o: { olderThanSeconds?: number } = {},
): Promise<StudioReconcileReport> {
  return studio.reconcile({ olderThanSeconds: o.olderThanSeconds ?? GAMES_RECONCILE_OLDER_THAN_SECONDS });
}

/** Starts the job (server with `opts.jobs`): once now, then every 30 s. Returns the stop function. */
export function startGamesJobs(studio: StudioVendor, log: JobLog): () => void {
  return startIntervalJob(
    {
      name: 'games reconciler',
      everyMs: GAMES_RECONCILE_EVERY_MS,
      immediate: true,
      run: () => reconcileGames(studio),
      report: (r, l) => {
        if (r.checked > 0) l.info({ reconcile: r }, 'studio rounds reconciled');
      },
    },
    log,
  );
}

export const GAMES_OPS_USAGE = `  games reconcile [olderThanSeconds]  finish studio rounds left half-way longer than that (default 30):
                                      decided → rolled back, debited → credited`;

/** `ops games reconcile [olderThanSeconds]`. */
export async function gamesOps(studio: StudioVendor, args: readonly string[]): Promise<OpsResult> {
  const [action, arg] = args;
  if (action !== 'reconcile') throw new AppError('BAD_REQUEST', 'games needs: reconcile [olderThanSeconds]');
  if (arg !== undefined && !/^\d{1,7}$/.test(arg))
    throw new AppError('BAD_REQUEST', `"${arg}" is not a number of seconds`);
  const r = await reconcileGames(studio, { olderThanSeconds: arg === undefined ? undefined : Number(arg) });
  return {
    message: `reconciled ${r.checked} studio rounds: ${r.rolledBack} rolled back, ${r.settled} settled, ${r.failed} failed`,
  };
}

/**
 * Ledger invariants of the games (ops ledger check): no studio round and no slot bet left open
 * longer than `stuckSeconds` (other verticals' bets may stay open until their event settles), and
 * the GAMES account holds exactly the stakes of open and settled bets less their payouts.
 */
export async function gamesLedgerProblems(q: Queryable, stuckSeconds: number): Promise<string[]> {
  const problems: string[] = [];
  const rounds = await q.query<{ id: string; state: string; created_at: Date }>(
    `select id, state, created_at from studio_rounds
      where state in ('decided', 'debited') and updated_at < now() - make_interval(secs => $1)
      order by created_at limit 20`,
    [stuckSeconds],
  );
  for (const r of rounds)
    problems.push(`studio round ${r.id} still ${r.state} since ${new Date(r.created_at).toISOString()}`);
  const bets = await q.query<{ id: string; vassalage: string; round_id: string }>(
    `select id, vassalage, round_id from bet_records
      where status = 'open' and vertical = 'slots' and created_at < now() - make_interval(secs => $1)
      order by created_at limit 20`,
    [stuckSeconds],
  );
  for (const b of bets) problems.push(`slot bet ${b.id} (${b.vassalage} round ${b.round_id}) still open`);
  const books = await q.query<{ merchant_id: number; games: string; bets: string }>(
    `with g as (
       select a.merchant_id, coalesce(sum(e.amount), 0) as games
         from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.kind = 'system' and a.code = 'GAMES' group by a.merchant_id
     ), b as (
       select m.merchant_id, sum(b.stake - b.payout) as bets
         from bet_records b join members m on m.id = b.member_id
        where b.round_id is not null and b.status in ('open', 'settled') group by m.merchant_id
     )
     select coalesce(g.merchant_id, b.merchant_id) as merchant_id, coalesce(g.games, 0) as games,
            coalesce(b.bets, 0) as bets
       from g full join b on b.merchant_id = g.merchant_id
      where coalesce(g.games, 0) <> coalesce(b.bets, 0)`,
  );
  for (const b of books)
    problems.push(`GAMES of merchant ${b.merchant_id} holds ${b.games} but the bets hold ${b.bets}`);
  return problems;
}

addLedgerCheck(gamesLedgerProblems);
