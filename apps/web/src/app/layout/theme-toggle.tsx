import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readTheme, saveTheme, type Theme } from '@/lib/theme';
import styles from './header.module.css';

/** Dark/light switch: `data-theme` on <html>, kept in localStorage `theme`. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(readTheme);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      className={styles.iconButton}
      aria-pressed={dark}
      aria-label={t('theme.dark')}
      title={t('theme.dark')}
      onClick={() => {
        const next: Theme = dark ? 'light' : 'dark';
        saveTheme(next);
        setTheme(next);
      }}
    >
      <span aria-hidden="true">{dark ? '☾' : '☀'}</span>
    </button>
  );
}
