import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  PAGE_SIZE_MAX,
  dailySalaryRecords,
  dividendRecords,
  hourSalaryRecords,
  realtimeSalaryRecords,
  type ContractKind,
  type RequestOf,
  type Settlement,
} from '@app/contracts';
import { call } from '@/lib/api-client';
import { contractsKeys } from './keys';

export type SettlementQuery = RequestOf<typeof dividendRecords>;

/** The settlement relay of each kind (spec §7 relays: dividend, daily, hour, real-time salary). */
export const SETTLEMENT_RELAYS = {
  dividend: dividendRecords,
  daily: dailySalaryRecords,
  hourly: hourSalaryRecords,
  realtime: realtimeSalaryRecords,
} as const;

/** GET /wps/relay/ACS_…Record: one page of settlements with the filter's totals. */
export function getSettlements(kind: ContractKind, q: SettlementQuery, signal?: AbortSignal) {
  return call(SETTLEMENT_RELAYS[kind], q, { signal });
}

export function getSettlementsQueryOptions(kind: ContractKind, q: SettlementQuery) {
  return queryOptions({
    queryKey: contractsKeys.settlements(kind, q),
    queryFn: ({ signal }) => getSettlements(kind, q, signal),
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

export function useSettlements(kind: ContractKind, q: SettlementQuery) {
  return useQuery(getSettlementsQueryOptions(kind, q));
}

/**
 * Every settlement of the filter, for the CSV export. The relays have no `export` flag (unlike
 * the agent reports), so this reads pages of PAGE_SIZE_MAX one after another, at most `max`
 * rows; `complete` is false when the filter holds more.
 */
export async function getAllSettlements(
  kind: ContractKind,
  q: Omit<SettlementQuery, 'page' | 'pageSize'>,
  max: number,
): Promise<{ items: Settlement[]; total: number; complete: boolean }> {
  const items: Settlement[] = [];
  let total = 0;
  for (let page = 1; items.length < max; page++) {
    const answer = await getSettlements(kind, { ...q, page, pageSize: PAGE_SIZE_MAX });
    total = answer.total;
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= total) break;
  }
  return { items: items.slice(0, max), total, complete: items.length >= total && total <= max };
}
