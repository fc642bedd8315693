import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import styles from '@/components/ui/record-list.module.css';
import agent from './agent.module.css';

/** The contract's account search: letters and digits, up to 64. */
const ACCOUNT_QUERY = /^[A-Za-z0-9]{0,64}$/;

/**
 * Search by account: typed freely, applied with the search button or Enter (not on every key, so
 * the report is not asked once per letter). Anything but letters and digits is refused here with
 * the server's own message, before a call.
 */
export function AccountFilter({ value, onChange }: { value: string; onChange: (account: string) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const [text, setText] = useState(value);
  const [invalid, setInvalid] = useState(false);
  return (
    <form
      className={styles.field}
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        const next = text.trim();
        if (!ACCOUNT_QUERY.test(next)) {
          setInvalid(true);
          return;
        }
        setInvalid(false);
        onChange(next);
      }}
    >
      <label htmlFor={id}>{t('agent.filter.account')}</label>
      <div className={agent.searchRow}>
        <input
          id={id}
          className={styles.input}
          type="search"
          value={text}
          autoComplete="off"
          maxLength={64}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" size="s" variant="secondary">
          {t('agent.filter.search')}
        </Button>
      </div>
      {invalid ? (
        <p id={errorId} className={agent.error} role="alert">
          {t('errors.account_format')}
        </p>
      ) : null}
    </form>
  );
}
