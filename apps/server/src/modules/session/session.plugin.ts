import { isAgentType, TRIAL_TYPE } from '@app/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/db.ts';
import { AppError, type Clock } from '../../lib/errors.ts';
import {
  authenticateSession,
  type SessionFound,
  type SessionMember,
  type SessionRead,
} from './session.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null (guest). Set for every route before its handler. */
    member: SessionMember | null;
    /** The rows of the route's `sessionRead`, read with the session (null without one). */
    sessionRead: Record<string, unknown>[] | null;
  }
  interface FastifyContextConfig {
    /** A read about the caller run in the session's own statement (session.service.ts). */
    sessionRead?: SessionRead;
  }
}

/** A session that may only change the password (weak or expired one) reaches these calls alone. */
export const CHANGE_PASSWORD_SCOPE_ENDPOINTS = new Set(['changePassword', 'memberInfo', 'logout']);

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return undefined;
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(h.trim());
  return m?.[1];
}

/** The member of a `member`/`agent` route (the plugin has already refused guests). */
export function requireMember(req: FastifyRequest): SessionMember {
  if (!req.member) throw new AppError('UNAUTHORIZED');
  return req.member;
}

/** Spec §4: a trial account (type 4) is told it needs a real account for money and profile actions. */
export function requireRealAccount(req: FastifyRequest): SessionMember {
  const m = requireMember(req);
  if (m.type === TRIAL_TYPE) throw new AppError('FORBIDDEN', 'errors.in_need_true_account');
  return m;
}

/**
 * Reads `Authorization: Bearer <token>` on every request and enforces each contract endpoint's
 * `auth` (route config, set by registerEndpoint): guest reads the session when present; member
 * needs one (401 errors.not_logged_in); agent needs an agent type (403). A change-password
 * session is accepted only by CHANGE_PASSWORD_SCOPE_ENDPOINTS.
 */
async function sessionPlugin(app: FastifyInstance, { db, now }: { db: Db; now: Clock }): Promise<void> {
  app.decorateRequest('member', null);
  app.decorateRequest('sessionRead', null);
  app.addHook('onRequest', async (req) => {
    const token = bearerToken(req);
    const { auth, endpointId, sessionRead } = req.routeOptions.config;
    const found: SessionFound = token
      ? await authenticateSession(db, token, now(), sessionRead)
      : { member: null };
    req.member = found.member;
    req.sessionRead = found.read ?? null;
    if (!auth || auth === 'guest') return;
    // Issue 10: a session ended by the member's session limit says so (still a 401).
    if (!req.member) throw new AppError('UNAUTHORIZED', found.ended);
    if (req.member.scope === 'change_password' && !CHANGE_PASSWORD_SCOPE_ENDPOINTS.has(endpointId ?? '')) {
      throw new AppError('FORBIDDEN', 'errors.password_change_required');
    }
    if (auth === 'agent' && !isAgentType(req.member.type))
      throw new AppError('FORBIDDEN', 'errors.agent_only');
  });
}

export default fp(sessionPlugin, { name: 'session' });
