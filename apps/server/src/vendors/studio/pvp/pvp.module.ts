import type { studioPvpEndpoints } from '@app/contracts';
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
    start() {
      let running = false;
      const run = async () => {
        if (running) return;
        running = true;
        try {
          const r = await studio.reconcile();
          if (r.checked > 0) d.log.info({ pvp: r }, 'pvp hands reconciled');
          const freed = await studio.releaseIdle();
          if (freed > 0) d.log.info({ freed }, 'pvp idle seats released');
        } catch (err) {
          d.log.error({ err }, 'pvp job failed');
        } finally {
          running = false;
        }
      };
      void run();
      const timer = setInterval(() => void run(), JOB_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}
