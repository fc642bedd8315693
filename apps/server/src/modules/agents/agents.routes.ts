import type { agentEndpoints, Endpoints } from '@app/contracts';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { AgentsService, CallContext } from './agents.service.ts';

type AgentIds = keyof typeof agentEndpoints;

/**
 * `<protocol>://<host>` the agent reached the site on: an invitation link points back there. The
 * protocol of a TLS-terminating proxy (`x-forwarded-proto`) wins over the socket's.
 */
export function requestOrigin(req: FastifyRequest): string {
  const forwarded = req.headers['x-forwarded-proto'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim().toLowerCase();
  const protocol = first === 'https' || first === 'http' ? first : req.protocol;
  return `${protocol}://${req.host}`;
}

function context(req: FastifyRequest): CallContext {
  const ua = req.headers['user-agent'];
  return {
    ip: req.ip,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : undefined,
    origin: requestOrigin(req),
  };
}

/** Thin handlers of the agent centre (issue 8); the session plugin has refused non-agents (403). */
export function agentHandlers(agents: AgentsService): Pick<HandlerMap<Endpoints>, AgentIds> {
  return {
    agentTeamOverview: ({ req, input }) => agents.teamOverview(requireMember(req), input),
    agentCreateDownline: ({ req, input }) => agents.createDownline(requireMember(req), input, context(req)),
    agentInviteLinks: ({ req }) => agents.inviteLinks(requireMember(req), context(req)),
    agentCreateInviteLink: ({ req, input }) =>
      agents.createInviteLink(requireMember(req), input.kind, context(req)),
    agentDeleteInviteLink: ({ req, input }) =>
      agents.deleteInviteLink(requireMember(req), input.id, context(req)),
    agentDownlines: ({ req, input }) => agents.downlines(requireMember(req), input, context(req)),
    agentDownlineStatus: ({ req, input }) =>
      agents.setDownlineStatus(requireMember(req), input, context(req)),
    agentTransferDownline: ({ req, input }) => agents.transfer(requireMember(req), input, context(req)),
    agentRedEnvelope: ({ req, input }) => agents.redEnvelope(requireMember(req), input, context(req)),
    agentTeamBets: ({ req, input }) => agents.teamBets(requireMember(req), input),
    agentProfitLoss: ({ req, input }) => agents.profitLoss(requireMember(req), input),
    agentRevenue: ({ req, input }) => agents.revenue(requireMember(req), input),
    agentTransactions: ({ req, input }) => agents.transactions(requireMember(req), input),
  };
}

/** A refused money body names its precise problem (the first one, in this order), like the wallet's. */
const FIELD_MESSAGES: [field: string, message: string][] = [
  ['memberIds', 'agent.errors.too_many_recipients'],
  ['amount', 'money.errors.amount_invalid'],
  ['amountEach', 'money.errors.amount_invalid'],
  ['paymentPassword', 'money.errors.payment_password_required'],
  ['key', 'money.errors.idempotency_key'],
];
function moneyValidationMessage(fields: Record<string, string>): string | undefined {
  return FIELD_MESSAGES.find(
    ([f]) => f in fields && (f !== 'memberIds' || fields[f] === 'errors.too_long'),
  )?.[1];
}

type RouteConfig = Omit<FastifyContextConfig, 'endpointId' | 'auth'>;
export const agentRouteConfigs: Partial<Record<AgentIds, RouteConfig>> = {
  agentTransferDownline: { validationMessage: moneyValidationMessage },
  agentRedEnvelope: { validationMessage: moneyValidationMessage },
};
