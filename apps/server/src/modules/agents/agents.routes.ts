import { agentEndpoints, type Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { AgentsService } from './agents.service.ts';

type AgentIds = keyof typeof agentEndpoints;

/** Thin handlers of the agent centre (issue 8). SKELETON: replaced by the agents service. */
export function agentHandlers(agents: AgentsService): Pick<HandlerMap<Endpoints>, AgentIds> {
  void agents;
  const todo = async (): Promise<never> => {
    throw new AppError('NOT_FOUND');
  };
  return Object.fromEntries(Object.keys(agentEndpoints).map((k) => [k, todo])) as unknown as Pick<
    HandlerMap<Endpoints>,
    AgentIds
  >;
}
