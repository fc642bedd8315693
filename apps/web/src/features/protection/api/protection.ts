import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  protectionDepositPrompt,
  protectionSelfExclude,
  protectionSession,
  protectionSetLimit,
  protectionSetRealityCheck,
  protectionSetSessionLimit,
  protectionSettings,
  protectionTimeOut,
  type ProtectionSettings,
  type RequestOf,
} from '@app/contracts';
import { call } from '@/lib/api-client';

export const protectionKeys = {
  all: ['protection'] as const,
  settings: ['protection', 'settings'] as const,
  session: ['protection', 'session'] as const,
};

/** GET /wps/protection: limits with what is used and what waits, session limit, reality check. */
export function useProtectionSettings(enabled = true) {
  return useQuery({
    queryKey: protectionKeys.settings,
    queryFn: ({ signal }) => call(protectionSettings, {}, { signal }),
    staleTime: 30_000,
    enabled,
  });
}

/**
 * GET /wps/protection/session: this login's start and the server's time (the clock offset), its
 * net result, the previous login and the reality-check interval.
 */
export function getSessionInfo(signal?: AbortSignal) {
  return call(protectionSession, {}, { signal });
}

export function useSessionInfo() {
  return useQuery({
    queryKey: protectionKeys.session,
    queryFn: ({ signal }) => getSessionInfo(signal),
    staleTime: Infinity,
    retry: false,
  });
}

/** Every answer that carries the settings puts them in the cache at once. */
function useSettingsMutation<I, O>(fn: (input: I) => Promise<O>, settingsOf: (o: O) => ProtectionSettings) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (out) => {
      queryClient.setQueryData(protectionKeys.settings, settingsOf(out));
      // The reality-check interval is part of the session answer too.
      void queryClient.invalidateQueries({ queryKey: protectionKeys.session });
    },
  });
}

export const useSetLimit = () =>
  useSettingsMutation(
    (input: RequestOf<typeof protectionSetLimit>) => call(protectionSetLimit, input),
    (o) => o.settings,
  );

export const useSetSessionLimit = () =>
  useSettingsMutation(
    (input: RequestOf<typeof protectionSetSessionLimit>) => call(protectionSetSessionLimit, input),
    (o) => o.settings,
  );

export const useSetRealityCheck = () =>
  useSettingsMutation(
    (input: RequestOf<typeof protectionSetRealityCheck>) => call(protectionSetRealityCheck, input),
    (o) => o,
  );

export const useAnswerDepositPrompt = () =>
  useSettingsMutation(
    () => call(protectionDepositPrompt, {}),
    (o) => o,
  );

export const useTimeOut = () =>
  useMutation({ mutationFn: (days: number) => call(protectionTimeOut, { days, confirm: true }) });

export const useSelfExclude = () =>
  useMutation({
    mutationFn: (period: RequestOf<typeof protectionSelfExclude>['period']) =>
      call(protectionSelfExclude, { period, confirm: true }),
  });
