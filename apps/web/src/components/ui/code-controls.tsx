import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '@app/contracts';
import type { CodeButtonState } from '@/lib/use-code-button';
import { Button } from './button';
import { formStyles as styles } from './field';
import { Modal } from './modal';

/** Spec §9: the country dropdown closes 200 ms after blur (so a click on an option still lands). */
export const COUNTRY_BLUR_CLOSE_MS = 200;
export const DEFAULT_DIALING_CODE = '+95';

/** The send-code button: "Send code" → "Sending…" → "Resend in N s". */
export function CodeButton({ state, onClick }: { state: CodeButtonState; onClick: () => void }) {
  const { t } = useTranslation();
  const label =
    state.kind === 'countdown'
      ? t('auth.code_resend_in', { seconds: state.seconds })
      : state.kind === 'loading'
        ? t('auth.code_sending')
        : t('auth.send_code');
  return (
    <Button variant="secondary" onClick={onClick} disabled={state.kind !== 'ready'} aria-live="polite">
      {label}
    </Button>
  );
}

/** A custom country listbox (spec §4): dialing code shown when the flag countryCodeDisplay is on. */
export function CountrySelect({
  value,
  onChange,
  countries,
  showDialing,
}: {
  value: string;
  onChange: (dialingCode: string) => void;
  countries: readonly Country[] | undefined;
  showDialing: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );
  const list = countries ?? [];
  const current = list.find((c) => c.countryDialingCode === value);
  const shown = showDialing ? value : (current?.countryCode ?? value);

  return (
    <div
      className={styles.country}
      onBlur={() => {
        closeTimer.current = setTimeout(() => setOpen(false), COUNTRY_BLUR_CLOSE_MS);
      }}
      onFocus={() => {
        if (closeTimer.current) clearTimeout(closeTimer.current);
      }}
    >
      <Button
        variant="secondary"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-label={t('auth.country_code_value', { value: shown })}
        onClick={() => setOpen((o) => !o)}
      >
        {shown}
      </Button>
      {open ? (
        <ul className={styles.listbox} role="listbox" aria-label={t('auth.country_code')}>
          {list.map((c) => (
            <li key={c.countryCode} role="presentation">
              <button
                type="button"
                role="option"
                aria-selected={c.countryDialingCode === value}
                className={styles.option}
                onClick={() => {
                  onChange(c.countryDialingCode);
                  setOpen(false);
                }}
              >
                {showDialing ? `${c.name} ${c.countryDialingCode}` : c.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Spec §8 "SMS-code failure: warning dialog with the server message" (nested over the form). */
export function WarningDialog({ messageKey, onClose }: { messageKey: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('auth.warning')}
      closeLabel={t('common.close')}
      onClose={onClose}
      description={t(messageKey)}
    >
      <div className={styles.links}>
        <Button onClick={onClose}>{t('common.confirm')}</Button>
      </div>
    </Modal>
  );
}

/** The captcha image as a button that fetches a new one. */
export function CaptchaImage({ image, onRefresh }: { image: string | null; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={styles.captcha}
      onClick={onRefresh}
      aria-label={t('auth.captcha_refresh')}
    >
      {image ? <img src={image} alt={t('auth.captcha_image')} /> : null}
    </button>
  );
}
