import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '@/lib/use-hydrated';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import styles from './games.module.css';

/** The request waits for a pause in typing; the input itself never waits (issue 5: INP ≤ 100 ms). */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Search as you type (name or code). The typed text is this component's own state, so a
 * keystroke re-renders the input only; the lobby hears the text after a short pause, as a
 * transition, so the new results never hold up the next keystroke.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const sent = useRef(value);
  const report = useRef(onSearch);
  report.current = onSearch;

  // The address changed under us (back button, a vendor link, the empty state's clear): show its
  // search text in the same commit as the results.
  useLayoutEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  useEffect(() => {
    if (debounced === sent.current) return;
    sent.current = debounced;
    startTransition(() => report.current(debounced));
  }, [debounced]);

  const hydrated = useHydrated();

  const clear = () => {
    setText('');
    sent.current = '';
    startTransition(() => report.current(''));
  };

  return (
    <div className={styles.search} role="search">
      <label htmlFor="game-search" className="visually-hidden">
        {t('games.lobby.search_label')}
      </label>
      <input
        id="game-search"
        className={styles.searchInput}
        type="search"
        inputMode="search"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={64}
        placeholder={t('games.lobby.search_placeholder')}
        value={text}
        // In the server's markup, until the page is live: no text typed there and then lost.
        readOnly={!hydrated}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && text) clear();
        }}
      />
      {text ? (
        <button
          type="button"
          className={styles.clear}
          aria-label={t('games.lobby.clear_search')}
          onClick={clear}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
