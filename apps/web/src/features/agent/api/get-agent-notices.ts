import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { AGENT_MESSAGE_KINDS, PAGE_SIZE_MAX, messages, type Message } from '@app/contracts';
import { call } from '@/lib/api-client';
import { agentKeys } from './keys';

const AGENT_KINDS: ReadonlySet<string> = new Set(AGENT_MESSAGE_KINDS);
/** Inbox messages an agent sees in the agent centre: contract requests, answers, payouts, freezes. */
export const isAgentNotice = (m: Pick<Message, 'kind'>) => AGENT_KINDS.has(m.kind);

/** One page of the inbox, as large as the server allows, and the agent notices in it. */
export interface AgentNoticePage {
  items: Message[];
  /** The inbox page (not the notice count): the pager walks the inbox. */
  page: number;
  pageCount: number;
}

/**
 * The inbox endpoint (GET /wps/member/messages) cannot filter by kind, so the agent notices are
 * picked client-side out of an inbox page of PAGE_SIZE_MAX messages; the pager walks the inbox
 * pages (a page may hold no agent notice while a later one does).
 */
export async function getAgentNotices(page: number, signal?: AbortSignal): Promise<AgentNoticePage> {
  const inbox = await call(messages, { page, pageSize: PAGE_SIZE_MAX }, { signal });
  return {
    items: inbox.items.filter(isAgentNotice),
    page: inbox.page,
    pageCount: Math.max(1, Math.ceil(inbox.total / inbox.pageSize)),
  };
}

export function getAgentNoticesQueryOptions(page: number) {
  return queryOptions({
    queryKey: agentKeys.notices(page),
    queryFn: ({ signal }) => getAgentNotices(page, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useAgentNotices(page: number) {
  return useQuery(getAgentNoticesQueryOptions(page));
}
