import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { formStyles } from '@/components/ui/field';
import { isApiError } from '@/lib/api-client';
import { useStatus } from '@/lib/status';
import { useUiStore } from '@/lib/ui-store';
import styles from './cashier.module.css';

/** The security centre, where the payment password is set (issue 3). */
const SECURITY_PAGE = 'securityCenter';

/** Minor units as the page shows them: "MMK 1,234.50". */
export function useMoney(): (minor: number) => string {
  const status = useStatus();
  const currency = status.data?.merchant.currency ?? '';
  return (minor: number) => `${currency} ${formatMinor(minor)}`.trim();
}

export function useCurrency(): string {
  return useStatus().data?.merchant.currency ?? '';
}

/** Message keys whose `min`/`max` parameters are amounts in minor units. */
const AMOUNT_PARAMS = new Set([
  'cashier.errors.below_min',
  'cashier.errors.above_max',
  'cashier.errors.partial_amount',
]);

/**
 * The parameters of a translated server answer: the failure's `value` (e.g. {min, max}), with
 * amounts shown as money. Passing unused parameters to other keys is harmless.
 */
export function errorParams(
  key: string,
  value: unknown,
  money: (minor: number) => string,
): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if (typeof v === 'number') out[k] = AMOUNT_PARAMS.has(key) ? money(v) : v;
      else if (typeof v === 'string') out[k] = v;
    }
  }
  return out;
}

/** A form-level error: its key and parameters. */
export interface FormError {
  key: string;
  params: Record<string, string | number>;
}

export function formErrorOf(e: unknown, money: (minor: number) => string): FormError {
  if (!isApiError(e)) return { key: 'errors.system_error', params: {} };
  return { key: e.messageKey, params: errorParams(e.messageKey, e.value, money) };
}

/** Spec §4/§6: a trial account has play money only; the cashier is for real accounts. */
export function TrialNotice() {
  const { t } = useTranslation();
  return (
    <p className={formStyles.notice} role="status">
      {t('errors.in_need_true_account')} {t('cashier.trial')}
    </p>
  );
}

/** Without a payment password nothing can be withdrawn: the page points to the security centre. */
export function NeedPaymentPassword() {
  const { t } = useTranslation();
  const setPage = useUiStore((s) => s.setPanelPage);
  return (
    <div className={styles.section}>
      <p className={formStyles.notice} role="status">
        {t('cashier.withdraw.need_payment_password')}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => setPage('personal', SECURITY_PAGE)}>
          {t('cashier.withdraw.go_security')}
        </Button>
      </div>
    </div>
  );
}

/** Previous / next for a paged list (the lists here are short; the records pages page by numbers). */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={label}>
      <Button variant="secondary" size="s" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('cashier.list.previous')}
      </Button>
      <span>{t('cashier.list.page', { page, pages })}</span>
      <Button variant="secondary" size="s" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('cashier.list.next')}
      </Button>
    </nav>
  );
}

/** Date and time of a list row in the reader's locale. */
export function useDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  return (iso: string) => {
    const d = new Date(iso);
    if (Number.isNaN(d.getTime())) return iso;
    return d.toLocaleString(document.documentElement.lang || i18n.language, {
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  };
}
