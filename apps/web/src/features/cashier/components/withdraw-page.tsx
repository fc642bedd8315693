import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BANK_CARDS_MAX, parseMajor, type BankCard, type Withdrawal } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey, isApiError } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useSession } from '@/lib/session';
import { useAddBankCard } from '../api/add-bank-card';
import { useBankCards } from '../api/get-bank-cards';
import { useWithdrawInfo } from '../api/get-withdraw-info';
import { awaitingConfirmation, useWithdrawals } from '../api/get-withdrawals';
import { useRemoveBankCard } from '../api/remove-bank-card';
import { useWithdraw } from '../api/withdraw';
import { amountProblem } from './amount';
import { C2cConfirm } from './c2c-confirm';
import styles from './cashier.module.css';
import {
  formErrorOf,
  NeedPaymentPassword,
  Pager,
  TrialNotice,
  useCurrency,
  useDateTime,
  useMoney,
  type FormError,
} from './shared';

type Info = { min: number; max: number; balance: number; autoReceiveMinutes: number };

/**
 * Withdraw (spec §2 withdraw, issue 4): bank cards (add, list masked, remove with a confirmation),
 * the amount within min/max with the payment password → pending until the operator decides; my
 * withdrawals, and for one paid by a C2C depositor the spec §4 withdrawal confirmation.
 */
export default function WithdrawPage({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const { isTrial } = useSession();
  const info = useWithdrawInfo();
  return (
    <section className={styles.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={styles.title}>
        {t(labelKey)}
      </h2>
      {isTrial ? (
        <TrialNotice />
      ) : info.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : info.isError ? (
        <ErrorState messageKey={errorKey(info.error)} onRetry={() => void info.refetch()} />
      ) : (
        <>
          <WithdrawalList info={info.data} confirmOnly />
          <Summary info={info.data} />
          <BankCards />
          {info.data.hasPaymentPassword ? <WithdrawForm info={info.data} /> : <NeedPaymentPassword />}
          <WithdrawalList info={info.data} />
        </>
      )}
    </section>
  );
}

function Summary({ info }: { info: Info }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className={styles.summary}>
      <div>
        <dt>{t('cashier.withdraw.available')}</dt>
        <dd>{money(info.balance)}</dd>
      </div>
      <div>
        <dt>{t('cashier.withdraw.limits')}</dt>
        <dd className={styles.small}>
          {t('cashier.limits', { min: money(info.min), max: money(info.max) })}
        </dd>
      </div>
    </dl>
  );
}

/* ------------------------------------------------------------------ bank cards */

function BankCards() {
  const { t } = useTranslation();
  const cards = useBankCards();
  const [adding, setAdding] = useState(false);
  return (
    <div className={styles.section}>
      <h3 className={styles.heading} id="cashier-cards">
        {t('cashier.cards.title')}
      </h3>
      {cards.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : cards.isError ? (
        <ErrorState messageKey={errorKey(cards.error)} onRetry={() => void cards.refetch()} />
      ) : (
        <>
          {cards.data.length === 0 ? (
            <p className={formStyles.hint}>{t('cashier.cards.none')}</p>
          ) : (
            <ul className={styles.rows} aria-labelledby="cashier-cards">
              {cards.data.map((c) => (
                <CardRow key={c.id} card={c} />
              ))}
            </ul>
          )}
          {adding ? (
            <AddCardForm onDone={() => setAdding(false)} />
          ) : cards.data.length < BANK_CARDS_MAX ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setAdding(true)}>
                {t('cashier.cards.add')}
              </Button>
            </div>
          ) : (
            <p className={formStyles.hint}>{t('cashier.cards.max', { max: BANK_CARDS_MAX })}</p>
          )}
        </>
      )}
    </div>
  );
}

export const cardLabel = (c: Pick<BankCard, 'bankName' | 'accountNumber'>) =>
  `${c.bankName} ${c.accountNumber}`;

function CardRow({ card }: { card: BankCard }) {
  const { t } = useTranslation();
  const remove = useRemoveBankCard();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const label = cardLabel(card);
  return (
    <li className={styles.row} aria-label={label}>
      <div className={styles.rowMain}>
        <span className={styles.cardName}>{card.bankName}</span>
        <span className={styles.number}>{card.accountNumber}</span>
      </div>
      <div className={styles.rowMeta}>
        <span>{card.accountName}</span>
      </div>
      {confirming ? (
        <div className={styles.confirm} role="group" aria-label={t('cashier.cards.remove_title')}>
          <p>{t('cashier.cards.remove_confirm', { card: label })}</p>
          <div className={styles.actions}>
            <Button
              size="s"
              disabled={remove.isPending}
              onClick={() => {
                setError(null);
                remove.mutate(
                  { id: card.id },
                  { onError: (e) => setError(errorKey(e)), onSettled: () => setConfirming(false) },
                );
              }}
            >
              {t('cashier.cards.remove_yes')}
            </Button>
            <Button size="s" variant="secondary" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <div className={styles.actions}>
          <Button
            size="s"
            variant="ghost"
            aria-label={t('cashier.cards.remove_card', { card: label })}
            onClick={() => setConfirming(true)}
          >
            {t('cashier.cards.remove')}
          </Button>
        </div>
      )}
      {error ? (
        <p className={formStyles.error} role="alert">
          {t(error)}
        </p>
      ) : null}
    </li>
  );
}

interface CardValues {
  bankName: string;
  accountName: string;
  accountNumber: string;
}
const CARD_FIELDS = ['bankName', 'accountName', 'accountNumber'] as const;

function AddCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const add = useAddBankCard();
  const [formError, setFormError] = useState<FormError | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<CardValues>({
    defaultValues: { bankName: '', accountName: '', accountNumber: '' },
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (v) => {
    try {
      await add.mutateAsync({
        bankName: v.bankName.trim(),
        accountName: v.accountName.trim(),
        accountNumber: v.accountNumber.replace(/\s/g, ''),
      });
      onDone();
    } catch (e) {
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if ((CARD_FIELDS as readonly string[]).includes(name)) {
            setError(name as (typeof CARD_FIELDS)[number], { message });
            placed = true;
          }
        }
      }
      if (!placed) setFormError(formErrorOf(e, money));
    }
  });
  const err = (name: keyof CardValues) => {
    const m = errors[name]?.message;
    return m ? t(m) : undefined;
  };
  return (
    <form
      className={styles.subform}
      noValidate
      aria-label={t('cashier.cards.add')}
      onSubmit={(e) => {
        setFormError(null);
        void submit(e);
      }}
    >
      <div className={`${formStyles.form} ${styles.grid}`}>
        <TextField
          label={t('cashier.bank_name')}
          maxLength={64}
          placeholder={placeholderFor(t('cashier.bank_name'), true)}
          error={err('bankName')}
          {...register('bankName', { validate: (x) => x.trim().length >= 2 || 'cashier.errors.bank_name' })}
        />
        <TextField
          label={t('cashier.account_name')}
          maxLength={64}
          autoComplete="name"
          placeholder={placeholderFor(t('cashier.account_name'), true)}
          error={err('accountName')}
          {...register('accountName', {
            validate: (x) => x.trim().length >= 2 || 'cashier.errors.account_name',
          })}
        />
        <TextField
          label={t('cashier.account_number')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={40}
          placeholder={placeholderFor(t('cashier.account_number'), true)}
          error={err('accountNumber')}
          {...register('accountNumber', {
            validate: (x) => /^\d{6,30}$/.test(x.replace(/\s/g, '')) || 'cashier.errors.account_number',
          })}
        />
        <div className={`${styles.actions} ${styles.full}`}>
          <Button type="submit" disabled={formState.isSubmitting}>
            {t(formState.isSubmitting ? 'cashier.sending' : 'cashier.cards.save')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {t('common.cancel')}
          </Button>
        </div>
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError.key, formError.params)}
        </p>
      ) : null}
    </form>
  );
}

/* ------------------------------------------------------------------ withdraw */

interface Values {
  bankCardId: string;
  amount: string;
  paymentPassword: string;
}

export function WithdrawForm({ info }: { info: Info }) {
  const { t } = useTranslation();
  const money = useMoney();
  const currency = useCurrency();
  const cards = useBankCards();
  const send = useWithdraw();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const firstCard = cards.data?.[0]?.id;
  const { register, handleSubmit, setError, setValue, getValues, reset, formState } = useForm<Values>({
    defaultValues: { bankCardId: firstCard ? String(firstCard) : '', amount: '', paymentPassword: '' },
  });
  // The first card is chosen once the cards are known (or when the chosen one was removed).
  useEffect(() => {
    const chosen = getValues('bankCardId');
    if (firstCard && !cards.data?.some((c) => String(c.id) === chosen))
      setValue('bankCardId', String(firstCard));
  }, [firstCard, cards.data, getValues, setValue]);
  const errors = formState.errors;
  const limits = { min: money(info.min), max: money(info.max) };
  if (!cards.data || cards.data.length === 0) return null;

  const submit = handleSubmit(async (v) => {
    const body = { bankCardId: Number(v.bankCardId), amount: parseMajor(v.amount) ?? 0 };
    const key = submitKey.for(body);
    try {
      const w = await send.mutateAsync({ ...body, paymentPassword: v.paymentPassword, key });
      submitKey.settle();
      reset({ bankCardId: v.bankCardId, amount: '', paymentPassword: '' });
      setDone(w);
    } catch (e) {
      submitKey.settle(e);
      let placed = false;
      if (isApiError(e)) {
        for (const [name, message] of Object.entries(e.fields ?? {})) {
          if (name === 'amount' || name === 'paymentPassword' || name === 'bankCardId') {
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
      className={styles.section}
      noValidate
      aria-labelledby="cashier-withdraw-form"
      onSubmit={(e) => {
        setFormError(null);
        setDone(null);
        void submit(e);
      }}
    >
      <h3 className={styles.heading} id="cashier-withdraw-form">
        {t('cashier.withdraw.form_title')}
      </h3>
      <fieldset className={styles.channels} aria-invalid={errors.bankCardId ? true : undefined}>
        <legend>{t('cashier.withdraw.to_card')}</legend>
        {cards.data.map((c) => (
          <label key={c.id} className={styles.channel}>
            <input type="radio" value={String(c.id)} {...register('bankCardId', { required: true })} />
            <span className={styles.channelText}>
              <span className={styles.channelName}>{c.bankName}</span>
              <span className={styles.number}>{c.accountNumber}</span>
            </span>
          </label>
        ))}
        {errors.bankCardId?.message ? (
          <p className={formStyles.error} role="alert">
            {t(errors.bankCardId.message)}
          </p>
        ) : null}
      </fieldset>
      <div className={`${formStyles.form} ${styles.grid}`}>
        <TextField
          label={t('cashier.amount', { currency })}
          inputMode="decimal"
          autoComplete="off"
          placeholder={placeholderFor(t('money.amount'), true)}
          hint={t('cashier.limits', limits)}
          error={errors.amount?.message ? t(errors.amount.message, limits) : undefined}
          {...register('amount', { validate: (x) => amountProblem(x, info) })}
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
            {t(formState.isSubmitting ? 'cashier.sending' : 'cashier.withdraw.submit')}
          </Button>
        </div>
      </div>
      {formError ? (
        <p className={formStyles.error} role="alert">
          {t(formError.key, formError.params)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.ok} role="status">
          {t('cashier.withdraw.done', { id: done.id, amount: money(done.amount) })}
        </p>
      ) : null}
    </form>
  );
}

/* --------------------------------------------------------------- withdrawals */

/**
 * My withdrawals. `confirmOnly`: just the C2C payouts waiting for my confirmation, at the top of
 * the page (spec §4: they count as received once the minutes run out, so they come first).
 */
function WithdrawalList({ info, confirmOnly = false }: { info: Info; confirmOnly?: boolean }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const list = useWithdrawals(confirmOnly ? 1 : page);
  if (confirmOnly) {
    const waiting = list.data?.items.filter(awaitingConfirmation) ?? [];
    return (
      <>
        {confirmed ? (
          <p className={styles.ok} role="status">
            {confirmed}
          </p>
        ) : null}
        {waiting.map((w) => (
          <C2cConfirm
            key={w.id}
            withdrawal={w}
            autoReceiveMinutes={info.autoReceiveMinutes}
            onDone={setConfirmed}
          />
        ))}
      </>
    );
  }
  return (
    <div className={styles.section}>
      <h3 className={styles.heading} id="cashier-withdrawals">
        {t('cashier.withdraw.list')}
      </h3>
      {list.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : list.isError ? (
        <ErrorState messageKey={errorKey(list.error)} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <EmptyState title={t('cashier.withdraw.none')} />
      ) : (
        <>
          <ul className={styles.rows} aria-labelledby="cashier-withdrawals">
            {list.data.items.map((w) => (
              <WithdrawalRow key={w.id} withdrawal={w} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={list.data.pageSize}
            total={list.data.total}
            onPage={setPage}
            label={t('cashier.withdraw.list')}
          />
        </>
      )}
    </div>
  );
}

function WithdrawalRow({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const money = useMoney();
  const when = useDateTime();
  const c = w.c2c;
  const c2cNote = (x: Withdrawal, p: NonNullable<Withdrawal['c2c']>) => {
    if (p.disputed) {
      if (x.status === 'approved') return t('cashier.c2c.resolved_received');
      if (x.status === 'rejected') return t('cashier.c2c.resolved_not_received', { amount: money(x.amount) });
      return t('cashier.c2c.outcome_disputed');
    }
    if (p.outcome === 'full') return t('cashier.c2c.outcome_full', { name: p.depositorName });
    if (p.outcome === 'partial')
      return t('cashier.c2c.outcome_partial', {
        received: money(p.amountReceived ?? 0),
        remainder: money(x.amount - (p.amountReceived ?? 0)),
      });
    return t('cashier.c2c.paid_by', { name: p.depositorName });
  };
  // A disputed C2C payout is neither approved nor rejected yet: the operator decides.
  const status = c?.disputed && w.status === 'matched' ? 'disputed' : w.status;
  return (
    <li className={styles.row} aria-label={t('cashier.withdraw.item', { id: w.id })}>
      <div className={styles.rowMain}>
        <span className={styles.amount}>{money(w.amount)}</span>
        <span className={styles.badge} data-status={status}>
          {status === 'disputed'
            ? t('money.deposit_status.disputed')
            : t(`money.withdrawal_status.${w.status}`)}
        </span>
      </div>
      <div className={styles.rowMeta}>
        <span>{t('cashier.withdraw.item', { id: w.id })}</span>
        <span>{cardLabel(w)}</span>
        <time dateTime={w.createdAt}>{when(w.createdAt)}</time>
      </div>
      {c ? <p className={styles.rowNote}>{c2cNote(w, c)}</p> : null}
    </li>
  );
}
