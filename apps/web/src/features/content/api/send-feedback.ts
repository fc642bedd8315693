import { useMutation, useQueryClient } from '@tanstack/react-query';
import { feedbackSubmit, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { contentKeys } from './keys';

/** POST /wps/feedback (spec §7): a member's or a guest's feedback. */
export function sendFeedback(input: RequestOf<typeof feedbackSubmit>) {
  return call(feedbackSubmit, input);
}

export function useSendFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contentKeys.myFeedbackAll }),
  });
}
