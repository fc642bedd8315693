import type {
  Endpoint,
  studioBaccaratEndpoints,
  studioFishEndpoints,
  studioPvpEndpoints,
  studioSportsEndpoints,
} from '@app/contracts';
import type { FastifyContextConfig } from 'fastify';
import type { Db } from '../../db/db.ts';
import type { Clock } from '../../lib/errors.ts';
import type { JobLog } from '../../lib/interval-job.ts';
import type { HandlerMap } from '../../lib/route.ts';
import type { OpsResult } from '../../modules/ops/ops.service.ts';
import { createBaccaratStudio } from './baccarat/baccarat.module.ts';
import { createFishStudio } from './fish/fish.module.ts';
import { createPvpStudio } from './pvp/pvp.module.ts';
import { createSportsStudio } from './sports/sports.module.ts';
import type { PlatformProtocol } from './studio.vendor.ts';

/**
 * The demo studio's other verticals (issue 6): live baccarat, sports and esports, fish, PVP card
 * rooms. Each is a vendor like the slot studio: it decides outcomes with `crypto` before showing
 * them, keeps its own books, and moves money only through the platform's vendor protocol
 * (debit the stake, credit the win, rollback a void), never inside one of the platform's
 * transactions.
 */
export interface StudioTableDeps {
  db: Db;
  platform: PlatformProtocol;
  now: Clock;
  log: JobLog;
}

export type TableRouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;

/** One vertical's game: its page's handlers, and optionally timers and an operator command. */
export interface StudioTableModule<E extends Record<string, Endpoint>> {
  handlers: HandlerMap<E>;
  routeConfigs?: Partial<Record<keyof E, TableRouteConfig>>;
  /** Starts the vertical's background work (round timers, results, reconcile); returns a stop. */
  start?(): () => void;
  /** `npm run ops -- <name> …` (sports settle …). */
  ops?: { name: string; usage: string; run(args: readonly string[]): Promise<OpsResult> };
}

export function createStudioTables(d: StudioTableDeps) {
  const baccarat = createBaccaratStudio(d);
  const sports = createSportsStudio(d);
  const fish = createFishStudio(d);
  const pvp = createPvpStudio(d);
  const all: StudioTableModule<Record<string, Endpoint>>[] = [baccarat, sports, fish, pvp];
  return {
    baccarat,
    sports,
    fish,
    pvp,
    handlers: {
      ...baccarat.handlers,
      ...sports.handlers,
      ...fish.handlers,
      ...pvp.handlers,
    } satisfies HandlerMap<
      typeof studioBaccaratEndpoints &
        typeof studioSportsEndpoints &
        typeof studioFishEndpoints &
        typeof studioPvpEndpoints
    >,
    routeConfigs: Object.assign({}, ...all.map((m) => m.routeConfigs ?? {})) as Record<
      string,
      TableRouteConfig
    >,
    /** Starts every vertical's background work; returns one stop for all. */
    start(): () => void {
      const stops = all.map((m) => m.start?.() ?? (() => undefined));
      return () => stops.forEach((s) => s());
    },
  };
}
export type StudioTables = ReturnType<typeof createStudioTables>;
