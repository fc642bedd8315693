import { useMutation, useQueryClient } from '@tanstack/react-query';
import { pointsConvert, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';
import { outcomeUnknown } from '@/lib/idempotency';
import { pointsKeys } from './keys';

export type ConvertInput = RequestOf<typeof pointsConvert>;

/** POST /wps/points/convert: points to cash in the main wallet at the redeem rate, idempotent by key. */
export function convertPoints(input: ConvertInput) {
  return call(pointsConvert, input);
}

export function useConvertPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convertPoints,
    retry: (failures: number, error: unknown) => failures < 1 && outcomeUnknown(error),
    retryDelay: 800,
    // Points and the main wallet (the header's balance) moved.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['wallet'] }),
      ]),
  });
}
