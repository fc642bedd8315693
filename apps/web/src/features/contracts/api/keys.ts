import type { ContractKind, RequestOf, agentContracts, agentDownlines } from '@app/contracts';
import type { SettlementQuery } from './get-settlements';

/**
 * Every contract query key starts with 'contracts': a lifecycle answer (offer, accept, reject,
 * terminate) invalidates that one prefix, so requests, lists and records refresh together.
 */
export const contractsKeys = {
  all: ['contracts'] as const,
  info: () => ['contracts', 'info'] as const,
  list: (q: RequestOf<typeof agentContracts>) => ['contracts', 'list', q] as const,
  downlines: (q: RequestOf<typeof agentDownlines>) => ['contracts', 'downlines', q] as const,
  settlements: (kind: ContractKind, q: SettlementQuery) => ['contracts', 'settlements', kind, q] as const,
};
