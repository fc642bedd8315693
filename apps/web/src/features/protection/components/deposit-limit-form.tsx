import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMIT_MAX, LIMIT_PERIODS, parseMajor, type LimitPeriod } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { errorKey } from '@/lib/api-client';
import { useAnswerDepositPrompt, useSetLimit } from '../api/protection';
import { formatDateTime } from '../time';
import { Outcome, SelectField, useCurrency } from './shared';
import styles from './protection.module.css';

/**
 * The deposit-limit prompt's form (issue 10): an amount and a period, "Set deposit limit", or
 * "Not now" (the server then stops asking). `onDone` runs after either answer.
 */
export function DepositLimitForm({ onDone }: { onDone: (saved: string | null) => void }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const setLimit = useSetLimit();
  const answer = useAnswerDepositPrompt();
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<LimitPeriod>('day');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const busy = setLimit.isPending || answer.isPending;
  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const minor = parseMajor(amount);
        if (minor === null || minor > LIMIT_MAX) return setFieldError('protection.errors.amount_invalid');
        setFieldError(null);
        setError(null);
        setLimit.mutate(
          { kind: 'deposit', period, amount: minor },
          {
            onSuccess: (r) =>
              onDone(
                r.effect === 'now'
                  ? t('protection.limit.done_now')
                  : t('protection.limit.done_later', { when: formatDateTime(r.effectiveAt) }),
              ),
            onError: (err) => setError(t(errorKey(err))),
          },
        );
      }}
    >
      <TextField
        label={t('protection.prompt.amount', { currency })}
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={fieldError ? t(fieldError) : undefined}
      />
      <SelectField
        label={t('protection.prompt.period')}
        value={period}
        onChange={(v) => setPeriod(v as LimitPeriod)}
      >
        {LIMIT_PERIODS.map((p) => (
          <option key={p} value={p}>
            {t(`protection.deposit_periods.${p}`)}
          </option>
        ))}
      </SelectField>
      <Outcome error={error} />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {t('protection.prompt.set')}
        </Button>
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setError(null);
            answer.mutate(undefined, {
              onSuccess: () => onDone(null),
              onError: (err) => setError(t(errorKey(err))),
            });
          }}
        >
          {t('protection.prompt.later')}
        </Button>
      </div>
    </form>
  );
}
