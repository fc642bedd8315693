import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { session } from '@/lib/storage';
import { completeSocialLogin, SOCIAL_PROVIDER_KEY, telegramLogin, type TelegramUser } from '../api/social';
import { useCompleteLogin } from '../hooks/use-complete-login';

/** Telegram's redirect mode puts the signed login data in the query (the server checks its HMAC). */
function telegramUser(params: URLSearchParams): TelegramUser | null {
  const id = Number(params.get('id'));
  const authDate = Number(params.get('auth_date'));
  const hash = params.get('hash');
  if (!Number.isSafeInteger(id) || !Number.isSafeInteger(authDate) || !hash) return null;
  const user: TelegramUser = { id, auth_date: authDate, hash };
  for (const k of ['first_name', 'last_name', 'username', 'photo_url'] as const) {
    const v = params.get(k);
    if (v !== null) user[k] = v;
  }
  return user;
}

/**
 * /social/callback: finishes a Google or Facebook login with the code and state the provider sent,
 * or a Telegram login with the widget's signed data (?provider=telegram&id=…&hash=…).
 */
export function SocialCallback() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [error, setError] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (params.get('provider') === 'telegram') {
      const user = telegramUser(params);
      if (!user) {
        setError('errors.enter_correct_information');
        return;
      }
      telegramLogin(user)
        .then((r) => completeLogin(r, { type: 'username' }))
        .then(() => navigate(paths.root, { replace: true }))
        .catch((e: unknown) => setError(errorKey(e)));
      return;
    }
    const provider = session.get(SOCIAL_PROVIDER_KEY);
    const code = params.get('code');
    const state = params.get('state');
    session.remove(SOCIAL_PROVIDER_KEY);
    if ((provider !== 'google' && provider !== 'facebook') || !code || !state) {
      setError('errors.enter_correct_information');
      return;
    }
    completeSocialLogin(provider, code, state)
      .then((r) => completeLogin(r, { type: 'username' }))
      .then(() => navigate(paths.root, { replace: true }))
      .catch((e: unknown) => setError(errorKey(e)));
  }, [params, navigate, completeLogin]);

  return (
    <Page title={t('auth.social.title')}>
      {error ? <ErrorState messageKey={error} /> : <LoadingState label={t('common.loading')} />}
    </Page>
  );
}
