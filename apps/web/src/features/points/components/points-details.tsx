import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POINTS_CATEGORIES, type PointsDetail } from '@app/contracts';
import { ListPager } from '@/components/ui/list-pager';
import { RecordHead } from '@/components/ui/record-head';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useSession } from '@/lib/session';
import { usePointsDetails } from '../api/get-points-details';
import styles from './point-mall.module.css';
import { SignInPrompt } from './sign-in-prompt';
import { formatPoints, signedPoints, useMoney } from './shared';

type CategoryFilter = (typeof POINTS_CATEGORIES)[number] | 'all';

/** What one line of the details stands for, in words. */
function useAbout(): (d: PointsDetail) => string {
  const { t } = useTranslation();
  const { money } = useMoney();
  return (d) => {
    const no = d.transactionNo ?? '';
    switch (d.kind) {
      case 'earn': {
        const rule =
          d.betUnit !== null && d.pointsRatio !== null
            ? t('points.details.rule', { points: formatPoints(d.pointsRatio), unit: money(d.betUnit) })
            : '';
        const what = t(
          d.category === 'deposit' ? 'points.details.earn_deposits' : 'points.details.earn_bets',
          {
            n: d.count ?? 0,
            base: money(d.base ?? 0),
          },
        );
        return rule ? `${what} · ${rule}` : what;
      }
      case 'redeem':
        return t('points.details.redeem', { no });
      case 'refund':
        return d.remark
          ? `${t('points.details.refund', { no })} · ${d.remark}`
          : t('points.details.refund', { no });
      case 'convert':
        return t('points.details.convert', { no });
      default:
        return d.remark ?? t('points.details.adjust');
    }
  };
}

/** Points details (member transaction detail): every change of my points with the balance after it. */
export function PointsDetails() {
  const { t } = useTranslation();
  const session = useSession();
  const [category, setCategory] = useState<CategoryFilter>('all');
  const [page, setPage] = useState(1);
  const about = useAbout();
  const details = usePointsDetails({ category, page, pageSize: 20 }, session.isLoggedIn);
  if (!session.isLoggedIn) return <SignInPrompt text={t('points.details.guest')} />;

  const col = {
    time: t('points.details.time'),
    category: t('points.details.category'),
    change: t('points.details.change'),
    balance: t('points.details.balance'),
    about: t('points.details.about'),
  };
  return (
    <div className={`${list.page} ${styles.section}`}>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <label htmlFor="points-detail-category">{t('points.details.category_filter')}</label>
          <select
            id="points-detail-category"
            className={styles.select}
            value={category}
            onChange={(e) => {
              setCategory(e.target.value as CategoryFilter);
              setPage(1);
            }}
          >
            {(['all', ...POINTS_CATEGORIES] as const).map((c) => (
              <option key={c} value={c}>
                {c === 'all' ? t('points.records.all') : t(`points.categories.${c}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {details.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : details.isError ? (
        <ErrorState messageKey={errorKey(details.error)} onRetry={() => void details.refetch()} />
      ) : details.data.items.length === 0 ? (
        <EmptyState title={t('points.details.empty')} />
      ) : (
        <>
          <table className={list.table} role="table" aria-label={t('points.details.list')}>
            <RecordHead
              columns={[
                { label: col.time },
                { label: col.category },
                { label: col.change, num: true },
                { label: col.balance, num: true },
                { label: col.about },
              ]}
            />
            <tbody role="rowgroup" aria-busy={details.isPlaceholderData || undefined}>
              {details.data.items.map((d) => (
                <tr key={d.id} role="row">
                  <td role="cell" data-label={col.time} className={list.time}>
                    <time dateTime={d.createdAt}>{merchantTime(d.createdAt)}</time>
                  </td>
                  <td role="cell" data-label={col.category}>
                    {t(`points.categories.${d.category}`)}
                  </td>
                  <td
                    role="cell"
                    data-label={col.change}
                    className={`${list.num} ${d.points < 0 ? styles.negative : styles.positive}`}
                  >
                    {signedPoints(d.points)}
                  </td>
                  <td role="cell" data-label={col.balance} className={list.num}>
                    {formatPoints(d.balance)}
                  </td>
                  <td role="cell" data-label={col.about}>
                    {about(d)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ListPager list={details.data} onChange={setPage} disabled={details.isPlaceholderData} />
        </>
      )}
    </div>
  );
}
