import { randomUUID } from 'node:crypto';
import { endpoints, type Endpoints } from '@app/contracts';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { addressSet } from './lib/net.ts';
import { registerEndpoints, type HandlerMap } from './lib/route.ts';
import { accessHandlers } from './modules/access/access.routes.ts';
import { createAccessService, type AccessService } from './modules/access/access.service.ts';
import { captchaHandlers } from './modules/captcha/captcha.routes.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { opsRoutes } from './modules/ops/ops.routes.ts';
import { createOpsService, type OpsService } from './modules/ops/ops.service.ts';
import { systemHandlers } from './modules/system/system.routes.ts';
import { createSystemService, type SystemService } from './modules/system/system.service.ts';
import errors from './plugins/errors.ts';
import guards from './plugins/guards.ts';
import openapi from './plugins/openapi.ts';
import requestContext from './plugins/request-context.ts';
import security from './plugins/security.ts';
import staticWeb from './plugins/static-web.ts';

export interface Services {
  db: Db;
  system: SystemService;
  access: AccessService;
  ops: OpsService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export type AppConfig = Pick<Config, 'trustProxy' | 'docs' | 'webDist' | 'webDistExists' | 'logLevel'>;

export interface AppOptions {
  db: Db;
  config: AppConfig;
  /** Bearer token of POST /ops/<command>; without one those routes refuse every call. */
  opsToken?: string;
  rateLimit?: { globalPerMinute?: number; captchaPerMinute?: number };
  /** Where log lines go (default stdout); tests capture them to check redaction. */
  logStream?: { write(line: string): void };
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
];

export const DEFAULT_RATE_LIMITS = { globalPerMinute: 600, captchaPerMinute: 60 };

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
  const ops = createOpsService({ db, onChange: () => access.invalidate() });
  app.decorate('services', { db, system, access, ops });

  await app.register(errors);
  await app.register(requestContext);
  await app.register(security, { globalPerMinute: limits.globalPerMinute });
  if (config.docs) await app.register(openapi);
  await app.register(guards, { access });

  const handlers: HandlerMap<Endpoints> = {
    ...systemHandlers(system),
    ...accessHandlers(access),
    ...captchaHandlers(db),
  };
  registerEndpoints(app, endpoints, handlers, {
    captcha: { rateLimit: { max: limits.captchaPerMinute, timeWindow: '1 minute' } },
  });

  await app.register(opsRoutes, { ops, token: opts.opsToken });
  await app.register(devRoutes);
  await app.register(staticWeb, { root: config.webDist, exists: config.webDistExists });
  return app;
}
