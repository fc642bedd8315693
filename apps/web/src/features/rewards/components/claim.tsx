import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useClaimReward } from '../api/claim-reward';
import { useMoney } from './reward-text';
import styles from './rewards.module.css';

export type ClaimOutcome = { ok: true; amount: number } | { ok: false; key: string } | null;

/**
 * Claiming a reward from a list (the reward centre's claimable rewards, a completed mission):
 * `busy` is the id of the item being claimed (one at a time), `outcome` the last answer.
 */
export function useClaim() {
  const claim = useClaimReward();
  const [busy, setBusy] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<ClaimOutcome>(null);
  const start = (itemId: number, rewardId: number) => {
    setOutcome(null);
    setBusy(itemId);
    // One key per submit; the mutation's own retry (no answer arrived) reuses it.
    claim.mutate(
      { rewardId, key: newIdempotencyKey() },
      {
        onSuccess: (v) => setOutcome({ ok: true, amount: v.amount }),
        onError: (e) => setOutcome({ ok: false, key: errorKey(e) }),
        onSettled: () => setBusy(null),
      },
    );
  };
  return { busy, outcome, claim: start };
}

/** The last claim's answer in words (an empty live line until then). */
export function ClaimOutcomeLine({ outcome }: { outcome: ClaimOutcome }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <p className={outcome?.ok === false ? styles.error : styles.ok} role="status">
      {outcome === null
        ? ''
        : outcome.ok
          ? t('rewards.centre.claimed_ok', { amount: money(outcome.amount) })
          : t(outcome.key)}
    </p>
  );
}
