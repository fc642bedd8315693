import { useTranslation } from 'react-i18next';
import type { Draw } from '@app/contracts';
import { ResultBalls } from '../components/result-balls';
import styles from './vn.module.css';

/** A draw in one line: the digit balls, or a VN sheet's special prize (its lô emphasised). */
export function CompactResult({ draw }: { draw: Draw | null | undefined }) {
  const { t } = useTranslation();
  if (!draw?.result) return <span className={styles.muted}>{t('vnlottery.elott.no_result')}</span>;
  if (draw.result.digits) return <ResultBalls digits={draw.result.digits} size="s" />;
  const special = draw.result.prizes?.find((p) => p.tier === 'special')?.numbers[0];
  if (!special) return <span className={styles.muted}>{t('vnlottery.elott.no_result')}</span>;
  return (
    <span className={styles.compact}>
      <span className={styles.compactTier}>{t('lottery.tiers.special')}</span>{' '}
      <span className={styles.numberSpecialS}>
        {special.slice(0, -2)}
        <strong className={styles.lo}>{special.slice(-2)}</strong>
      </span>
    </span>
  );
}
