import { agentEndpoints, type Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';

type AgentIds = keyof typeof agentEndpoints;

/** Thin handlers of the agent centre (issue 8). SKELETON: replaced by the agents service. */
export function agentHandlers(): Pick<HandlerMap<Endpoints>, AgentIds> {
  const todo = async (): Promise<never> => {
    throw new AppError('NOT_FOUND');
  };
  return Object.fromEntries(Object.keys(agentEndpoints).map((k) => [k, todo])) as unknown as Pick<
    HandlerMap<Endpoints>,
    AgentIds
  >;
}
