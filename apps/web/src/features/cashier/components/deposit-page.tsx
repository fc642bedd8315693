import { Suspense, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { parseMajor, type Deposit, type DepositChannel } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { withTexts } from '@/features/protection/lazy';
import { useSession } from '@/lib/session';
import { useCreateDeposit } from '../api/create-deposit';
import { useDepositChannels } from '../api/get-deposit-channels';
import { useDeposits } from '../api/get-deposits';
import { amountProblem } from './amount';
import styles from './cashier.module.css';
import {
  formErrorOf,
  Pager,
  TrialNotice,
  useCurrency,
  useDateTime,
  useMoney,
  type FormError,
} from './shared';

// Issue 10: the deposit-limit prompt (first visit) and the "Set a deposit limit" link.
const DepositProtection = withTexts(() => import('@/features/protection/components/deposit-protection'));

/**
 * Deposit (spec §2 depositv2, issue 4): the merchant's channels with their limits; a bank transfer
 * (the receiving account, amount, payer name → pending until the operator confirms), the instant
 * demo gateway (its pay page opens in this window; the site shows the outcome on return) and C2C
 * (the matched payee and the guarantee held); then my deposits with their statuses.
 */
export default function DepositPage({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {isTrial ? (
        <TrialNotice />
      ) : (
        <>
          <Suspense fallback={null}>
            <DepositProtection />
          </Suspense>
          <GatewayReturn />
          <Channels />
          <DepositList />
        </>
      )}
    </section>
  );
}

/** The gateway sends the browser back with ?deposit=<id>&result=paid|cancelled (server returnUrl). */
function GatewayReturn() {
  const { t } = useTranslation();
  const money = useMoney();
  const [params, setParams] = useSearchParams();
  const [back] = useState(() => {
    const id = Number(params.get('deposit'));
    const result = params.get('result');
    return Number.isSafeInteger(id) && id > 0 && (result === 'paid' || result === 'cancelled')
      ? { id, result }
      : null;
  });
  // The address is read once: a reload or a later visit does not show the outcome again.
  useEffect(() => {
    if (!back) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('deposit');
        next.delete('result');
        return next;
      },
      { replace: true },
    );
  }, [back, setParams]);
  const list = useDeposits(1);
  if (!back) return null;
  const deposit = list.data?.items.find((d) => d.id === back.id);
  const status = deposit?.status ?? (back.result === 'cancelled' ? 'failed' : 'pending');
  const amount = deposit ? money(deposit.amount) : '';
  const key =
    status === 'succeeded'
      ? 'cashier.deposit.return_paid'
      : status === 'failed'
        ? 'cashier.deposit.return_cancelled'
        : 'cashier.deposit.return_pending';
  return (
    <p className={status === 'failed' ? styles.bad : styles.ok} role="status">
      {t(key, { id: back.id, amount })}
    </p>
  );
}

function Channels() {
  const { t } = useTranslation();
  const money = useMoney();
  const channels = useDepositChannels();
  const [chosen, setChosen] = useState<number | null>(null);
  if (channels.isPending) return <LoadingState label={t('common.loading')} />;
  if (channels.isError)
    return <ErrorState messageKey={errorKey(channels.error)} onRetry={() => void channels.refetch()} />;
  if (channels.data.length === 0) return <EmptyState title={t('cashier.deposit.no_channels')} />;
  const channel = channels.data.find((c) => c.id === chosen) ?? channels.data[0]!;
  return (
    <div className={styles.section}>
      <fieldset className={styles.channels}>
        <legend>{t('cashier.deposit.channel')}</legend>
        {channels.data.map((c) => (
          <label key={c.id} className={styles.channel} data-checked={c.id === channel.id || undefined}>
            <input
              type="radio"
              name="deposit-channel"
              checked={c.id === channel.id}
              onChange={() => setChosen(c.id)}
            />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{c.name}</span>
              <span className={styles.muted}>{t(`cashier.deposit.kind.${c.code}`)}</span>
              <span className={styles.muted}>
                {t('cashier.limits', { min: money(c.min), max: money(c.max) })}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <DepositForm key={channel.id} channel={channel} />
    </div>
  );
}

interface Values {
  amount: string;
  payerName: string;
}

export function DepositForm({ channel }: { channel: DepositChannel }) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useCurrency();
  const create = useCreateDeposit();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [done, setDone] = useState<Deposit | null>(null);
  const { register, handleSubmit, setError, reset, formState } = useForm<Values>({
    defaultValues: { amount: '', payerName: '' },
  });
  const errors = formState.errors;
  const limits = { min: money(channel.min), max: money(channel.max) };
  const payerNeeded = channel.code === 'BANK';

  const submit = handleSubmit(async (v) => {
    const body = {
      channelId: channel.id,
      amount: parseMajor(v.amount) ?? 0,
      ...(v.payerName.trim() ? { payerName: v.payerName.trim() } : {}),
    };
    const key = submitKey.for(body);
    try {
      const deposit = await create.mutateAsync({ ...body, key });
      submitKey.settle();
      // Spec issue 4: the demo gateway's pay page, in this window; it sends the browser back.
      if (deposit.channel === 'INSTANT' && deposit.payUrl) {
        window.location.assign(deposit.payUrl);
        return;
      }
      reset();
      setDone(deposit);
    } catch (e) {
      submitKey.settle(e);
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if (name === 'amount' || name === 'payerName') {
            setError(name, { message });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(formErrorOf(e, money));
    }
  });

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        setFormError(null);
        setDone(null);
        void submit(e);
      }}
    >
      <p className={formStyles.hint}>{t(`cashier.deposit.intro.${channel.code}`)}</p>
      {channel.code === 'BANK' && channel.receiver ? (
        <dl className={styles.details} aria-label={t('cashier.deposit.receiver')}>
          <div>
            <dt>{t('cashier.bank_name')}</dt>
            <dd>{channel.receiver.bankName}</dd>
          </div>
          <div>
            <dt>{t('cashier.account_name')}</dt>
            <dd>{channel.receiver.accountName}</dd>
          </div>
          <div>
            <dt>{t('cashier.account_number')}</dt>
            <dd className={styles.number}>{channel.receiver.accountNumber}</dd>
          </div>
        </dl>
      ) : null}
      <div className={`${formStyles.form} ${styles.grid}`}>
        <TextField
          label={t('cashier.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholderFor(t('money.amount'), true)}
          hint={t('cashier.limits', limits)}
          error={errors.amount?.message ? t(errors.amount.message, limits) : undefined}
          {...register('amount', { validate: (x) => amountProblem(x, channel) })}
        />
        {channel.code !== 'INSTANT' ? (
          <TextField
            label={t('cashier.deposit.payer_name')}
            autoComplete="name"
            maxLength={64}
            placeholder={placeholderFor(t('cashier.deposit.payer_name'), payerNeeded)}
            hint={t(`cashier.deposit.payer_hint.${channel.code}`)}
            error={errors.payerName?.message ? t(errors.payerName.message) : undefined}
            {...register('payerName', {
              validate: (x) => !payerNeeded || x.trim().length >= 2 || 'cashier.errors.payer_name',
            })}
          />
        ) : null}
        <div className={`${styles.actions} ${styles.full}`}>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t(formState.isSubmitting ? 'cashier.sending' : `cashier.deposit.submit.${channel.code}`)}
          </Button>
        </div>
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError.key, formError.params)}
        </p>
      ) : null}
      {done ? <DepositDone deposit={done} /> : null}
    </form>
  );
}

function DepositDone({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const money = useMoney();
  const amount = money(deposit.amount);
  if (deposit.channel === 'C2C' && deposit.c2c) {
    const c = deposit.c2c;
    return (
      <div className={styles.ok} role="status">
        <p>{t('cashier.deposit.c2c_matched', { id: deposit.id, amount })}</p>
        <dl className={styles.details} aria-label={t('cashier.deposit.payee')}>
          <div>
            <dt>{t('cashier.deposit.payee_name')}</dt>
            <dd>{c.payeeName}</dd>
          </div>
          <div>
            <dt>{t('cashier.bank_name')}</dt>
            <dd>{c.bankName}</dd>
          </div>
          <div>
            <dt>{t('cashier.account_number')}</dt>
            <dd className={styles.number}>{c.accountNumber}</dd>
          </div>
          <div>
            <dt>{t('cashier.deposit.guarantee')}</dt>
            <dd>{money(c.guarantee)}</dd>
          </div>
        </dl>
        <p>{t('cashier.deposit.guarantee_note', { guarantee: money(c.guarantee) })}</p>
      </div>
    );
  }
  return (
    <p className={styles.ok} role="status">
      {t('cashier.deposit.pending_done', { id: deposit.id, amount })}
    </p>
  );
}

function DepositList() {
  const { t } = useTranslation();
  const money = useMoney();
  const when = useDateTime();
  const [page, setPage] = useState(1);
  const list = useDeposits(page);
  return (
    <div className={styles.section}>
      <h3 className={styles.heading} id="cashier-deposits">
        {t('cashier.deposit.list')}
      </h3>
      {list.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('cashier.deposit.none')} />
      ) : (
        <>
          <ul className={styles.rows} aria-labelledby="cashier-deposits">
            {list.data.items.map((d) => (
              <li key={d.id} className={styles.row} aria-label={t('cashier.deposit.item', { id: d.id })}>
                <div className={styles.rowMain}>
                  <span className={styles.amount}>{money(d.amount)}</span>
                  <span className={styles.badge} data-status={d.status}>
                    {t(`money.deposit_status.${d.status}`)}
                  </span>
                </div>
                <div className={styles.rowMeta}>
                  <span>{t('cashier.deposit.item', { id: d.id })}</span>
                  <span>{t(`cashier.deposit.kind.${d.channel}`)}</span>
                  <time dateTime={d.createdAt}>{when(d.createdAt)}</time>
                </div>
                {d.status === 'pending' && d.payUrl ? (
                  <a className={styles.link} href={d.payUrl}>
                    {t('cashier.deposit.pay_now')}
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label={t('cashier.deposit.list')}
          />
        </>
      )}
    </div>
  );
}
