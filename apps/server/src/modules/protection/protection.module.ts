import type { protectionEndpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import { startIntervalJob } from '../../lib/interval-job.ts';
import type { DomainModule, ModuleDeps } from '../../lib/module.ts';
import { requireMember } from '../session/session.plugin.ts';
import { installProtectionGuard } from './protection.guard.ts';
import { createProtectionService, type ProtectionMember } from './protection.service.ts';

/** Pending raises and removals are written down within a minute of their cooling-off's end. */
export const PROTECTION_JOB_EVERY_MS = 60_000;

function member(req: FastifyRequest): ProtectionMember {
  const m = requireMember(req);
  return { id: m.id, type: m.type, sessionId: m.sessionId };
}

/**
 * Player protection (issue 10): the member's limits, session limit, reality check, time-out and
 * self-exclusion. Building it installs the money guard on the ledger's post (protection.guard.ts);
 * deposit requests (cashier) and transfers into vendor wallets (wallet) call the guard themselves.
 */
export function createProtectionModule(deps: ModuleDeps): DomainModule<typeof protectionEndpoints> {
  installProtectionGuard(deps.now);
  const protection = createProtectionService({ db: deps.db, now: deps.now });
  return {
    handlers: {
      protectionSettings: ({ req }) => protection.settings(member(req)),
      protectionSetLimit: ({ req, input }) => protection.setLimit(member(req), input),
      protectionSetSessionLimit: ({ req, input }) => protection.setSessionLimit(member(req), input.minutes),
      protectionSetRealityCheck: ({ req, input }) => protection.setRealityCheck(member(req), input.minutes),
      protectionDepositPrompt: ({ req }) => protection.depositPrompt(member(req)),
      protectionTimeOut: ({ req, input }) => protection.timeOut(member(req), input.days),
      protectionSelfExclude: ({ req, input }) => protection.selfExclude(member(req), input.period),
      protectionSession: ({ req }) => protection.session(member(req)),
    },
    start: () =>
      startIntervalJob(
        {
          name: 'protection job',
          everyMs: PROTECTION_JOB_EVERY_MS,
          immediate: true,
          run: () => protection.applyDue(),
          report: (n, l) => {
            if (n > 0) l.info({ applied: n }, 'protection changes applied after their cooling-off');
          },
        },
        deps.log,
      ),
  };
}
