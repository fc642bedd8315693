import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formStyles as styles } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { useFlags } from '@/lib/status';
import { errorKey } from '@/lib/api-client';
import { startSocialLogin, useSocialProviders } from '../api/social';

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
              <TelegramWidget key={p.provider} botName={p.botName} />
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

/**
 * Telegram's official login widget, rendered only when the server names a bot. It runs in its
 * redirect mode: after the player confirms in Telegram, the browser comes back to
 * /social/callback?provider=telegram with the signed login data, which the server verifies by its
 * HMAC. (The callback mode would need the widget to evaluate a string, which the CSP forbids.) The
 * server adds telegram.org to its CSP only when a bot is configured.
 */
function TelegramWidget({ botName }: { botName: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const host = ref.current;
    if (!host) return;
    const script = document.createElement('script');
    script.async = true;
    script.src = 'https://telegram.org/js/telegram-widget.js?22';
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'medium';
    script.dataset.authUrl = `${window.location.origin}${paths.socialCallback}?provider=telegram`;
    host.appendChild(script);
    return () => host.replaceChildren();
  }, [botName]);
  return <div ref={ref} />;
}
