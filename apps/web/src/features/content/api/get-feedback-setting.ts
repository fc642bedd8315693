import { queryOptions, useQuery } from '@tanstack/react-query';
import { feedbackSetting } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /wps/feedback/setting: the merchant's content length bounds and the question types. */
export function getFeedbackSetting(signal?: AbortSignal) {
  return call(feedbackSetting, {}, { signal });
}

export function getFeedbackSettingQueryOptions() {
  return queryOptions({
    queryKey: contentKeys.feedbackSetting,
    queryFn: ({ signal }) => getFeedbackSetting(signal),
    staleTime: 10 * 60_000,
  });
}

export function useFeedbackSetting() {
  return useQuery(getFeedbackSettingQueryOptions());
}
