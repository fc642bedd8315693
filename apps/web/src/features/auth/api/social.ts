import { useQuery } from '@tanstack/react-query';
import {
  type LoginResult,
  socialComplete as socialCompleteEndpoint,
  socialProviders as socialProvidersEndpoint,
  socialStart as socialStartEndpoint,
  telegramLogin as telegramLoginEndpoint,
} from '@app/contracts';
import { call } from '@/lib/api-client';
import { session } from '@/lib/storage';

/** Where the provider is remembered while the browser visits it (not a spec §3 key). */
export const SOCIAL_PROVIDER_KEY = 'social_provider';

export function useSocialProviders(enabled: boolean) {
  return useQuery({
    queryKey: ['session', 'social'],
    queryFn: ({ signal }) => call(socialProvidersEndpoint, {}, { signal }),
    enabled,
    staleTime: 10 * 60_000,
  });
}

/** Starts an OpenID Connect login and leaves for the provider. */
export async function startSocialLogin(provider: 'google' | 'facebook'): Promise<void> {
  const { url } = await call(socialStartEndpoint, { provider });
  session.set(SOCIAL_PROVIDER_KEY, provider);
  window.location.assign(url);
}

export function completeSocialLogin(provider: 'google' | 'facebook', code: string, state: string) {
  return call(socialCompleteEndpoint, { provider, code, state });
}

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

export function telegramLogin(user: TelegramUser): Promise<LoginResult> {
  return call(telegramLoginEndpoint, user);
}
