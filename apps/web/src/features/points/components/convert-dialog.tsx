import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField, formStyles } from '@/components/ui/field';
import { PaymentConfirm, paymentPasswordRule } from '@/components/ui/payment-confirm';
import { Modal } from '@/components/ui/modal';
import { LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useConvertPoints } from '../api/convert';
import { usePointsBalance } from '../api/get-points-balance';
import { usePointsConfig } from '../api/get-points-config';
import styles from './point-mall.module.css';
import { formatPoints, placeFieldErrors, useMoney } from './shared';

interface ConvertValues {
  points: string;
  paymentPassword: string;
}

/**
 * Convert points to cash (spec §7 convert, password-checked): a whole number of steps of the
 * redeem rate (e.g. 100 points = MMK 10.00) into the main wallet, one idempotency key per submit.
 */
export function ConvertDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { money } = useMoney();
  const config = usePointsConfig();
  const balance = usePointsBalance(true);
  const convert = useConvertPoints();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState, watch } = useForm<ConvertValues>({
    defaultValues: { points: '', paymentPassword: '' },
  });
  const errors = formState.errors;
  const rate = config.data?.rules.find((r) => r.category === 'redeem');
  const step = rate?.points ?? 0;
  const have = balance.data?.balance ?? 0;
  const typed = watch('points').trim();
  const steps = step > 0 && /^\d+$/.test(typed) && Number(typed) % step === 0 ? Number(typed) / step : null;

  const pointsRule = (v: string) => {
    const x = v.trim();
    if (!/^\d+$/.test(x) || Number(x) < 1) return 'points.errors.points_invalid';
    if (Number(x) % step !== 0) return 'points.convert.invalid_step';
    if (Number(x) > have) return 'points.errors.insufficient_points';
    return true;
  };

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const body = { points: Number(v.points.trim()), paymentPassword: v.paymentPassword };
    const key = submitKey.for(body);
    try {
      const answer = await convert.mutateAsync({ ...body, key });
      submitKey.settle();
      setDone(t('points.convert.done', { amount: money(answer.amount) }));
    } catch (e) {
      submitKey.settle(e);
      if (!placeFieldErrors(e, ['points', 'paymentPassword'] as const, setError)) setFormError(errorKey(e));
    }
  });

  return (
    <Modal title={t('points.convert.title')} closeLabel={t('common.close')} onClose={onClose}>
      {config.isPending || balance.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : done ? (
        <div className={styles.done}>
          <p className={styles.ok} role="status">
            {done}
          </p>
          <div className={styles.actions}>
            <Button onClick={onClose}>{t('points.actions.done')}</Button>
          </div>
        </div>
      ) : !rate || step <= 0 ? (
        <p className={styles.error} role="alert">
          {t('points.errors.convert_disabled')}
        </p>
      ) : (
        <form
          className={formStyles.form}
          noValidate
          aria-label={t('points.convert.title')}
          onSubmit={(e) => void submit(e)}
        >
          <p className={styles.rate}>
            {t('points.convert.rate', { points: formatPoints(step), amount: money(rate.betUnit) })}
          </p>
          <TextField
            label={t('points.convert.points')}
            type="number"
            inputMode="numeric"
            min={step}
            step={step}
            autoComplete="off"
            hint={
              steps !== null
                ? t('points.convert.receive', { amount: money(steps * rate.betUnit) })
                : t('points.convert.step', { step: formatPoints(step), balance: formatPoints(have) })
            }
            error={
              errors.points?.message ? t(errors.points.message, { step: formatPoints(step) }) : undefined
            }
            {...register('points', { validate: pointsRule })}
          />
          <PaymentConfirm
            password={register('paymentPassword', { validate: paymentPasswordRule })}
            passwordError={errors.paymentPassword?.message}
            formError={formError ? t(formError) : null}
            submitting={formState.isSubmitting}
            submitLabel={t('points.convert.submit')}
            sendingLabel={t('points.convert.sending')}
            cancelLabel={t('points.actions.cancel')}
            onCancel={onClose}
            errorClassName={styles.error}
            actionsClassName={styles.actions}
          />
        </form>
      )}
    </Modal>
  );
}
