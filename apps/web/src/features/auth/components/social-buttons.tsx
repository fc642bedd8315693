import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formStyles as styles } from '@/components/ui/field';
import { useFlags } from '@/lib/status';
import { errorKey } from '@/lib/api-client';
import { startSocialLogin, telegramLogin, useSocialProviders, type TelegramUser } from '../api/social';
import { useCompleteLogin } from '../hooks/use-complete-login';

const LABELS = {
  google: 'auth.social.google',
  facebook: 'auth.social.facebook',
  telegram: 'auth.social.telegram',
} as const;

/** Social logins behind their flags (spec §1), one button per provider the server offers. */
export function SocialButtons() {
  const { t } = useTranslation();
  const flags = useFlags().data;
  const any = Boolean(flags && (flags.socialGoogle || flags.socialFacebook || flags.socialTelegram));
  const providers = useSocialProviders(any);
  const [error, setError] = useState<string | null>(null);
  if (!any || !providers.data || providers.data.length === 0) return null;
  return (
    <div className={styles.form} role="group" aria-label={t('auth.social.label')}>
      <div className={styles.links}>
        {providers.data.map((p) =>
          p.provider === 'telegram' ? (
            p.botName ? (
              <TelegramWidget key={p.provider} botName={p.botName} onError={setError} />
            ) : null
          ) : (
            <Button
              key={p.provider}
              variant="secondary"
              size="s"
              onClick={() => {
                setError(null);
                startSocialLogin(p.provider as 'google' | 'facebook').catch((e: unknown) =>
                  setError(errorKey(e)),
                );
              }}
            >
              {t(LABELS[p.provider])}
            </Button>
          ),
        )}
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

declare global {
  interface Window {
    onTelegramAuth?: (user: TelegramUser) => void;
  }
}

/**
 * Telegram's official login widget, rendered only when the server names a bot. Its script comes
 * from telegram.org: the operator adds https://telegram.org and https://oauth.telegram.org to the
 * CSP (script-src, frame-src) when enabling Telegram; nothing third-party loads otherwise.
 */
function TelegramWidget({ botName, onError }: { botName: string; onError: (key: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const completeLogin = useCompleteLogin();
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    window.onTelegramAuth = (user) => {
      telegramLogin(user)
        .then((r) => completeLogin(r, { type: 'username' }))
        .catch((e: unknown) => onError(errorKey(e)));
    };
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'medium';
    script.dataset.onauth = 'onTelegramAuth(user)';
    host.appendChild(script);
    return () => {
      host.replaceChildren();
      delete window.onTelegramAuth;
    };
  }, [botName, completeLogin, onError]);
  return <div ref={ref} />;
}
