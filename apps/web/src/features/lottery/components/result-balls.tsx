import { useTranslation } from 'react-i18next';
import styles from './result-balls.module.css';

/** A digit result as balls (position order); an empty list shows a dash. */
export function ResultBalls({
  digits,
  size = 'm',
}: {
  digits: readonly number[] | null | undefined;
  size?: 's' | 'm';
}) {
  const { t } = useTranslation();
  if (!digits || digits.length === 0) return <span className={styles.none}>-</span>;
  return (
    <ol
      className={`${styles.balls} ${size === 's' ? styles.small : ''}`}
      aria-label={t('lottery.result.label', { digits: digits.join(' ') })}
    >
      {digits.map((d, i) => (
        <li key={i} className={styles.ball}>
          {d}
        </li>
      ))}
    </ol>
  );
}
