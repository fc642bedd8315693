import { useTranslation } from 'react-i18next';
import type { OddsItem } from '@app/contracts';
import { VN_TABS, playTypeName } from './play-types';
import styles from './vn.module.css';

/** The merchant's payout table of the VN bet types: odds (stake included) and house edge. */
export function OddsTable({ odds }: { odds: readonly OddsItem[] }) {
  const { t, i18n } = useTranslation();
  const rows = VN_TABS.flatMap((p) => odds.filter((o) => o.playType === p));
  if (rows.length === 0) return null;
  const num = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const pct = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <table className={styles.odds}>
      <caption className={styles.caption}>{t('vnlottery.odds.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('vnlottery.odds.type')}</th>
          <th scope="col">{t('vnlottery.odds.pays')}</th>
          <th scope="col">{t('vnlottery.odds.edge')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((o) => (
          <tr key={`${o.playType}:${o.option}`}>
            <th scope="row">
              {t(playTypeName(o.playType))}
              {o.option ? ` · ${t('vnlottery.odds.extra_hits', { hits: o.option })}` : ''}
            </th>
            <td>{t('vnlottery.odds.times', { odds: num.format(o.odds) })}</td>
            <td>{pct.format(o.houseEdge)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
