import { startIntervalJob, type JobLog } from '../../lib/interval-job.ts';
import type { RewardsService } from './rewards.service.ts';

/** A pass a minute: a mission reached or a friend who qualified is rewarded within a minute. */
export const REWARDS_EVERY_MS = 60_000;

/**
 * The rewards job (issue 9; DESIGN §3 jobs): expiry, missions of the current and the previous
 * period, invitations. The first pass runs at once, so periods that ended while the server was
 * down are finished at start. Several instances may run it (see RewardsService.pass).
 */
export function startRewardsJob(rewards: RewardsService, log: JobLog): () => Promise<void> {
  return startIntervalJob(
    {
      name: 'rewards job',
      everyMs: REWARDS_EVERY_MS,
      immediate: true,
      run: () => rewards.pass(),
      report: (r, l) => {
        if (r.expired + r.missionRewards + r.referralRewards > 0)
          l.info({ ...r }, 'rewards given or expired');
      },
    },
    log,
  );
}
