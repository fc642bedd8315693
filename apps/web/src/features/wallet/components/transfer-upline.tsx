import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { formatMinor, parseMajor, type UplineInfo } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useStatus } from '@/lib/status';
import { useUiStore } from '@/lib/ui-store';
import { useUpline } from '../api/get-upline';
import { useTransferUpline } from '../api/transfer-upline';
import styles from './wallet-pages.module.css';

/** The security centre, where the payment password is set (issue 3). */
const SECURITY_PAGE = 'securityCenter';
/** Server answers that mean "no payment password yet": the page points to the security centre. */
const NO_PAYMENT_PASSWORD = 'money.errors.no_payment_password';

/**
 * Transfer to upline (spec §2 transferUpline, §6): from the main wallet to the upline's, with the
 * payment password. Members and agents with an upline; without a payment password the page points
 * to the security centre instead of showing a form that cannot succeed.
 */
export default function TransferUpline({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const info = useUpline();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {info.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : info.isError ? (
        <ErrorState messageKey={errorKey(info.error)} onRetry={() => void info.refetch()} />
      ) : info.data.upline === null ? (
        <EmptyState title={t('wallet.upline.none')} />
      ) : !info.data.allowed ? (
        <EmptyState title={t('wallet.upline.not_allowed')} />
      ) : !info.data.hasPaymentPassword ? (
        <NeedPaymentPassword />
      ) : (
        <UplineForm info={info.data} upline={info.data.upline} />
      )}
    </section>
  );
}

function NeedPaymentPassword() {
  const { t } = useTranslation();
  const setPage = useUiStore((s) => s.setPanelPage);
  return (
    <div className={styles.section}>
      <p className={formStyles.notice} role="status">
        {t('wallet.upline.need_payment_password')}
      </p>
      <div className={styles.actions}>
        <Button onClick={() => setPage('personal', SECURITY_PAGE)}>{t('wallet.upline.go_security')}</Button>
      </div>
    </div>
  );
}

interface Values {
  amount: string;
  paymentPassword: string;
}

function UplineForm({ info, upline }: { info: UplineInfo; upline: NonNullable<UplineInfo['upline']> }) {
  const { t } = useTranslation();
  const status = useStatus();
  const currency = status.data?.merchant.currency ?? '';
  const transfer = useTransferUpline();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ amount: string; account: string } | null>(null);
  const [needPassword, setNeedPassword] = useState(false);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { amount: '', paymentPassword: '' },
  });
  const errors = formState.errors;
  const money = (minor: number) => `${currency} ${formatMinor(minor)}`.trim();
  const account = upline.nickname ? `${upline.account} (${upline.nickname})` : upline.account;

  if (needPassword) return <NeedPaymentPassword />;

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    setDone(null);
    const body = { amount: parseMajor(v.amount) ?? 0, paymentPassword: v.paymentPassword };
    const key = submitKey.for(body);
    try {
      const answer = await transfer.mutateAsync({ ...body, key });
      submitKey.settle();
      reset();
      setDone({ amount: money(answer.amount), account: answer.upline });
    } catch (e) {
      submitKey.settle(e);
      if (isApiError(e) && e.messageKey === NO_PAYMENT_PASSWORD) {
        setNeedPassword(true);
        return;
      }
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if (name === 'amount' || name === 'paymentPassword') {
            setError(name, { message });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(errorKey(e));
    }
  });

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(e) => {
        // A new attempt replaces the last answer, even when the fields stop it before sending.
        setFormError(null);
        setDone(null);
        void submit(e);
      }}
    >
      <p className={formStyles.hint}>{t('wallet.upline.intro')}</p>
      <dl className={styles.summary}>
        <div>
          <dt>{t('wallet.upline.upline')}</dt>
          <dd>{account}</dd>
        </div>
        <div>
          <dt>{t('wallet.upline.available')}</dt>
          <dd>{money(info.balance)}</dd>
        </div>
      </dl>
      <div className={`${formStyles.form} ${styles.grid}`}>
        <TextField
          label={t('wallet.upline.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholderFor(t('money.amount'), true)}
          error={errors.amount?.message ? t(errors.amount.message) : undefined}
          {...register('amount', {
            validate: (x) => {
              if (x.trim() === '') return 'wallet.errors.amount_required';
              const minor = parseMajor(x);
              if (minor === null) return 'money.errors.amount_invalid';
              return minor <= info.balance || 'money.errors.insufficient_balance';
            },
          })}
        />
        <TextField
          label={t('money.payment_password')}
          type="password"
          inputMode="numeric"
          autoComplete="off"
          placeholder={placeholderFor(t('money.payment_password'), true)}
          error={errors.paymentPassword?.message ? t(errors.paymentPassword.message) : undefined}
          {...register('paymentPassword', {
            validate: (x) => x !== '' || 'money.errors.payment_password_required',
          })}
        />
        <div className={`${styles.actions} ${styles.full}`}>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t(formState.isSubmitting ? 'wallet.upline.sending' : 'wallet.upline.submit')}
          </Button>
        </div>
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.ok} role="status">
          {t('wallet.upline.done', done)}
        </p>
      ) : null}
    </form>
  );
}
