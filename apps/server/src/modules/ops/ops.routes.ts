import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { isLoopback } from '../../lib/net.ts';
import { OPS_COMMANDS, runOpsCommand, type OpsService } from './ops.service.ts';

export interface OpsRoutesOptions {
  ops: OpsService;
  /** Random per server start, written to DATA_DIR/ops.json (mode 0600). Unset: /ops refuses all. */
  token: string | undefined;
}

function tokenMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  const given = Buffer.from(header.slice(7));
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /ops/<command>: the ops CLI's way in while this server holds the PGlite data directory
 * (only one process can open it). Not part of the public contract or the OpenAPI document.
 * Loopback peers only, by the socket address (X-Forwarded-For is irrelevant), and the token.
 */
export async function opsRoutes(app: FastifyInstance, { ops, token }: OpsRoutesOptions): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: '/ops/:command',
    schema: {
      hide: true,
      params: z.object({ command: z.enum(OPS_COMMANDS) }),
      // An argument may be a page of HTML (promo content takes up to 100,000 characters).
      body: z.object({ args: z.array(z.string().max(100_000)).max(40) }).strict(),
    },
    onRequest: async (req) => {
      if (!isLoopback(req.socket.remoteAddress ?? '')) throw new AppError('FORBIDDEN', 'ops: loopback only');
      if (!tokenMatches(req.headers.authorization, token))
        throw new AppError('UNAUTHORIZED', 'ops: bad token');
    },
    handler: async (req) => {
      const result = await runOpsCommand(ops, req.params.command, req.body.args);
      return { success: true, value: result };
    },
  });
}
