import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Reward, type RewardSource } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { ListPager } from '@/components/ui/list-pager';
import { RecordHead } from '@/components/ui/record-head';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useRewardSummary } from '../api/get-reward-summary';
import { useRewards } from '../api/get-rewards';
import { Icon, type IconName } from './icons';
import { ClaimOutcomeLine, useClaim } from './claim';
import { RedEnvelopes } from './red-envelopes';
import { rewardTitle, useMoney, useTextLanguage } from './reward-text';
import { SectionTabs } from './section-tabs';
import styles from './rewards.module.css';

type Tab = 'claimable' | 'history' | 'envelopes';

/** The sign of each source (decoration only). */
const SOURCE_ICON: Record<RewardSource, IconName> = { mission: 'target', referral: 'friends', grant: 'gift' };

/**
 * The reward centre (spec §2 rewardCenter, issue 9): my claimable rewards (missions completed,
 * friends who qualified, the operator's gifts) with a claim button each, their history (claimed,
 * expired), and the red envelopes I received, opened here.
 */
export default function RewardCenter({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('claimable');
  const summary = useRewardSummary();
  return (
    <section className={list.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={list.title}>
        {t(labelKey)}
      </h2>
      <SectionTabs
        id="reward-centre"
        label={t('rewards.centre.tabs_label')}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'claimable', label: t('rewards.centre.tab_claimable'), count: summary.data?.claimable },
          { key: 'history', label: t('rewards.centre.tab_history') },
          { key: 'envelopes', label: t('rewards.centre.tab_envelopes'), count: summary.data?.envelopes },
        ]}
      >
        {tab === 'claimable' ? (
          <ClaimableRewards />
        ) : tab === 'history' ? (
          <RewardHistory />
        ) : (
          <RedEnvelopes />
        )}
      </SectionTabs>
    </section>
  );
}

function ClaimableRewards() {
  const { t } = useTranslation();
  const lang = useTextLanguage();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const rewards = useRewards('claimable', page);
  const { busy, outcome, claim } = useClaim();

  const onClaim = (r: Reward) => claim(r.id, r.id);

  if (rewards.isPending) return <LoadingState label={t('common.loading')} />;
  if (rewards.isError)
    return <ErrorState messageKey={errorKey(rewards.error)} onRetry={() => void rewards.refetch()} />;
  const data = rewards.data;
  return (
    <div className={list.page}>
      <dl className={list.totals} aria-label={t('rewards.centre.totals_label')}>
        <div>
          <dt>{t('rewards.centre.total')}</dt>
          <dd>{formatMinor(data.claimableAmount)}</dd>
        </div>
        <div>
          <dt>{t('rewards.centre.count')}</dt>
          <dd>{data.total}</dd>
        </div>
      </dl>
      <ClaimOutcomeLine outcome={outcome} />
      {data.items.length === 0 ? (
        <EmptyState title={t('rewards.centre.empty')} />
      ) : (
        <ul className={styles.cards} aria-label={t('rewards.centre.list_label')}>
          {data.items.map((r) => {
            const title = rewardTitle(t, r, lang);
            return (
              <li
                key={r.id}
                className={styles.card}
                aria-label={t('rewards.centre.item_label', { title, amount: money(r.amount) })}
              >
                <span className={styles.icon} aria-hidden="true">
                  <Icon name={SOURCE_ICON[r.source]} />
                </span>
                <div className={styles.cardBody}>
                  <p className={styles.cardTitle}>{title}</p>
                  <p className={styles.meta}>
                    <span>{t(`rewards.sources.${r.source}`)}</span>
                    <span>
                      {r.expiresAt
                        ? t('rewards.centre.expires', { time: merchantTime(r.expiresAt) })
                        : t('rewards.centre.no_expiry')}
                    </span>
                  </p>
                </div>
                <div className={styles.cardEnd}>
                  <span className={styles.amount}>{money(r.amount)}</span>
                  <Button
                    size="s"
                    disabled={busy !== null}
                    aria-label={t('rewards.centre.claim_label', { title })}
                    onClick={() => onClaim(r)}
                  >
                    {t(busy === r.id ? 'rewards.centre.claiming' : 'rewards.centre.claim')}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ListPager list={data} onChange={setPage} disabled={rewards.isPlaceholderData} />
    </div>
  );
}

function RewardHistory() {
  const { t } = useTranslation();
  const lang = useTextLanguage();
  const [page, setPage] = useState(1);
  const rewards = useRewards('history', page);
  if (rewards.isPending) return <LoadingState label={t('common.loading')} />;
  if (rewards.isError)
    return <ErrorState messageKey={errorKey(rewards.error)} onRetry={() => void rewards.refetch()} />;
  const data = rewards.data;
  const c = (k: string) => t(`rewards.centre.columns.${k}`);
  return (
    <div className={list.page}>
      {data.items.length === 0 ? (
        <EmptyState title={t('rewards.centre.history_empty')} />
      ) : (
        <table className={list.table} role="table" aria-label={t('rewards.centre.history_label')}>
          <RecordHead
            columns={[
              { label: c('time') },
              { label: c('reward') },
              { label: c('source') },
              { label: c('amount'), num: true },
              { label: c('status') },
            ]}
          />
          <tbody role="rowgroup" aria-busy={rewards.isPlaceholderData || undefined}>
            {data.items.map((r) => {
              const at = r.claimedAt ?? r.expiresAt ?? r.createdAt;
              return (
                <tr key={r.id} role="row">
                  <td role="cell" data-label={c('time')} className={list.time}>
                    <time dateTime={at}>{merchantTime(at)}</time>
                  </td>
                  <td role="cell" data-label={c('reward')} className={list.lead}>
                    {rewardTitle(t, r, lang)}
                  </td>
                  <td role="cell" data-label={c('source')}>
                    {t(`rewards.sources.${r.source}`)}
                  </td>
                  <td role="cell" data-label={c('amount')} className={list.num}>
                    {formatMinor(r.amount)}
                  </td>
                  <td role="cell" data-label={c('status')}>
                    <span className={styles.pill} data-status={r.status}>
                      {t(`rewards.statuses.${r.status}`)}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <ListPager list={data} onChange={setPage} disabled={rewards.isPlaceholderData} />
    </div>
  );
}
