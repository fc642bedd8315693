import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromoCard as Card } from '@app/contracts';
import { paths } from '@/config/paths';
import { formatWhen, useBonusText } from './format';
import { PromoBanner } from './promo-banner';
import { StatusBadge } from './status-badge';
import styles from './promotions.module.css';

export const detailPath = (id: number) => `${paths.promoDetail}?id=${id}`;

/** One activity on the promotions list: banner, title, status, bonus, period, tags. */
export function PromoCard({ card }: { card: Card }) {
  const { t } = useTranslation();
  const bonusText = useBonusText();
  const titleId = useId();
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <PromoBanner category={card.category} bonus={card.bonus} kind={card.kind} />
      <div className={styles.cardBody}>
        <div className={styles.meta}>
          <StatusBadge status={card.status} />
          {card.tags.map((tag) => (
            <span key={tag} className={styles.tag}>
              {t(`promotions.tag.${tag}`)}
            </span>
          ))}
        </div>
        <h2 id={titleId} className={styles.cardTitle}>
          <Link to={detailPath(card.id)}>{card.title}</Link>
        </h2>
        {card.summary ? <p className={styles.cardSummary}>{card.summary}</p> : null}
        <p className={styles.cardBonus}>
          {bonusText(card.bonus, card.kind)}
          {card.approval ? <span className={styles.muted}> · {t('promotions.card.reviewed')}</span> : null}
        </p>
        <p className={styles.muted}>
          {t('promotions.card.period', { from: formatWhen(card.runFrom), to: formatWhen(card.runTo) })}
        </p>
        {card.status === 'closed' && card.reason && card.reason !== 'ended' ? (
          <p className={styles.muted}>{t(`promotions.reason.${card.reason}`)}</p>
        ) : null}
        <Link
          to={detailPath(card.id)}
          className={styles.detailsLink}
          aria-label={t('promotions.card.details_of', { title: card.title })}
        >
          {t('promotions.card.details')}
        </Link>
      </div>
    </article>
  );
}
