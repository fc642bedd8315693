import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ClaimItem } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { newIdempotencyKey } from '@/lib/idempotency';
import { useLanguageStore } from '@/lib/i18n';
import { useSession } from '@/lib/session';
import { useUiStore } from '@/lib/ui-store';
import { useClaimBonus } from '../api/claim-bonus';
import { useClaimHall } from '../api/get-claim-hall';
import { formatWhen, useMoney } from './format';
import { detailPath } from './promo-card';
import styles from './promotions.module.css';

/**
 * The promotion claim hall (spec §2 "promotion claim hall"): every bonus I can claim now —
 * approved applications, raffle prizes, activities whose targets I reached — soonest deadline first.
 */
export function ClaimHall() {
  const { t } = useTranslation();
  const money = useMoney();
  const language = useLanguageStore((s) => s.code);
  const { isLoggedIn } = useSession();
  const openModal = useUiStore((s) => s.openModal);
  const hall = useClaimHall(language);
  const claim = useClaimBonus();
  const [said, setSaid] = useState<string | null>(null);
  const [failed, setFailed] = useState<{ entryId: number; key: string } | null>(null);

  if (!isLoggedIn)
    return (
      <EmptyState title={t('promotions.hall.login')}>
        <Button onClick={() => openModal({ kind: 'login' })}>{t('promotions.action.login')}</Button>
      </EmptyState>
    );
  if (hall.isPending) return <LoadingState label={t('common.loading')} />;
  if (hall.isError)
    return <ErrorState messageKey={errorKey(hall.error)} onRetry={() => void hall.refetch()} />;

  const doClaim = (item: ClaimItem) => {
    setFailed(null);
    claim.mutate(
      { entryId: item.entryId, kind: item.kind, key: newIdempotencyKey() },
      {
        onSuccess: (r) =>
          setSaid(t('promotions.hall.claimed', { amount: money(r.amount), title: item.title })),
        onError: (e) => setFailed({ entryId: item.entryId, key: errorKey(e) }),
      },
    );
  };

  return (
    <section className={styles.hall} aria-labelledby="claim-hall-title">
      {/* The view's tab says it already; the heading is for the page's outline. */}
      <h2 id="claim-hall-title" className="visually-hidden">
        {t('promotions.hall.title')}
      </h2>
      <p role="status" className={styles.said}>
        {said}
      </p>
      {hall.data.items.length === 0 ? (
        <EmptyState title={t('promotions.hall.empty')} />
      ) : (
        <>
          <p className={styles.hallTotal}>{t('promotions.hall.total', { amount: money(hall.data.total) })}</p>
          <ul className={styles.hallList} aria-label={t('promotions.hall.list')}>
            {hall.data.items.map((item) => (
              <li key={item.entryId} className={styles.hallItem}>
                <div className={styles.hallText}>
                  <Link to={detailPath(item.promotionId)} className={styles.hallTitle}>
                    {item.title}
                  </Link>
                  <span className={styles.muted}>
                    {t(`promotions.hall.reason.${item.reason}`)} ·{' '}
                    {t('promotions.hall.claim_by', { date: formatWhen(item.claimTo) })}
                  </span>
                </div>
                <Button onClick={() => doClaim(item)} disabled={claim.isPending}>
                  {claim.isPending && claim.variables?.entryId === item.entryId
                    ? t('promotions.action.claiming')
                    : t('promotions.action.claim', { amount: money(item.amount) })}
                </Button>
                {failed?.entryId === item.entryId ? (
                  <p className={styles.error} role="alert">
                    {t(failed.key)}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
