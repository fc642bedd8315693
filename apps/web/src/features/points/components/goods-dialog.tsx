import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { DELIVERY_NOTE_MAX, REDEEM_QUANTITY_MAX, type ExchangeRecord, type Goods } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles, placeholderFor } from '@/components/ui/field';
import { PaymentConfirm, paymentPasswordRule } from '@/components/ui/payment-confirm';
import { Modal } from '@/components/ui/modal';
import { errorKey } from '@/lib/api-client';
import { useSubmitKey } from '@/lib/idempotency';
import { useGoodsDetail } from '../api/get-goods-detail';
import { usePointsBalance } from '../api/get-points-balance';
import { useRedeem } from '../api/redeem';
import styles from './point-mall.module.css';
import { formatPoints, placeFieldErrors, useLocalized, useMoney } from './shared';

interface RedeemValues {
  quantity: string;
  address: string;
  paymentPassword: string;
}

/** How many one redemption may take now: the stock, my remaining limit, 99 at most. */
export function maxQuantity(g: Pick<Goods, 'stock' | 'myRemaining'>): number {
  return Math.max(0, Math.min(REDEEM_QUANTITY_MAX, g.stock, g.myRemaining ?? REDEEM_QUANTITY_MAX));
}

/**
 * Goods detail and redeem (spec §2): the good as it is now (stock, my limit), quantity, a delivery
 * address for an item, the payment password. One idempotency key per submit; the points are held
 * at once and the record waits for the operator (applying).
 */
export function GoodsDialog({ goods: listed, onClose }: { goods: Goods; onClose: () => void }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { money } = useMoney();
  const detail = useGoodsDetail(listed.id);
  const balance = usePointsBalance(true);
  const goods = detail.data ?? listed;
  const name = localized(goods.name);
  const redeem = useRedeem();
  const submitKey = useSubmitKey();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<ExchangeRecord | null>(null);
  const { register, handleSubmit, setError, formState, watch } = useForm<RedeemValues>({
    defaultValues: { quantity: '1', address: '', paymentPassword: '' },
  });
  const errors = formState.errors;
  const max = maxQuantity(goods);
  const quantity = Number(watch('quantity'));
  const total = Number.isInteger(quantity) && quantity > 0 ? quantity * goods.points : null;
  const have = balance.data?.balance;

  const quantityRule = (v: string) => {
    const n = Number(v.trim());
    if (!/^\d+$/.test(v.trim()) || n < 1 || n > REDEEM_QUANTITY_MAX) return 'points.errors.quantity';
    if (goods.myRemaining !== null && n > goods.myRemaining) return 'points.errors.limit_reached';
    if (n > goods.stock) return 'points.errors.out_of_stock';
    return true;
  };
  const addressRule = (v: string) =>
    goods.kind !== 'physical' || v.trim() !== '' || 'points.errors.address_required';

  const submit = handleSubmit(async (v) => {
    setFormError(null);
    const address = v.address.trim();
    const body = {
      goodsId: goods.id,
      quantity: Number(v.quantity.trim()),
      ...(goods.kind === 'physical' ? { address } : {}),
      paymentPassword: v.paymentPassword,
    };
    const key = submitKey.for(body);
    try {
      const answer = await redeem.mutateAsync({ ...body, key });
      submitKey.settle();
      setDone(answer.record);
    } catch (e) {
      submitKey.settle(e);
      if (!placeFieldErrors(e, ['quantity', 'address', 'paymentPassword'] as const, setError))
        setFormError(errorKey(e));
    }
  });

  return (
    <Modal title={name} closeLabel={t('common.close')} onClose={onClose}>
      <div className={styles.dialogBody}>
        <img className={styles.detailImage} src={goods.image} alt="" width={320} height={200} />
        <p className={styles.description}>{localized(goods.description)}</p>
        <dl className={styles.facts}>
          <div>
            <dt>{t('points.detail.points')}</dt>
            <dd>{formatPoints(goods.points)}</dd>
          </div>
          {goods.amount !== null ? (
            <div>
              <dt>{t('points.detail.value')}</dt>
              <dd>{money(goods.amount)}</dd>
            </div>
          ) : null}
          <div>
            <dt>{t('points.detail.stock')}</dt>
            <dd>{formatPoints(goods.stock)}</dd>
          </div>
          <div>
            <dt>{t('points.detail.limit')}</dt>
            <dd>
              {goods.perMemberLimit === null
                ? t('points.detail.no_limit')
                : t('points.detail.limit_left', {
                    limit: goods.perMemberLimit,
                    left: goods.myRemaining ?? goods.perMemberLimit,
                  })}
            </dd>
          </div>
          <div>
            <dt>{t('points.detail.my_points')}</dt>
            <dd>{have === undefined ? '…' : formatPoints(have)}</dd>
          </div>
        </dl>
        {done ? (
          <div className={styles.done}>
            <p className={styles.ok} role="status">
              {t('points.detail.done', { no: done.transactionNo, points: formatPoints(done.points) })}
            </p>
            <div className={styles.actions}>
              <Button onClick={onClose}>{t('points.actions.done')}</Button>
            </div>
          </div>
        ) : max === 0 ? (
          <p className={styles.error} role="alert">
            {t(goods.stock <= 0 ? 'points.errors.out_of_stock' : 'points.errors.limit_reached')}
          </p>
        ) : (
          <form
            className={formStyles.form}
            noValidate
            aria-label={t('points.detail.form', { name })}
            onSubmit={(e) => void submit(e)}
          >
            <TextField
              label={t('points.detail.quantity')}
              type="number"
              inputMode="numeric"
              min={1}
              max={max}
              step={1}
              autoComplete="off"
              hint={
                total !== null
                  ? t('points.detail.total', { n: formatPoints(total) })
                  : t('points.detail.quantity_hint', { max })
              }
              error={errors.quantity?.message ? t(errors.quantity.message) : undefined}
              {...register('quantity', { validate: quantityRule })}
            />
            {goods.kind === 'physical' ? (
              <div className={formStyles.field}>
                <label className={formStyles.label} htmlFor="points-address">
                  {t('points.detail.address')}
                </label>
                <textarea
                  id="points-address"
                  className={`${formStyles.input} ${styles.textarea}`}
                  rows={3}
                  maxLength={DELIVERY_NOTE_MAX}
                  placeholder={placeholderFor(t('points.detail.address_hint'), true)}
                  aria-invalid={errors.address ? true : undefined}
                  aria-describedby={errors.address ? 'points-address-error' : undefined}
                  {...register('address', { validate: addressRule })}
                />
                {errors.address?.message ? (
                  <p id="points-address-error" className={formStyles.error} role="alert">
                    {t(errors.address.message)}
                  </p>
                ) : null}
              </div>
            ) : null}
            <PaymentConfirm
              password={register('paymentPassword', { validate: paymentPasswordRule })}
              passwordError={errors.paymentPassword?.message}
              formError={formError ? t(formError) : null}
              submitting={formState.isSubmitting}
              submitLabel={t('points.detail.submit')}
              sendingLabel={t('points.detail.sending')}
              cancelLabel={t('points.actions.cancel')}
              onCancel={onClose}
              errorClassName={styles.error}
              actionsClassName={styles.actions}
            />
          </form>
        )}
      </div>
    </Modal>
  );
}
