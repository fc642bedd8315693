import { useTranslation } from 'react-i18next';
import { fishBetDetailSchema, formatMinor } from '@app/contracts';
import styles from './fish-detail.module.css';

/**
 * What the betting record shows of a fish bet's detail (issue 6; the detail the studio sends with
 * its credit): the round's shots — the fish each hit and its multiplier, the bet, caught or not,
 * the win — and the totals. Answers null for a detail it cannot read.
 */
export function FishDetail({ detail }: { detail: unknown }) {
  const { t } = useTranslation();
  const parsed = fishBetDetailSchema.safeParse(detail);
  if (!parsed.success) return null;
  const d = parsed.data;
  const caught = d.shots.filter((s) => s.caught).length;
  const name = (species: string) => t(`fish.species.${species}`, { defaultValue: species });
  return (
    <section className={styles.fish} aria-labelledby="fish-detail-title">
      <h3 id="fish-detail-title" className={styles.title}>
        {t('fish.title', { n: d.shots.length })}
      </h3>
      <p className={styles.summary}>
        {t('fish.summary', {
          shots: d.shots.length,
          caught,
          bet: formatMinor(d.bet),
          win: formatMinor(d.win),
        })}
      </p>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">{t('fish.fish')}</th>
            <th scope="col" className={styles.num}>
              {t('fish.bet')}
            </th>
            <th scope="col">{t('fish.result')}</th>
            <th scope="col" className={styles.num}>
              {t('fish.win')}
            </th>
          </tr>
        </thead>
        <tbody>
          {d.shots.map((s, i) => (
            <tr key={i} data-caught={s.caught}>
              <td>{i + 1}</td>
              <td>
                {name(s.species)} <span className={styles.mult}>×{s.multiplier}</span>
              </td>
              <td className={styles.num}>{formatMinor(s.bet)}</td>
              <td>{s.caught ? t('fish.caught') : t('fish.missed')}</td>
              <td className={styles.num}>{formatMinor(s.win)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
