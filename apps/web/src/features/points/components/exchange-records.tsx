import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXCHANGE_STATUSES, EXCHANGE_TYPES, type ExchangeRecord } from '@app/contracts';
import { ListPager } from '@/components/ui/list-pager';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useSession } from '@/lib/session';
import { useExchangeRecords } from '../api/get-exchange-records';
import styles from './point-mall.module.css';
import { SignInPrompt } from './sign-in-prompt';
import { formatPoints, signedPoints, useLocalized, useMoney } from './shared';

type StatusFilter = (typeof EXCHANGE_STATUSES)[number] | 'all';
type TypeFilter = (typeof EXCHANGE_TYPES)[number] | 'all';

function RecordCard({ r }: { r: ExchangeRecord }) {
  const { t } = useTranslation();
  const localized = useLocalized();
  const { money } = useMoney();
  const item = r.itemName ? localized(r.itemName) : t('points.records.convert_item');
  const none = t('points.records.none');
  // Spec §3: every field of the exchange record, in its order.
  // [key, value, class of the value, the field takes a whole row]
  const fields: [key: string, value: string, className?: string, wide?: boolean][] = [
    ['transaction_no', r.transactionNo, undefined, true],
    ['applied_at', merchantTime(r.appliedAt)],
    ['type', t(`points.type.${r.type}`)],
    ['item', item],
    ['quantity', String(r.quantity)],
    ['points', formatPoints(r.points)],
    ['amount', r.amount === null ? none : money(r.amount)],
    ['change', signedPoints(r.pointsChange), styles.negative],
    ['balance', formatPoints(r.pointsBalance)],
    ['remark', r.remark ?? none],
    ['bet_unit', r.betUnit === null ? none : money(r.betUnit)],
    ['ratio', r.pointsRatio === null ? none : formatPoints(r.pointsRatio)],
  ];
  if (r.address) fields.push(['address', r.address, undefined, true]);
  if (r.decidedAt) fields.push(['decided_at', merchantTime(r.decidedAt)]);
  return (
    <li className={styles.recordCard} aria-label={r.transactionNo}>
      <div className={styles.recordHead}>
        <span className={styles.recordItem}>{item}</span>
        <span className={styles.status} data-status={r.status}>
          {t(`points.status.${r.status}`)}
        </span>
      </div>
      <dl className={styles.recordFields}>
        {fields.map(([key, value, className, wide]) => (
          <div key={key} className={wide ? styles.wide : undefined}>
            <dt>{t(`points.records.fields.${key}`)}</dt>
            <dd className={className}>{value}</dd>
          </div>
        ))}
        <div>
          <dt>{t('points.records.fields.status')}</dt>
          <dd>{t(`points.status.${r.status}`)}</dd>
        </div>
      </dl>
    </li>
  );
}

/** My exchange records (spec §3): redemptions and conversions, newest first, by status and type. */
export function ExchangeRecords() {
  const { t } = useTranslation();
  const session = useSession();
  const [status, setStatus] = useState<StatusFilter>('all');
  const [type, setType] = useState<TypeFilter>('all');
  const [page, setPage] = useState(1);
  const records = useExchangeRecords({ status, type, page, pageSize: 10 }, session.isLoggedIn);
  if (!session.isLoggedIn) return <SignInPrompt text={t('points.records.guest')} />;

  return (
    <div className={styles.section}>
      <div className={styles.filters}>
        <div className={styles.filter}>
          <label htmlFor="points-record-status">{t('points.records.status_filter')}</label>
          <select
            id="points-record-status"
            className={styles.select}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(1);
            }}
          >
            {(['all', ...EXCHANGE_STATUSES] as const).map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('points.records.all') : t(`points.status.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className={styles.filter}>
          <label htmlFor="points-record-type">{t('points.records.type_filter')}</label>
          <select
            id="points-record-type"
            className={styles.select}
            value={type}
            onChange={(e) => {
              setType(e.target.value as TypeFilter);
              setPage(1);
            }}
          >
            {(['all', ...EXCHANGE_TYPES] as const).map((s) => (
              <option key={s} value={s}>
                {s === 'all' ? t('points.records.all') : t(`points.type.${s}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {records.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : records.isError ? (
        <ErrorState messageKey={errorKey(records.error)} onRetry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <EmptyState title={t('points.records.empty')} />
      ) : (
        <>
          <ul
            className={styles.records}
            aria-label={t('points.records.list')}
            aria-busy={records.isPlaceholderData || undefined}
          >
            {records.data.items.map((r) => (
              <RecordCard key={r.id} r={r} />
            ))}
          </ul>
          <ListPager list={records.data} onChange={setPage} disabled={records.isPlaceholderData} />
        </>
      )}
    </div>
  );
}
