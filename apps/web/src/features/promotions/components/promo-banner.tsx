import { useTranslation } from 'react-i18next';
import type { PromoBonus, PromoCategory, PromoKind } from '@app/contracts';
import { percentOf, useMoney } from './format';
import styles from './promotions.module.css';

/**
 * The activity's banner, drawn in CSS (no image to fetch): its category and the headline figure
 * (the bonus, the percentage or the prize). Decorative: the card says the same in words.
 */
export function PromoBanner({
  category,
  bonus,
  kind,
  large,
}: {
  category: PromoCategory;
  bonus: PromoBonus;
  kind: PromoKind;
  large?: boolean;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const headline = bonus.type === 'percent' ? `${percentOf(bonus.percent ?? 0)}%` : money(bonus.amount ?? 0);
  return (
    <div
      className={`${styles.banner} ${large ? styles.bannerLarge : ''}`}
      data-category={category}
      aria-hidden="true"
    >
      <span className={styles.bannerCategory}>{t(`promotions.category.${category}`)}</span>
      <span className={styles.bannerFigure}>{headline}</span>
      {kind === 'raffle' ? <span className={styles.bannerMark}>★</span> : null}
    </div>
  );
}
