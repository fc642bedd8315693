import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { local } from '@/lib/storage';
import { useBalance } from '../api/get-balance';
import styles from './header-balance.module.css';

/** Local storage: the person chose to hide the balance (kept across visits on this device). */
export const BALANCE_HIDDEN_KEY = 'balanceHidden';
/** Spec §2 Header: "hide shows ***". */
export const BALANCE_MASK = '***';
const NO_VALUE = '--';

/**
 * The header balance of a logged-in member (spec §2 Header): the currency prefix and sumBalance;
 * a click asks the server again and shows the "updating" text until the answer is in; the eye
 * hides it as *** and the choice is remembered. The live stream keeps it fresh meanwhile.
 */
export function HeaderBalance() {
  const { t } = useTranslation();
  const balance = useBalance();
  const [hidden, setHidden] = useState(() => local.get(BALANCE_HIDDEN_KEY) === '1');
  const updating = balance.isFetching;

  const toggle = () => {
    const next = !hidden;
    local.set(BALANCE_HIDDEN_KEY, next ? '1' : '0');
    setHidden(next);
  };

  let amount: string;
  if (updating) amount = t('wallet.header.updating');
  else if (hidden) amount = BALANCE_MASK;
  else if (balance.data) amount = formatMinor(balance.data.sumBalance);
  else amount = NO_VALUE;

  return (
    <div className={styles.root} role="group" aria-label={t('wallet.header.label')}>
      <button
        type="button"
        className={styles.amountButton}
        aria-label={t('wallet.header.refresh')}
        title={t('wallet.header.refresh')}
        aria-busy={updating || undefined}
        disabled={updating}
        onClick={() => void balance.refetch()}
      >
        {balance.data && !updating ? <span className={styles.currency}>{balance.data.currency}</span> : null}
        <span className={styles.amount} aria-live="polite">
          {amount}
        </span>
      </button>
      <button
        type="button"
        className={styles.eye}
        aria-label={t('wallet.header.hide')}
        title={t(hidden ? 'wallet.header.show' : 'wallet.header.hide')}
        aria-pressed={hidden}
        onClick={toggle}
      >
        <EyeIcon closed={hidden} />
      </button>
    </div>
  );
}

function EyeIcon({ closed }: { closed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {closed ? <path d="M4 20 20 4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /> : null}
    </svg>
  );
}
