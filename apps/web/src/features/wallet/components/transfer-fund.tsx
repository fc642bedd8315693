import { useEffect, useId, useRef, useState, type Ref, type SelectHTMLAttributes } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import {
  MAIN_WALLET,
  formatMinor,
  parseMajor,
  type ConsolidatedFunds,
  type VendorTransferResult,
  type WalletItem,
} from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useCollectWallets } from '../api/collect-wallets';
import { useConsolidatedFunds } from '../api/get-consolidated-funds';
import { useMerchantWallet } from '../api/get-merchant-wallet';
import { walletKeys } from '../api/keys';
import { useTransferWallet } from '../api/transfer-wallet';
import styles from './wallet-pages.module.css';

/** What the last transfer or collection answered: a translated line, ok or error. */
interface Outcome {
  tone: 'ok' | 'error';
  key: string;
  params?: Record<string, string>;
}

/**
 * Wallet (spec §2 transferFund, issue 4): every wallet with its balance, transfers between the
 * main wallet and a game wallet, "collect all to main". A merchant with one wallet (spec §3
 * isSingle) has nothing to transfer: the page says so instead.
 */
export default function TransferFund({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const merchant = useMerchantWallet();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {merchant.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : merchant.isError ? (
        <ErrorState messageKey={errorKey(merchant.error)} onRetry={() => void merchant.refetch()} />
      ) : merchant.data.isSingle ? (
        <EmptyState title={t('wallet.fund.single')} />
      ) : (
        <Wallets />
      )}
    </section>
  );
}

function Wallets() {
  const { t } = useTranslation();
  const funds = useConsolidatedFunds();
  const queryClient = useQueryClient();
  const pendingCount = funds.data?.pendingTransfers.length ?? 0;
  const hadPending = useRef(false);
  // A pending transfer that settled changed the balances: the header asks again too.
  useEffect(() => {
    if (hadPending.current && pendingCount === 0)
      void queryClient.invalidateQueries({ queryKey: walletKeys.balance });
    hadPending.current = pendingCount > 0;
  }, [pendingCount, queryClient]);

  if (funds.isPending) return <LoadingState label={t('common.loading')} />;
  if (funds.isError)
    return <ErrorState messageKey={errorKey(funds.error)} onRetry={() => void funds.refetch()} />;
  const data = funds.data;
  const walletName = (code: string) =>
    code === MAIN_WALLET
      ? t('money.wallets.MAIN')
      : (data.vendors.find((v) => v.code === code)?.name ?? code);

  return (
    <>
      <Overview funds={data} walletName={walletName} />
      <TransferForm funds={data} walletName={walletName} />
    </>
  );
}

function Overview({ funds, walletName }: { funds: ConsolidatedFunds; walletName: (code: string) => string }) {
  const { t } = useTranslation();
  const collect = useCollectWallets();
  const submitKey = useSubmitKey();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const money = (minor: number) => `${funds.currency} ${formatMinor(minor)}`;

  const collectAll = () => {
    setOutcome(null);
    const key = submitKey.for('collect');
    collect.mutate(
      { key },
      {
        onSuccess: (answer) => {
          submitKey.settle();
          setOutcome(collectOutcome(answer.results, money, walletName));
        },
        onError: (e) => {
          submitKey.settle(e);
          setOutcome({ tone: 'error', key: errorKey(e) });
        },
      },
    );
  };

  return (
    <div className={styles.section}>
      <dl className={styles.summary}>
        <div>
          <dt>{t('wallet.fund.total')}</dt>
          <dd>{money(funds.total)}</dd>
        </div>
        {funds.pending > 0 ? (
          <div>
            <dt>{t('wallet.fund.in_flight')}</dt>
            <dd>{money(funds.pending)}</dd>
          </div>
        ) : null}
      </dl>
      <ul className={styles.wallets} aria-label={t('wallet.fund.wallets')}>
        <WalletCard code={MAIN_WALLET} name={walletName(MAIN_WALLET)} balance={funds.main} main />
        {funds.vendors.map((v) => (
          <WalletCard key={v.code} code={v.code} name={v.name} balance={v.balance} status={v.status} />
        ))}
      </ul>
      {funds.pendingTransfers.length > 0 ? (
        <div role="status">
          <p className={formStyles.hint}>{t('wallet.fund.pending_note')}</p>
          <ul className={styles.pendingList} aria-label={t('wallet.fund.pending_title')}>
            {funds.pendingTransfers.map((p) => (
              <li key={p.transferId}>
                {t('wallet.fund.pending_item', {
                  from: walletName(p.from),
                  to: walletName(p.to),
                  amount: money(p.amount),
                })}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className={styles.actions}>
        <Button variant="secondary" onClick={collectAll} disabled={collect.isPending}>
          {t(collect.isPending ? 'wallet.fund.collecting' : 'wallet.fund.collect')}
        </Button>
      </div>
      <OutcomeLine outcome={outcome} />
    </div>
  );
}

function collectOutcome(
  results: VendorTransferResult[],
  money: (minor: number) => string,
  walletName: (code: string) => string,
): Outcome {
  if (results.length === 0) return { tone: 'ok', key: 'wallet.fund.nothing_to_collect' };
  const failed = results.filter((r) => r.status === 'failed');
  if (failed.length > 0)
    return {
      tone: 'error',
      key: 'wallet.fund.collect_failed',
      params: { wallets: failed.map((r) => walletName(r.from)).join(', ') },
    };
  if (results.some((r) => r.status === 'pending')) return { tone: 'ok', key: 'wallet.fund.collect_pending' };
  const sum = results.reduce((s, r) => s + r.amount, 0);
  return { tone: 'ok', key: 'wallet.fund.collected', params: { amount: money(sum) } };
}

function WalletCard({
  name,
  balance,
  status,
  main,
}: {
  code: string;
  name: string;
  balance: number;
  status?: WalletItem['status'];
  main?: boolean;
}) {
  const { t } = useTranslation();
  const nameId = useId();
  return (
    <li className={styles.wallet} data-main={main || undefined} aria-labelledby={nameId}>
      <span id={nameId} className={styles.walletName}>
        {name}
      </span>
      <span className={styles.walletBalance}>{formatMinor(balance)}</span>
      {status === 'maintenance' ? <span className={styles.badge}>{t('wallet.fund.maintenance')}</span> : null}
    </li>
  );
}

function OutcomeLine({ outcome }: { outcome: Outcome | null }) {
  const { t } = useTranslation();
  if (!outcome) return null;
  return outcome.tone === 'error' ? (
    <p className={formStyles.error} role="alert">
      {t(outcome.key, outcome.params)}
    </p>
  ) : (
    <p className={styles.ok} role="status">
      {t(outcome.key, outcome.params)}
    </p>
  );
}

type Direction = 'in' | 'out';
interface Values {
  direction: Direction;
  vendor: string;
  amount: string;
  all: boolean;
}

/** Field names of the server's answer → the form's fields. */
const SERVER_FIELDS: Record<string, keyof Values> = {
  amount: 'amount',
  all: 'amount',
  to: 'vendor',
  from: 'vendor',
};

function TransferForm({
  funds,
  walletName,
}: {
  funds: ConsolidatedFunds;
  walletName: (code: string) => string;
}) {
  const { t } = useTranslation();
  const transfer = useTransferWallet();
  const submitKey = useSubmitKey();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const vendors = funds.vendors.filter((v) => v.status === 'active');
  const { register, handleSubmit, watch, setError, resetField, formState } = useForm<Values>({
    defaultValues: { direction: 'in', vendor: vendors[0]?.code ?? '', amount: '', all: false },
  });
  const errors = formState.errors;
  const direction = watch('direction');
  const vendor = watch('vendor');
  const all = watch('all');
  const money = (minor: number) => `${funds.currency} ${formatMinor(minor)}`;
  const sourceBalance =
    direction === 'in' ? funds.main : (funds.vendors.find((v) => v.code === vendor)?.balance ?? 0);

  if (funds.vendors.length === 0) return null;

  const submit = handleSubmit(async (v) => {
    setOutcome(null);
    const from = v.direction === 'in' ? MAIN_WALLET : v.vendor;
    const to = v.direction === 'in' ? v.vendor : MAIN_WALLET;
    const body = v.all ? { from, to, all: true } : { from, to, amount: parseMajor(v.amount) ?? 0 };
    const key = submitKey.for(body);
    try {
      const answer = await transfer.mutateAsync({ ...body, key });
      submitKey.settle();
      const params = {
        amount: money(answer.amount),
        from: walletName(answer.from),
        to: walletName(answer.to),
      };
      if (answer.status === 'completed') {
        resetField('amount');
        resetField('all');
        setOutcome({ tone: 'ok', key: 'wallet.fund.done', params });
      } else if (answer.status === 'pending') {
        resetField('amount');
        resetField('all');
        setOutcome({ tone: 'ok', key: 'wallet.fund.pending', params });
      } else {
        setOutcome({ tone: 'error', key: answer.message ?? 'wallet.fund.failed', params });
      }
    } catch (e) {
      submitKey.settle(e);
      const fields = isApiError(e) ? Object.entries(e.fields ?? {}) : [];
      let placed = false;
      for (const [name, message] of fields) {
        const field = SERVER_FIELDS[name];
        if (field) {
          setError(field, { message });
          placed = true;
        }
      }
      if (!placed) setOutcome({ tone: 'error', key: errorKey(e) });
    }
  });

  return (
    <form
      className={styles.section}
      noValidate
      onSubmit={(e) => {
        // A new attempt replaces the last answer, even when the fields stop it before sending.
        setOutcome(null);
        void submit(e);
      }}
      aria-labelledby="wallet-transfer"
    >
      <h3 id="wallet-transfer" className={styles.heading}>
        {t('wallet.fund.transfer_title')}
      </h3>
      <div className={`${formStyles.form} ${styles.grid}`}>
        <fieldset className={`${styles.choices} ${styles.full}`}>
          <legend>{t('wallet.fund.direction')}</legend>
          <label>
            <input type="radio" value="in" {...register('direction')} />
            {t('wallet.fund.direction_in')}
          </label>
          <label>
            <input type="radio" value="out" {...register('direction')} />
            {t('wallet.fund.direction_out')}
          </label>
        </fieldset>
        <SelectField
          label={t('wallet.fund.game_wallet')}
          error={errors.vendor?.message ? t(errors.vendor.message) : undefined}
          {...register('vendor', { validate: (x) => x !== '' || 'wallet.errors.choose_wallet' })}
        >
          {funds.vendors.map((v) => (
            <option key={v.code} value={v.code} disabled={v.status !== 'active'}>
              {v.status === 'active' ? v.name : t('wallet.fund.vendor_maintenance', { name: v.name })}
            </option>
          ))}
        </SelectField>
        <div className={formStyles.form}>
          <TextField
            label={t('wallet.fund.amount', { currency: funds.currency })}
            inputMode="decimal"
            autoComplete="off"
            disabled={all}
            hint={t('wallet.fund.available', { amount: money(sourceBalance) })}
            error={errors.amount?.message ? t(errors.amount.message) : undefined}
            {...register('amount', {
              validate: (x, v) => {
                if (v.all) return sourceBalance > 0 || 'money.errors.insufficient_balance';
                if (x.trim() === '') return 'wallet.errors.amount_required';
                const minor = parseMajor(x);
                if (minor === null) return 'money.errors.amount_invalid';
                return minor <= sourceBalance || 'money.errors.insufficient_balance';
              },
              deps: ['all'],
            })}
          />
          <label className={formStyles.check}>
            <input type="checkbox" {...register('all')} />
            {t('wallet.fund.all')}
          </label>
        </div>
        <div className={`${styles.actions} ${styles.full}`}>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t(formState.isSubmitting ? 'wallet.fund.sending' : 'wallet.fund.submit')}
          </Button>
        </div>
      </div>
      <OutcomeLine outcome={outcome} />
    </form>
  );
}

interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>;
  label: string;
  error?: string;
}

/** A labelled select with its error line (the same pattern as TextField). */
function SelectField({ ref, label, error, children, ...rest }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={formStyles.field}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      <select
        ref={ref}
        id={id}
        className={styles.select}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...rest}
      >
        {children}
      </select>
      {error ? (
        <p id={`${id}-error`} className={formStyles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
