import { useTranslation } from 'react-i18next';
import type { Contract, ContractTier } from '@app/contracts';
import { useStatus } from '@/lib/status';
import { TIER_FIELDS, formatField, payField } from './tiers';
import styles from './contracts.module.css';

/** The merchant's currency code (MMK for the demo), '' until the status is in. */
export function useCurrency(): string {
  return useStatus().data?.merchant.currency ?? '';
}

/** One tier in words: "Tier 1: team volume at least MMK 1,000.00, 5 active people → 1.5%". */
export function useTierText() {
  const { t } = useTranslation();
  const currency = useCurrency();
  return (kind: Contract['kind'], tier: ContractTier, index: number): string => {
    const pays = payField(kind);
    const conditions = TIER_FIELDS[kind]
      .filter((f) => f !== pays && tier[f] !== undefined && tier[f] > 0)
      .map((f) => t(`contracts.tier.when.${f}`, { value: formatField(f, tier[f]!, currency) }));
    const pay = tier[pays] === undefined ? '—' : formatField(pays, tier[pays], currency);
    return t('contracts.tier.sentence', {
      n: index + 1,
      conditions: conditions.length > 0 ? conditions.join(', ') : t('contracts.tier.always'),
      pay: t(`contracts.tier.pays.${pays}`, { value: pay }),
    });
  };
}

/** The tiers of a contract as a numbered list, with the dividend period first. */
export function ContractTerms({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const tierText = useTierText();
  return (
    <>
      {contract.period ? (
        <span className={styles.meta}>
          {t('contracts.offer.period')}: {t(`contracts.periods.${contract.period}`)}
        </span>
      ) : null}
      <ol className={styles.tiers} aria-label={t('contracts.tier.list_label')}>
        {contract.tiers.map((tier, i) => (
          <li key={i}>{tierText(contract.kind, tier, i)}</li>
        ))}
      </ol>
    </>
  );
}

/** The status as a badge: a pending request says which one; an ended contract says why. */
export function ContractStatus({ contract }: { contract: Contract }) {
  const { t } = useTranslation();
  const text =
    contract.request === 'terminate'
      ? t('contracts.status.terminate_requested')
      : contract.status === 'pending'
        ? t('contracts.status.pending')
        : t(`contracts.status.${contract.status}`);
  const reason =
    contract.endReason && (contract.status === 'terminated' || contract.status === 'rejected')
      ? t(`contracts.end_reasons.${contract.endReason}`, { defaultValue: contract.endReason })
      : null;
  return (
    <span>
      <span className={styles.badge} data-status={contract.status}>
        {text}
      </span>
      {reason && reason !== text ? <span className={styles.meta}> · {reason}</span> : null}
    </span>
  );
}
