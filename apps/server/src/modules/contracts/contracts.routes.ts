import { contractEndpoints, type Endpoints } from '@app/contracts';
import type { HandlerMap } from '../../lib/route.ts';
import { AppError } from '../../lib/errors.ts';
import type { ContractsService } from './contracts.service.ts';

type ContractIds = keyof typeof contractEndpoints;

/** Thin handlers of the contracts (issue 8). SKELETON: replaced by the contracts service. */
export function contractHandlers(contracts: ContractsService): Pick<HandlerMap<Endpoints>, ContractIds> {
  void contracts;
  const todo = async (): Promise<never> => {
    throw new AppError('NOT_FOUND');
  };
  return Object.fromEntries(Object.keys(contractEndpoints).map((k) => [k, todo])) as unknown as Pick<
    HandlerMap<Endpoints>,
    ContractIds
  >;
}
