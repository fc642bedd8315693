import type { Endpoint } from '@app/contracts';
import type { FastifyBaseLogger, FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Db } from '../db/db.ts';
import type { MoneyRunner } from '../modules/ledger/money-tx.ts';
import type { PasswordLimits } from '../modules/session/password-checks.ts';
import type { SystemService } from '../modules/system/system.service.ts';
import type { Clock } from './errors.ts';
import type { HandlerMap } from './route.ts';

/** What a domain module is built from (issue 9's modules: announcements, promotions, points …). */
export interface ModuleDeps {
  db: Db;
  /** One money transaction: withTx plus the live stream's change notes (ledger/money-tx.ts). */
  money: MoneyRunner;
  now: Clock;
  log: FastifyBaseLogger;
  system: SystemService;
  passwordLimits: PasswordLimits;
}

export type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;

/**
 * One domain of the platform as app.ts wires it: the handlers of its contract table, their route
 * settings, the jobs it runs in the server (never in tests unless started by hand) and any route
 * outside the contract (an upload's own body limit, generated images).
 */
export interface DomainModule<T extends Record<string, Endpoint>> {
  handlers: HandlerMap<T>;
  routeConfigs?: Partial<Record<keyof T, RouteConfig>>;
  /** Starts the module's background jobs; the returned function stops them. */
  start?: () => () => Promise<void> | void;
  /** Routes outside the contract table, registered after the contract's. */
  routes?: (app: FastifyInstance) => Promise<void>;
}
