import { randomUUID } from 'node:crypto';
import { endpoints, type Endpoints } from '@app/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { systemClock, type Clock } from './lib/errors.ts';
import { addressSet } from './lib/net.ts';
import { registerEndpoints, type HandlerMap } from './lib/route.ts';
import { accessHandlers } from './modules/access/access.routes.ts';
import { createAccessService, type AccessService } from './modules/access/access.service.ts';
import { captchaHandlers } from './modules/captcha/captcha.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { outboxRoutes } from './modules/dev/outbox.routes.ts';
import { createAccountService, type AccountService } from './modules/members/account.service.ts';
import { avatarRoutes } from './modules/members/avatars.routes.ts';
import { createLoginService, type LoginService } from './modules/session/login.service.ts';
import { DEFAULT_PASSWORD_LIMITS, type PasswordLimits } from './modules/session/password-checks.ts';
import { createPayloadService, type PayloadService } from './modules/session/payload.service.ts';
import sessionPlugin from './modules/session/session.plugin.ts';
import { phoneNumberMessage, sessionHandlers } from './modules/session/session.routes.ts';
import {
  createVerificationService,
  type VerificationService,
} from './modules/verification/verification.service.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { securityCentreHandlers } from './modules/security/security.routes.ts';
import { createSecurityService, type SecurityService } from './modules/security/security.service.ts';
import { socialHandlers } from './modules/social/social.routes.ts';
import {
  createSocialService,
  NO_SOCIAL_PROVIDERS,
  type SocialService,
} from './modules/social/social.service.ts';
import { createOpsService, type OpsService } from './modules/ops/ops.service.ts';
import { createMoneyRunner, type MoneyRunner } from './modules/ledger/money-tx.ts';
import { systemHandlers } from './modules/system/system.routes.ts';
import { DemoVendor, type VendorPort } from './modules/wallet/demo-vendor.ts';
import { startWalletJobs } from './modules/wallet/wallet.jobs.ts';
import { walletHandlers, walletRouteConfigs } from './modules/wallet/wallet.routes.ts';
import { cashierHandlers, cashierOnRoute, cashierRouteConfigs } from './modules/cashier/cashier.routes.ts';
import { createCashierService, DEV_GATEWAY_SECRET } from './modules/cashier/cashier.service.ts';
import { gatewayRoutes } from './modules/cashier/gateway.routes.ts';
import { startCashierJobs } from './modules/cashier/c2c.job.ts';
import { recordsHandlers } from './modules/records/records.routes.ts';
import { createRecordsService } from './modules/records/records.service.ts';
import { createMessagesService } from './modules/messages/messages.service.ts';
import { messagesHandlers } from './modules/messages/messages.routes.ts';
import { createLiveHub } from './modules/live/live.hub.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { createWalletService, type WalletService } from './modules/wallet/wallet.service.ts';
import { createSystemService, type SystemService } from './modules/system/system.service.ts';
import { gameCatalogueHandlers } from './modules/games/catalogue.routes.ts';
import { createCatalogueService } from './modules/games/catalogue.service.ts';
import { gameImageRoutes } from './modules/games/images.routes.ts';
import { createBetsService } from './modules/games/bets.service.ts';
import { startGamesJobs } from './modules/games/games.reconciler.ts';
import { createLaunchService } from './modules/games/launch.service.ts';
import { gamePlayHandlers, gamePlayOnRoute, gamePlayRouteConfigs } from './modules/games/play.routes.ts';
import {
  createVendorProtocol,
  DEV_VENDOR_PROTOCOL_SECRET,
  type VendorProtocol,
} from './modules/games/vendor-protocol.service.ts';
import { StudioVendor } from './vendors/studio/studio.vendor.ts';
import { createStudioTables, type StudioTables } from './vendors/studio/tables.ts';
import { lotteryHandlers, lotteryRouteConfigs } from './modules/lottery/lottery.routes.ts';
import { agentHandlers, agentRouteConfigs } from './modules/agents/agents.routes.ts';
import { contractHandlers } from './modules/contracts/contracts.routes.ts';
import { createAgentsService, type AgentsService } from './modules/agents/agents.service.ts';
import { createContractsService, type ContractsService } from './modules/contracts/contracts.service.ts';
import { createDrawsService, type DrawsService } from './modules/lottery/draws.service.ts';
import { createBettingService, type BettingService } from './modules/lottery/betting.service.ts';
import { createAnnouncementsModule } from './modules/announcements/announcements.module.ts';
import { createPromotionsModule } from './modules/promotions/promotions.module.ts';
import { createPointsModule } from './modules/points/points.module.ts';
import { createRewardsModule } from './modules/rewards/rewards.module.ts';
import { createContentModule } from './modules/content/content.module.ts';
import { createProtectionModule } from './modules/protection/protection.module.ts';
import errors from './plugins/errors.ts';
import guards from './plugins/guards.ts';
import openapi from './plugins/openapi.ts';
import requestContext from './plugins/request-context.ts';
import security, { cspExtraFor } from './plugins/security.ts';
import staticGames from './plugins/static-games.ts';
import staticWeb from './plugins/static-web.ts';

export interface Services {
  db: Db;
  system: SystemService;
  access: AccessService;
  ops: OpsService;
  payloads: PayloadService;
  login: LoginService;
  accounts: AccountService;
  verification: VerificationService;
  now: Clock;
  securityCentre: SecurityService;
  social: SocialService;
  /** Runs one money transaction (issue 4): withTx plus a NOTIFY of what changed, sent on commit. */
  money: MoneyRunner;
  passwordLimits: PasswordLimits;
  /** Wallets and two-phase vendor transfers (issue 4). */
  wallet: WalletService;
  /** The vendor protocol and the demo studio that calls it (issue 5). */
  gamePlay: { protocol: VendorProtocol; studio: StudioVendor; tables: StudioTables };
  lottery: { draws: DrawsService; betting: BettingService };
  /** The agent centre and the contracts with their settlement jobs (issue 8). */
  agents: AgentsService;
  contracts: ContractsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type AppConfig = Pick<Config, 'trustProxy' | 'docs' | 'webDist' | 'webDistExists' | 'logLevel'> &
  Partial<Pick<Config, 'nodeEnv' | 'social' | 'gamesDist' | 'webSsr'>>;

export interface AppOptions {
  db: Db;
  config: AppConfig;
  /** Bearer token of POST /ops/<command>; without one those routes refuse every call. */
  opsToken?: string;
  rateLimit?: { globalPerMinute?: number; captchaPerMinute?: number; codesPerMinute?: number };
  /** The clock of sessions, codes and limits; tests move it. */
  now?: Clock;
  /** Password-check limits (issue 3: 100 per account per hour); tests lower them. */
  passwordLimits?: Partial<PasswordLimits>;
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: { write(line: string): void };
  /** The game vendors' wallet side (default: the built-in demo vendor on this database). */
  vendor?: VendorPort;
  /** Runs the background jobs (the vendor-transfer reconciler); server.ts sets it, tests do not. */
  jobs?: boolean;
  /** Heartbeat of the live stream (GET /wps/events), which also re-checks the session; default 25 s. */
  liveHeartbeatMs?: number;
  /** HMAC key of the demo payment gateway's callback (default DEMO_GATEWAY_SECRET, else a development value). */
  gatewaySecret?: string;
}

/** Logged values that must never reach the logs (issue 2 §5: logs without secrets). */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  '*.password',
  '*.newPassword',
  '*.oldPassword',
  '*.confirmPassword',
  '*.paymentPassword',
  '*.code',
  '*.verificationCode',
  '*.token',
  '*.captcha',
  // Issue 3: the other secrets of the session and member calls.
  '*.confirmNewPassword',
  '*.loginPassword',
  '*.oldPaymentPassword',
  '*.newPaymentPassword',
  '*.confirmPaymentPassword',
  '*.payeeName',
  '*.secret',
  '*.nonce',
];

/** Query parameters that are secrets (issue 5: the launch ticket of a game session). */
const SECRET_QUERY = /([?&](?:ticket|token)=)[^&#]*/gi;
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Fastify's own request log fields, with the url's secrets redacted. */
function serializeRequest(req: {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * Per client address. codesPerMinute: every route that sends an SMS or e-mail code (issue 11,
 * bench:limits): the per-target throttle (60 s, 10 a day) does not stop one address sending codes
 * to ever new numbers (SMS pumping), which only the global 600 a minute did before.
 */
export const DEFAULT_RATE_LIMITS = { globalPerMinute: 600, captchaPerMinute: 60, codesPerMinute: 20 };

/**
 * Builds the whole application as one plugin tree (DESIGN §3, fastify/demo): server.ts only
 * starts it, tests call it with app.inject. Every contract endpoint gets its route from the
 * `endpoints` table and its handler from the map below.
 */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { db, config } = opts;
  const limits = { ...DEFAULT_RATE_LIMITS, ...opts.rateLimit };
  const fastifyOptions: FastifyServerOptions = {
    logger: {
      level: config.logLevel,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      // A game's launch ticket rides in its address (/studio/?ticket=…, /studio/api/session?ticket=…):
      // the logged url keeps the path and drops the secret.
      serializers: { req: serializeRequest },
      ...(opts.logStream ? { stream: opts.logStream } : {}),
    },
    // Only TRUST_PROXY peers may set the client address through X-Forwarded-For (DESIGN §7).
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // API bodies are small; uploads (later issues) raise this per route.
    bodyLimit: 64 * 1024,
  };
  const app = Fastify(fastifyOptions);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const isTrustedProxy = addressSet(config.trustProxy);
  const access = createAccessService({ db, isTrustedProxy });
  const system = createSystemService({ db });
  const now = opts.now ?? systemClock;
  const ops = createOpsService({ db, onChange: () => access.invalidate(), now });
  const passwordLimits = { ...DEFAULT_PASSWORD_LIMITS, ...opts.passwordLimits };
  const verification = createVerificationService();
  const payloads = createPayloadService({ db, now });
  const login = createLoginService({ db, system, verification, now, limits: passwordLimits });
  const accounts = createAccountService({ db, system, verification, now, limits: passwordLimits });
  const securityCentre = createSecurityService({ db, system, verification, limits: passwordLimits, now });
  const social = createSocialService({ db, system, config: config.social ?? NO_SOCIAL_PROVIDERS, now });
  const money = createMoneyRunner(db);
  const vendor = opts.vendor ?? new DemoVendor(db);
  const wallet = createWalletService({ db, money, vendor, now, passwordLimits, log: app.log });
  const cashier = createCashierService({
    db,
    money,
    now,
    passwordLimits,
    gatewaySecret: opts.gatewaySecret ?? (process.env.DEMO_GATEWAY_SECRET || DEV_GATEWAY_SECRET),
  });
  const records = createRecordsService({ db });
  const messages = createMessagesService({ db, money });
  const live = createLiveHub({ db, wallet, log: app.log });
  const catalogue = createCatalogueService({ db, system });
  const vendorProtocol = createVendorProtocol({ db, money, now });
  const studio = new StudioVendor(db, vendorProtocol);
  const tables = createStudioTables({ db, platform: vendorProtocol, now, log: app.log });
  const launch = createLaunchService({ db, system, wallet, now });
  const bets = createBetsService({ db, now });
  const lotteryDraws = createDrawsService({ db, money, now, log: app.log });
  const lotteryBetting = createBettingService({ db, money, now });
  const agents = createAgentsService({ db, money, now, passwordLimits, log: app.log });
  const contracts = createContractsService({ db, money, now, log: app.log });
  // Issue 9's domains, each one module (lib/module.ts): handlers, route settings, jobs, routes.
  const moduleDeps = { db, money, now, log: app.log, system, passwordLimits };
  const announcementsModule = createAnnouncementsModule(moduleDeps);
  const promotionsModule = createPromotionsModule(moduleDeps);
  const pointsModule = createPointsModule(moduleDeps);
  const rewardsModule = createRewardsModule(moduleDeps);
  const contentModule = createContentModule(moduleDeps);
  // Issue 10: player protection (installs the money guard on the ledger's post).
  const protectionModule = createProtectionModule(moduleDeps);
  const domainModules = [
    announcementsModule,
    promotionsModule,
    pointsModule,
    rewardsModule,
    contentModule,
    protectionModule,
  ];
  app.decorate('services', {
    db,
    system,
    access,
    ops,
    payloads,
    login,
    accounts,
    verification,
    now,
    securityCentre,
    social,
    money,
    passwordLimits,
    wallet,
    gamePlay: { protocol: vendorProtocol, studio, tables },
    lottery: { draws: lotteryDraws, betting: lotteryBetting },
    agents,
    contracts,
  });
  app.decorate('payloads', { open: (body) => payloads.open(body) });
  // Form bodies (spec §7: the forgot-password-by-e-mail call is a form POST): strings only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  await app.register(errors);
  await app.register(requestContext);
  const cspExtra = cspExtraFor(config.social);
  await app.register(security, { globalPerMinute: limits.globalPerMinute, cspExtra });
  if (config.docs) await app.register(openapi);
  await app.register(guards, { access });
  await app.register(sessionPlugin, { db, now });

  const handlers: HandlerMap<Endpoints> = {
    ...systemHandlers(system),
    ...accessHandlers(access),
    ...captchaHandlers(db),
    ...sessionHandlers({ payloads, login, accounts }),
    ...securityCentreHandlers(securityCentre),
    ...socialHandlers(social),
    ...walletHandlers(wallet),
    ...cashierHandlers(cashier),
    ...recordsHandlers(records),
    ...messagesHandlers(messages),
    ...gameCatalogueHandlers(catalogue, (merchantId) => lotteryDraws.menus(merchantId)),
    ...gamePlayHandlers({ db, now, launch, bets, protocol: vendorProtocol, studio }),
    ...tables.handlers,
    ...lotteryHandlers(lotteryDraws, lotteryBetting),
    ...agentHandlers(agents),
    ...contractHandlers(contracts),
    ...announcementsModule.handlers,
    ...promotionsModule.handlers,
    ...pointsModule.handlers,
    ...rewardsModule.handlers,
    ...contentModule.handlers,
    ...protectionModule.handlers,
  };
  // The C2C proof upload raises the body limit of its one route.
  app.addHook('onRoute', cashierOnRoute);
  app.addHook('onRoute', gamePlayOnRoute(process.env.VENDOR_PROTOCOL_SECRET || DEV_VENDOR_PROTOCOL_SECRET));
  const codeLimit = { rateLimit: { max: limits.codesPerMinute, timeWindow: '1 minute' } };
  registerEndpoints(app, endpoints, handlers, {
    captcha: { rateLimit: { max: limits.captchaPerMinute, timeWindow: '1 minute' } },
    // Issue 3: an undecryptable, replayed or invalid login body answers like wrong credentials.
    login: { onBadPayload: (req) => login.reject(req, { account: null, reason: 'bad_payload' }) },
    smsNoLogin: { validationMessage: phoneNumberMessage('mobileNum'), ...codeLimit },
    smsRegister: { validationMessage: phoneNumberMessage('mobileNo'), ...codeLimit },
    loginVerifySend: codeLimit,
    forgotPasswordEmail: codeLimit,
    bindMobileSend: codeLimit,
    bindEmailSend: codeLimit,
    ...walletRouteConfigs,
    ...cashierRouteConfigs,
    ...gamePlayRouteConfigs,
    ...tables.routeConfigs,
    ...lotteryRouteConfigs,
    ...agentRouteConfigs,
    ...announcementsModule.routeConfigs,
    ...promotionsModule.routeConfigs,
    ...pointsModule.routeConfigs,
    ...rewardsModule.routeConfigs,
    ...contentModule.routeConfigs,
  });
  for (const m of domainModules) if (m.routes) await m.routes(app);
  await app.register(gatewayRoutes, { cashier });
  if (opts.jobs) {
    const stopJobs = startWalletJobs({ db, vendor }, app.log);
    app.addHook('onClose', async () => stopJobs());
    const stopCashierJobs = startCashierJobs({ money, now }, app.log);
    app.addHook('onClose', async () => stopCashierJobs());
    const stopGamesJobs = startGamesJobs(studio, app.log);
    app.addHook('onClose', async () => stopGamesJobs());
    const stopTables = tables.start();
    app.addHook('onClose', async () => stopTables());
    const stopContracts = contracts.start();
    app.addHook('onClose', async () => {
      await stopContracts();
    });
    const stopLottery = lotteryDraws.start();
    app.addHook('onClose', async () => {
      await stopLottery();
    });
    for (const m of domainModules) {
      const stop = m.start?.();
      if (stop) app.addHook('onClose', async () => stop());
    }
  }

  await live.start();
  app.addHook('onClose', async () => live.stop());
  await app.register(liveRoutes, { db, hub: live, now, heartbeatMs: opts.liveHeartbeatMs ?? 25_000 });

  await app.register(opsRoutes, { ops, token: opts.opsToken });
  await app.register(devRoutes);
  await app.register(avatarRoutes);
  await app.register(gameImageRoutes, { db });
  // The outbox pages show codes: development and tests only, never in production.
  if (config.nodeEnv !== 'production') await app.register(outboxRoutes, { db });
  await app.register(staticGames, { root: config.gamesDist });
  await app.register(staticWeb, {
    root: config.webDist,
    exists: config.webDistExists,
    ssrModule: config.webSsr ?? null,
    cspExtra,
  });
  return app;
}
