import type { contractEndpoints, Endpoints } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { HandlerMap } from '../../lib/route.ts';
import { requireMember } from '../session/session.plugin.ts';
import type { ContractCallContext, ContractsService } from './contracts.service.ts';

type ContractIds = keyof typeof contractEndpoints;

const context = (req: FastifyRequest): ContractCallContext => ({ ip: req.ip });

/** Thin handlers of the contracts (issue 8); the session plugin has refused non-agents (403). */
export function contractHandlers(contracts: ContractsService): Pick<HandlerMap<Endpoints>, ContractIds> {
  return {
    agentContractInfo: ({ req }) => contracts.info(requireMember(req)),
    agentContracts: ({ req, input }) => contracts.list(requireMember(req), input),
    agentContractOffer: ({ req, input }) => contracts.offer(requireMember(req), input, context(req)),
    agentContractTerminate: ({ req, input }) => contracts.terminate(requireMember(req), input, context(req)),
    agentContractRespond: ({ req, input }) => contracts.respond(requireMember(req), input, context(req)),
    dividendRecords: ({ req, input }) => contracts.records(requireMember(req), 'dividend', input),
    dailySalaryRecords: ({ req, input }) => contracts.records(requireMember(req), 'daily', input),
    hourSalaryRecords: ({ req, input }) => contracts.records(requireMember(req), 'hourly', input),
    realtimeSalaryRecords: ({ req, input }) => contracts.records(requireMember(req), 'realtime', input),
  };
}
