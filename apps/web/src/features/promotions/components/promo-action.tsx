import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromoDetail } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { errorKey } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { currentLanguage } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useUiStore } from '@/lib/ui-store';
import { useClaimBonus } from '../api/claim-bonus';
import { useJoinPromotion } from '../api/join-promotion';
import { ApplicationForm } from './application-form';
import { formatWhen, useMoney } from './format';
import styles from './promotions.module.css';

/** Nothing to reach first: an application can be sent straight away. */
const noTargets = (d: PromoDetail) => d.minDeposit === 0 && d.turnover === 0 && d.bonus.type === 'fixed';

/**
 * What the member can do now, by the status the server computed (spec §4): join, apply, claim,
 * or read why not. The result of the last action is announced in the status line.
 */
export function PromoAction({ d }: { d: PromoDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { isLoggedIn } = useSession();
  const openModal = useUiStore((s) => s.openModal);
  const openPanel = useUiStore((s) => s.openPanel);
  const join = useJoinPromotion();
  const claim = useClaimBonus();
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const entry = d.me?.entry ?? null;
  const language = currentLanguage();
  const busy = join.isPending || claim.isPending;

  const doJoin = () => {
    setFailed(null);
    join.mutate(
      { id: d.id, language },
      { onSuccess: () => setSaid(t('promotions.action.joined')), onError: (e) => setFailed(errorKey(e)) },
    );
  };
  const doClaim = () => {
    if (!entry) return;
    setFailed(null);
    claim.mutate(
      { entryId: entry.id, kind: d.kind, key: newIdempotencyKey() },
      {
        onSuccess: (r) => setSaid(t('promotions.action.claimed_now', { amount: money(r.amount) })),
        onError: (e) => setFailed(errorKey(e)),
      },
    );
  };
  const claimButton = (
    <Button onClick={doClaim} disabled={busy}>
      {claim.isPending
        ? t('promotions.action.claiming')
        : t('promotions.action.claim', { amount: money(entry?.amount ?? 0) })}
    </Button>
  );
  const recordLink = (
    <Button variant="secondary" onClick={() => openPanel('personal', 'transactionHistory')}>
      {t('promotions.action.record')}
    </Button>
  );

  let text: string;
  let control: ReactNode = null;
  switch (d.status) {
    case 'coming_soon':
      text = t('promotions.action.coming_soon', { date: formatWhen(d.signupFrom) });
      break;
    case 'join_now':
      if (d.approval && noTargets(d)) {
        text = t('promotions.action.join_apply');
        control = isLoggedIn ? <ApplicationForm id={d.id} language={language} /> : null;
      } else {
        text = t('promotions.action.join_now', { date: formatWhen(d.runTo) });
        control = isLoggedIn ? (
          <Button onClick={doJoin} disabled={busy}>
            {t(join.isPending ? 'promotions.action.joining' : 'promotions.action.join')}
          </Button>
        ) : null;
      }
      if (!isLoggedIn)
        control = (
          <Button onClick={() => openModal({ kind: 'login' })}>{t('promotions.action.login')}</Button>
        );
      break;
    case 'signed_up':
      text =
        d.kind === 'raffle'
          ? t('promotions.action.signed_up_raffle', { date: formatWhen(d.runTo) })
          : t('promotions.action.signed_up', { date: formatWhen(d.runFrom) });
      break;
    case 'in_progress':
      text = t('promotions.action.in_progress', { date: formatWhen(d.runTo) });
      break;
    case 'claim_payout':
      if (d.approval) {
        text = t('promotions.action.claim_payout_apply', { date: formatWhen(d.claimTo) });
        control = <ApplicationForm id={d.id} language={language} />;
      } else {
        text = t('promotions.action.claim_payout', { date: formatWhen(d.claimTo) });
        control = claimButton;
      }
      break;
    case 'applying':
      text = t('promotions.action.applying');
      break;
    case 'issued':
      text = t(d.kind === 'raffle' ? 'promotions.action.issued_raffle' : 'promotions.action.issued', {
        date: formatWhen(d.claimTo),
      });
      control = claimButton;
      break;
    case 'claimed':
      text = t('promotions.action.claimed', { amount: money(entry?.amount ?? 0) });
      control = recordLink;
      break;
    case 'rejected':
      text = t('promotions.action.rejected');
      break;
    case 'closed':
    default:
      text = t(`promotions.reason.${d.reason ?? 'ended'}`);
  }

  return (
    <section className={`${styles.panel} ${styles.actionPanel}`} aria-labelledby="promo-action-title">
      <h2 id="promo-action-title" className={styles.sectionTitle}>
        {t('promotions.action.title')}
      </h2>
      <p className={styles.actionText}>{text}</p>
      {d.status === 'rejected' && entry?.decisionNote ? (
        <p className={styles.muted}>{t('promotions.action.rejected_note', { note: entry.decisionNote })}</p>
      ) : null}
      {control ? <div className={styles.actions}>{control}</div> : null}
      <p role="status" className={styles.said}>
        {said}
      </p>
      {failed ? (
        <p className={styles.error} role="alert">
          {t(failed)}
        </p>
      ) : null}
    </section>
  );
}
