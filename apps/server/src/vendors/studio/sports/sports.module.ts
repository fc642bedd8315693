import type { studioSportsEndpoints } from '@app/contracts';
import type { Db } from '../../../db/db.ts';
import { AppError } from '../../../lib/errors.ts';
import type { OpsResult } from '../../../modules/ops/ops.service.ts';
import type { StudioTableDeps, StudioTableModule } from '../tables.ts';
import { parseResult, SPORT_CATEGORIES, type SportCategory } from './engine.ts';
import { createSportsService, type SportsService } from './sports.service.ts';

/** The results job: every 30 s (and at start) — live, results due, payouts, odds moves, top-up, reconcile. */
export const SPORTS_JOB_EVERY_MS = 30_000;

/** The studio's sports game (issue 6). */
export function createSportsStudio(
  d: StudioTableDeps,
): StudioTableModule<typeof studioSportsEndpoints> & { service: SportsService; tick(): Promise<void> } {
  const service = createSportsService({ db: d.db, platform: d.platform, now: d.now });

  async function tick(): Promise<void> {
    const r = await service.simulateResults();
    if (r.events > 0 || r.report.slips > 0) d.log.info({ sports: r }, 'sports results settled');
    await service.moveOdds();
    await service.topUp();
    const rec = await service.reconcile();
    if (rec.checked > 0) d.log.info({ reconcile: rec }, 'sports pending slips reconciled');
  }

  return {
    service,
    tick,
    handlers: {
      sportsFixtures: ({ input }) => service.board(input.ticket),
      sportsPlaceBet: ({ input }) =>
        service.place(input.ticket, {
          requestId: input.requestId,
          type: input.type,
          stake: input.stake,
          legs: input.legs,
          acceptOdds: input.acceptOdds,
        }),
      sportsMyBets: ({ input }) => service.myBets(input.ticket, input.status, input.page, input.pageSize),
    },
    start() {
      let running = false;
      const run = async () => {
        if (running) return;
        running = true;
        try {
          await tick();
        } catch (err) {
          d.log.error({ err }, 'sports job failed');
        } finally {
          running = false;
        }
      };
      void run();
      const timer = setInterval(() => void run(), SPORTS_JOB_EVERY_MS);
      timer.unref();
      return () => clearInterval(timer);
    },
    ops: { name: 'sports', usage: SPORTS_OPS_USAGE, run: (args) => sportsOps(service, tick, args) },
  };
}

/** `npm run ops -- sports …` usage lines (shown by `npm run ops -- help`). */
export const SPORTS_OPS_USAGE = `  sports list [sports|esports]         upcoming fixtures with their ids
  sports settle <event> <result|void> settle a fixture (e.g. 2-1; basketball 98-95; tennis sets / esports maps 2-1)
                                      and pay its slips; void refunds
  sports suspend|resume <event>       suspend or reopen a fixture's markets
  sports run                          the results job once (results due, payouts, odds, new fixtures, reconcile)`;

const bad = (text: string) => new AppError('BAD_REQUEST', text);

async function sportsOps(
  service: SportsService,
  tick: () => Promise<void>,
  args: readonly string[],
): Promise<OpsResult> {
  const [action, a1, a2] = args;
  const eventId = () => {
    if (!a1 || !/^\d{1,12}$/.test(a1)) throw bad(`"${a1 ?? ''}" is not an event id`);
    return Number(a1);
  };
  switch (action) {
    case 'list': {
      const category = (a1 ?? 'sports') as SportCategory;
      if (!SPORT_CATEGORIES.includes(category)) throw bad('sports list needs sports or esports');
      const rows = await service.upcoming(category);
      return {
        message: rows.length
          ? rows
              .map(
                (e) =>
                  `${e.id}  ${e.starts_at.toISOString()}  ${e.sport}  ${e.league}: ${e.home} v ${e.away}`,
              )
              .join('\n')
          : 'no upcoming fixtures',
      };
    }
    case 'settle': {
      const id = eventId();
      const e = await service.eventOf(id);
      if (!e) throw bad(`no event ${id}`);
      const result = parseResult(e.sport, a2 ?? '');
      if (!result) throw bad(`"${a2 ?? ''}" is not a result of ${e.sport} (e.g. 2-1, or void)`);
      if (e.status === 'settled' || e.status === 'void') throw bad(`event ${id} is already ${e.status}`);
      const r = await service.settleEvent(id, result);
      const text = result === 'void' ? 'void' : `${result.home}-${result.away}`;
      return {
        message: `event ${id} settled ${text}: ${r.slips} slips (${r.won} won, ${r.lost} lost, ${r.refunded} refunded)${r.failed ? `, ${r.failed} failed` : ''}`,
      };
    }
    case 'suspend':
    case 'resume': {
      const id = eventId();
      const n = await service.setMarkets(id, action === 'suspend' ? 'suspended' : 'open');
      return { message: `event ${id}: ${n} markets ${action === 'suspend' ? 'suspended' : 'open'}` };
    }
    case 'run':
      await tick();
      return { message: 'sports job ran' };
    default:
      throw bad('sports needs: list | settle <event> <result> | suspend <event> | resume <event> | run');
  }
}

/** The demo seed's fixtures (apps/server/src/seed): upcoming events of every sport for a merchant. */
export async function seedSportsFixtures(db: Db, merchantId: number): Promise<void> {
  const platform = {
    launch: () => Promise.reject(new Error('no launch while seeding')),
    debit: () => Promise.reject(new Error('no debit while seeding')),
    credit: () => Promise.reject(new Error('no credit while seeding')),
    rollback: () => Promise.reject(new Error('no rollback while seeding')),
  };
  await createSportsService({ db, platform, now: () => new Date() }).topUp(merchantId);
}
