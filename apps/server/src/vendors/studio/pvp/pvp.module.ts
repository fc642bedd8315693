import type { studioPvpEndpoints } from '@app/contracts';
import { startIntervalJob } from '../../../lib/interval-job.ts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';
import { PvpStudio } from './pvp.service.ts';

/** A refused body names its precise problem (the first one, in this order). */
const FIELD_MESSAGES: [field: string, message: string][] = [
  ['ticket', 'games.errors.ticket_invalid'],
  ['roomId', 'games.errors.room_unknown'],
  ['stake', 'games.errors.bet_invalid'],
  ['requestId', 'money.errors.idempotency_key'],
];
const validationMessage = (fields: Record<string, string>) => FIELD_MESSAGES.find(([f]) => f in fields)?.[1];

/** How often start()'s job finishes half-way hands and frees idle seats. */
const JOB_EVERY_MS = 30_000;

/** The studio's PVP card rooms (issue 6): rooms, seats, Niu-Niu and Teen Patti hands. */
export function createPvpStudio(
  d: StudioTableDeps,
): StudioTableModule<typeof studioPvpEndpoints> & { studio: PvpStudio } {
  const studio = new PvpStudio(d.db, d.platform);
  return {
    studio,
    handlers: {
      studioPvpLobby: ({ input }) => studio.lobby(input.ticket),
      studioPvpJoin: ({ input }) => studio.join(input.ticket, input.roomId),
      studioPvpLeave: ({ input }) => studio.leave(input.ticket),
      studioPvpDeal: ({ input }) =>
        studio.deal(input.ticket, { roomId: input.roomId, stake: input.stake, requestId: input.requestId }),
    },
    routeConfigs: {
      studioPvpLobby: { validationMessage },
      studioPvpJoin: { validationMessage },
      studioPvpLeave: { validationMessage },
      studioPvpDeal: { validationMessage },
    },
    start: () =>
      startIntervalJob(
        {
          name: 'pvp job',
          everyMs: JOB_EVERY_MS,
          immediate: true,
          run: async () => ({ reconcile: await studio.reconcile(), freed: await studio.releaseIdle() }),
          report: ({ reconcile: r, freed }, log) => {
            if (r.checked > 0) log.info({ pvp: r }, 'pvp hands reconciled');
            if (freed > 0) log.info({ freed }, 'pvp idle seats released');
          },
        },
        d.log,
      ),
  };
}
