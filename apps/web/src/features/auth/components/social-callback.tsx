import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { session } from '@/lib/storage';
import { completeSocialLogin, SOCIAL_PROVIDER_KEY } from '../api/social';
import { useCompleteLogin } from '../hooks/use-complete-login';

/** /social/callback: finishes a Google or Facebook login with the code and state the provider sent. */
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
