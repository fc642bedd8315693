import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackMine } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

export const MY_FEEDBACK_PAGE_SIZE = 5;

/** GET /wps/feedback/mine: my feedback with the operator's replies, newest first. */
export function getMyFeedback(page: number, signal?: AbortSignal) {
  return call(feedbackMine, { page, pageSize: MY_FEEDBACK_PAGE_SIZE }, { signal });
}

export function getMyFeedbackQueryOptions(page: number) {
  return queryOptions({
    queryKey: contentKeys.myFeedback(page),
    queryFn: ({ signal }) => getMyFeedback(page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useMyFeedback(page: number, enabled: boolean) {
  return useQuery({ ...getMyFeedbackQueryOptions(page), enabled });
}
