import { useId, useState } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TIERS_MAX, DIVIDEND_PERIODS, type ContractKind, type DividendPeriod } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, placeholderFor } from '@/components/ui/field';
import { errorKey, isApiError } from '@/lib/api-client';
import { useDirectDownlineAgents } from '../api/get-direct-downlines';
import { useOfferContract, type OfferInput } from '../api/offer-contract';
import { useCurrency } from './contract-terms';
import { FIELD_UNITS, TIER_FIELDS, fieldError, payField, toTier, type TierField } from './tiers';
import styles from './contracts.module.css';

type TierTexts = Record<TierField, string>;
interface Values {
  downlineId: string;
  period: DividendPeriod;
  tiers: TierTexts[];
}
const emptyTier = (): TierTexts => ({ minBets: '', minProfitLoss: '', minActive: '', ratio: '', amount: '' });

/** The offer's body: the kind fixed by the page, money in minor units, ratios in basis points. */
export function offerBody(kind: ContractKind, v: Values): OfferInput {
  return {
    downlineId: Number(v.downlineId),
    kind,
    ...(kind === 'dividend' ? { period: v.period } : {}),
    tiers: v.tiers.map((tier) => toTier(kind, tier)),
  };
}

/**
 * Offer a contract (spec §4 new-contract request) to one of my DIRECT downline agents: the kind
 * is the page's; a dividend has a period; 1–10 tiers with the thresholds of the kind. Ratios are
 * percent with up to 2 decimals (sent as basis points), amounts in major units (sent as minor).
 */
export function OfferForm({ kind }: { kind: ContractKind }) {
  const { t } = useTranslation();
  const currency = useCurrency();
  const downlines = useDirectDownlineAgents();
  const offer = useOfferContract();
  const formId = useId();
  const [done, setDone] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, control, reset, setError, formState } = useForm<Values>({
    defaultValues: { downlineId: '', period: 'weekly', tiers: [emptyTier()] },
  });
  const tiers = useFieldArray({ control, name: 'tiers' });
  const errors = formState.errors;
  const fields = TIER_FIELDS[kind];
  const pays = payField(kind);

  const submit = handleSubmit(async (v) => {
    const body = offerBody(kind, v);
    try {
      const answer = await offer.mutateAsync(body);
      reset({ downlineId: '', period: v.period, tiers: [emptyTier()] });
      setDone(t('contracts.offer.done', { account: answer.downline.account }));
    } catch (e) {
      if (isApiError(e) && e.fields?.downlineId) setError('downlineId', { message: e.fields.downlineId });
      else setFormError(errorKey(e));
    }
  });

  const label = (field: TierField) =>
    t(`contracts.fields.${field}`, { currency }) +
    (field === pays ? '' : ` ${t('contracts.fields.optional')}`);
  const agents = downlines.data ?? [];

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby={`${formId}-title`}
      onSubmit={(e) => {
        setDone(null);
        setFormError(null);
        void submit(e);
      }}
    >
      <h4 id={`${formId}-title`} className={styles.subheading}>
        {t('contracts.offer.heading')}
      </h4>
      <p className={styles.hint}>{t('contracts.offer.hint', { currency })}</p>
      <div className={styles.row}>
        <div className={styles.form}>
          <label htmlFor={`${formId}-downline`}>{t('contracts.offer.downline')}</label>
          <select
            id={`${formId}-downline`}
            className={styles.select}
            aria-invalid={errors.downlineId ? true : undefined}
            aria-describedby={errors.downlineId ? `${formId}-downline-error` : undefined}
            disabled={downlines.isPending}
            {...register('downlineId', {
              validate: (x) => x !== '' || 'contracts.offer.errors.downline_required',
            })}
          >
            <option value="">
              {downlines.isPending ? t('common.loading') : t('contracts.offer.choose')}
            </option>
            {agents.map((d) => (
              <option key={d.id} value={String(d.id)}>
                {d.nickname ? `${d.account} (${d.nickname})` : d.account}
              </option>
            ))}
          </select>
          {errors.downlineId?.message ? (
            <p id={`${formId}-downline-error`} className={styles.error} role="alert">
              {t(errors.downlineId.message)}
            </p>
          ) : null}
          {downlines.isError ? (
            <p className={styles.error} role="alert">
              {t(errorKey(downlines.error))}
            </p>
          ) : downlines.isSuccess && agents.length === 0 ? (
            <p className={styles.hint}>{t('contracts.offer.no_downlines')}</p>
          ) : null}
        </div>
        {kind === 'dividend' ? (
          <div className={styles.form}>
            <label htmlFor={`${formId}-period`}>{t('contracts.offer.period')}</label>
            <select id={`${formId}-period`} className={styles.select} {...register('period')}>
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`contracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
      </div>
      {tiers.fields.map((item, i) => (
        <fieldset key={item.id} className={styles.tier}>
          <legend>{t('contracts.tier.title', { n: i + 1 })}</legend>
          <div className={styles.tierFields}>
            {fields.map((field) => {
              const message = errors.tiers?.[i]?.[field]?.message;
              return (
                <TextField
                  key={field}
                  label={label(field)}
                  inputMode={FIELD_UNITS[field] === 'count' ? 'numeric' : 'decimal'}
                  autoComplete="off"
                  placeholder={placeholderFor(
                    t(`contracts.placeholders.${FIELD_UNITS[field]}`),
                    field === pays,
                  )}
                  error={message ? t(message) : undefined}
                  {...register(`tiers.${i}.${field}` as const, {
                    validate: (x) => fieldError(kind, field, x) ?? true,
                  })}
                />
              );
            })}
          </div>
          {tiers.fields.length > 1 ? (
            <div className={styles.actions}>
              <Button size="s" variant="ghost" onClick={() => tiers.remove(i)}>
                {t('contracts.offer.remove_tier', { n: i + 1 })}
              </Button>
            </div>
          ) : null}
        </fieldset>
      ))}
      <div className={styles.actions}>
        <Button
          variant="secondary"
          onClick={() => tiers.append(emptyTier())}
          disabled={tiers.fields.length >= CONTRACT_TIERS_MAX}
        >
          {t('contracts.offer.add_tier')}
        </Button>
        <Button type="submit" disabled={formState.isSubmitting}>
          {t(formState.isSubmitting ? 'contracts.offer.sending' : 'contracts.offer.submit')}
        </Button>
      </div>
      {tiers.fields.length >= CONTRACT_TIERS_MAX ? (
        <p className={styles.hint}>{t('contracts.offer.tiers_max', { max: CONTRACT_TIERS_MAX })}</p>
      ) : null}
      {formError ? (
        <p className={styles.error} role="alert">
          {t(formError)}
        </p>
      ) : null}
      {done ? (
        <p className={styles.ok} role="status">
          {done}
        </p>
      ) : null}
    </form>
  );
}
