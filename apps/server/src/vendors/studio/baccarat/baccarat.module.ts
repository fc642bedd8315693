import type { studioBaccaratEndpoints } from '@app/contracts';
import type { StudioTableDeps, StudioTableModule, TableRouteConfig } from '../tables.ts';
import { createBaccaratService, type BaccaratOptions, type BaccaratService } from './baccarat.service.ts';

const FIELD_MESSAGES: [string, string][] = [
  ['ticket', 'games.errors.ticket_invalid'],
  ['table', 'games.errors.unknown_table'],
  ['roundId', 'games.errors.betting_closed'],
  ['spots', 'games.errors.bet_invalid'],
  ['requestId', 'money.errors.idempotency_key'],
];
const validationMessage = (fields: Record<string, string>) =>
  FIELD_MESSAGES.find(([f]) => Object.keys(fields).some((k) => k === f || k.startsWith(`${f}.`)))?.[1];

const routeConfig: TableRouteConfig = { validationMessage };

/** The studio's baccarat game (issue 6): the live-casino stand-in (baccarat.service.ts). */
export function createBaccaratStudio(
  d: StudioTableDeps,
  o: BaccaratOptions = {},
): StudioTableModule<typeof studioBaccaratEndpoints> & { service: BaccaratService } {
  const service = createBaccaratService(d, o);
  return {
    service,
    handlers: {
      studioBaccaratTables: ({ input }) => service.tables(input.ticket),
      studioBaccaratState: ({ input }) => service.state(input.ticket, input.table),
      studioBaccaratBet: ({ input }) => service.bet(input),
    },
    routeConfigs: {
      studioBaccaratTables: routeConfig,
      studioBaccaratState: routeConfig,
      studioBaccaratBet: routeConfig,
    },
    start: () => service.start(),
  };
}
