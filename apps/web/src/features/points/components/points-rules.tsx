import { useTranslation } from 'react-i18next';
import { EARNING_CATEGORIES } from '@app/contracts';
import { RecordHead } from '@/components/ui/record-head';
import list from '@/components/ui/record-list.module.css';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { usePointsConfig } from '../api/get-points-config';
import styles from './point-mall.module.css';
import { formatPoints, useMoney } from './shared';

const NOTES = ['expiry', 'turnover', 'mapping', 'carry', 'timing', 'approval'] as const;

/** Points rules: the merchant's ratio of every category and the conversion rate, from the server. */
export function PointsRules() {
  const { t } = useTranslation();
  const { money } = useMoney();
  const config = usePointsConfig();
  if (config.isPending) return <LoadingState label={t('common.loading')} />;
  if (config.isError)
    return <ErrorState messageKey={errorKey(config.error)} onRetry={() => void config.refetch()} />;
  const rules = config.data.rules;
  const redeem = rules.find((r) => r.category === 'redeem');
  const col = {
    category: t('points.rules.category'),
    every: t('points.rules.every'),
    earns: t('points.rules.earns'),
  };
  return (
    <div className={`${list.page} ${styles.section}`}>
      <h2 className={styles.sectionTitle}>{t('points.rules.title')}</h2>
      <table className={list.table} role="table" aria-label={t('points.rules.table')}>
        <RecordHead
          columns={[{ label: col.category }, { label: col.every }, { label: col.earns, num: true }]}
        />
        <tbody role="rowgroup">
          {EARNING_CATEGORIES.map((c) => {
            const r = rules.find((x) => x.category === c);
            const on = r !== undefined && r.points > 0;
            return (
              <tr key={c} role="row">
                <td role="cell" data-label={col.category} className={list.lead}>
                  {t(`points.categories.${c}`)}
                </td>
                <td role="cell" data-label={col.every}>
                  {on
                    ? t(c === 'deposit' ? 'points.rules.per_deposit' : 'points.rules.per_turnover', {
                        unit: money(r.betUnit),
                      })
                    : t('points.rules.off')}
                </td>
                <td role="cell" data-label={col.earns} className={list.num}>
                  {on ? formatPoints(r.points) : '0'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <h2 className={styles.sectionTitle}>{t('points.rules.convert_title')}</h2>
      <p className={styles.rate}>
        {redeem && redeem.points > 0
          ? t('points.rules.convert_rate', {
              points: formatPoints(redeem.points),
              amount: money(redeem.betUnit),
            })
          : t('points.errors.convert_disabled')}
      </p>
      <ul className={styles.notes}>
        {NOTES.map((n) => (
          <li key={n}>{t(`points.rules.notes.${n}`)}</li>
        ))}
      </ul>
    </div>
  );
}
