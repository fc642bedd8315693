import type { ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_TAGS, type LanguageCode } from '@app/contracts';
import { LANGUAGE_ENDONYMS, SWITCHER_LANGUAGES } from '@/config/languages';
import { changeLanguage, isLanguageCode, useLanguageStore } from '@/lib/i18n';
import { getToken } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { updateLanguage } from '../api/update-language';
import styles from './language-switcher.module.css';

/** Spec §1 header switcher: MY, EN, CN, JA, TH, VI, each named in its own script. */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { t } = useTranslation();
  const code = useLanguageStore((s) => s.code);
  const openModal = useUiStore((s) => s.openModal);
  const options: readonly LanguageCode[] = (SWITCHER_LANGUAGES as readonly LanguageCode[]).includes(code)
    ? SWITCHER_LANGUAGES
    : [code, ...SWITCHER_LANGUAGES];

  async function onChange(e: ChangeEvent<HTMLSelectElement>) {
    const next = e.target.value;
    if (!isLanguageCode(next) || next === code) return;
    try {
      await changeLanguage(next);
    } catch {
      openModal({ kind: 'dialog', titleKey: 'language.label', messageKey: 'errors.link_abnormal' });
      return;
    }
    // Fire and forget: the member's language is stored server-side; a failure changes nothing here.
    if (getToken()) updateLanguage(next).catch(() => undefined);
  }

  return (
    <select
      className={[styles.select, className ?? ''].join(' ')}
      aria-label={t('language.label')}
      value={code}
      onChange={(e) => void onChange(e)}
    >
      {options.map((c) => (
        <option key={c} value={c} lang={LANGUAGE_TAGS[c]}>
          {c in LANGUAGE_ENDONYMS ? LANGUAGE_ENDONYMS[c as keyof typeof LANGUAGE_ENDONYMS] : c}
        </option>
      ))}
    </select>
  );
}
