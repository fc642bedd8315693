import { useTranslation } from 'react-i18next';
import type { LotteryKind, OddsItem } from '@app/contracts';
import { useTokenLabel } from './picker';
import styles from './lottery-page.module.css';

/** "×1.98" */
const formatOdds = (odds: number) => `×${Number(odds.toFixed(2))}`;
/** "2.00%" */
const formatEdge = (edge: number) => `${(edge * 100).toFixed(2)}%`;

/** The merchant's payout table of the game (odds of a win, stake included, and the house edge). */
export function PayoutTable({ kind, odds }: { kind: LotteryKind; odds: readonly OddsItem[] }) {
  const { t } = useTranslation();
  const label = useTokenLabel(kind);
  if (odds.length === 0) return null;
  return (
    <section className={styles.section} aria-labelledby="lottery-odds">
      <h2 id="lottery-odds" className={styles.sectionTitle}>
        {t('lottery.odds.title')}
      </h2>
      <div className={styles.tableWrap}>
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">{t('lottery.odds.play_type')}</th>
              <th scope="col">{t('lottery.odds.odds')}</th>
              <th scope="col">{t('lottery.odds.house_edge')}</th>
            </tr>
          </thead>
          <tbody>
            {odds.map((o) => (
              <tr key={`${o.playType}:${o.option}`}>
                <th scope="row">
                  {t(`lottery.play_types.${o.playType}`)}
                  {o.option
                    ? ` · ${o.playType === 'DA' ? t('lottery.odds.hits', { count: Number(o.option) }) : label(o.option)}`
                    : ''}
                </th>
                <td>{formatOdds(o.odds)}</td>
                <td>{formatEdge(o.houseEdge)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
