import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ListPager } from '@/components/ui/list-pager';
import { RecordHead } from '@/components/ui/record-head';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { loadChunk } from '@/lib/chunk';
import { merchantTime } from '@/lib/day-range';
import { useUiStore } from '@/lib/ui-store';
import { useReferral } from '../api/get-referral';
import { useReferralFriends } from '../api/get-referral-friends';
import { useMoney } from './reward-text';
import styles from './rewards.module.css';

// The QR drawing (and the qrcode package) is its own chunk, fetched when the link is on screen.
const QrCode = lazy(() => loadChunk(() => import('@/components/ui/qr-code')));

/**
 * Invite friends (spec §2 referral, issue 9): my referral code and link (copy, QR code), the
 * merchant's rule, what my invitations brought, and the friends who registered with my link.
 */
export default function ReferralPage({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const referral = useReferral();
  return (
    <section className={list.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={list.title}>
        {t(labelKey)}
      </h2>
      {referral.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : referral.isError ? (
        <ErrorState messageKey={errorKey(referral.error)} onRetry={() => void referral.refetch()} />
      ) : (
        <>
          <ShareLink code={referral.data.code} url={referral.data.url} />
          <Rule rule={referral.data.rule} />
          <Totals
            invited={referral.data.invited}
            qualified={referral.data.qualified}
            earned={referral.data.earned}
            claimable={referral.data.claimable}
          />
          <Friends />
        </>
      )}
    </section>
  );
}

function ShareLink({ code, url }: { code: string; url: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('ok');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <section className={styles.section} aria-labelledby="referral-share-title">
      <h3 id="referral-share-title" className={styles.sectionTitle}>
        {t('rewards.referral.share_title')}
      </h3>
      <div className={styles.share}>
        <div className={styles.shareInfo}>
          <dl className={styles.shareInfo}>
            <div>
              <dt className={styles.muted}>{t('rewards.referral.code')}</dt>
              <dd className={styles.code}>{code}</dd>
            </div>
            <div>
              <dt className={styles.muted}>{t('rewards.referral.link')}</dt>
              <dd>
                <span className={styles.url}>{url}</span>
              </dd>
            </div>
          </dl>
          <div className={styles.actions}>
            <Button size="s" onClick={() => void copy()}>
              {t('rewards.referral.copy')}
            </Button>
            <span className={copied === 'failed' ? styles.error : styles.ok} role="status">
              {copied ? t(copied === 'ok' ? 'rewards.referral.copied' : 'rewards.referral.copy_failed') : ''}
            </span>
          </div>
        </div>
        <div className={styles.qr}>
          <Suspense fallback={null}>
            <QrCode text={url} label={t('rewards.referral.qr_label')} />
          </Suspense>
        </div>
      </div>
    </section>
  );
}

function Rule({ rule }: { rule: { minDeposit: number; reward: number; claimDays: number | null } | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <section className={styles.section} aria-labelledby="referral-rule-title">
      <h3 id="referral-rule-title" className={styles.sectionTitle}>
        {t('rewards.referral.rule_title')}
      </h3>
      {rule ? (
        <>
          <p className={styles.rule}>
            {t('rewards.referral.rule', { min: money(rule.minDeposit), reward: money(rule.reward) })}
            {rule.claimDays ? ` ${t('rewards.referral.rule_days', { days: rule.claimDays })}` : ''}
          </p>
          <p className={styles.muted}>{t('rewards.referral.own_network')}</p>
        </>
      ) : (
        <p className={styles.rule}>{t('rewards.referral.no_rule')}</p>
      )}
    </section>
  );
}

function Totals(p: { invited: number; qualified: number; earned: number; claimable: number }) {
  const { t } = useTranslation();
  const money = useMoney();
  const setPage = useUiStore((s) => s.setPanelPage);
  return (
    <>
      <dl className={`${list.totals} ${styles.fourTotals}`} aria-label={t('rewards.referral.stats_label')}>
        <div>
          <dt>{t('rewards.referral.invited')}</dt>
          <dd>{p.invited}</dd>
        </div>
        <div>
          <dt>{t('rewards.referral.qualified')}</dt>
          <dd>{p.qualified}</dd>
        </div>
        <div>
          <dt>{t('rewards.referral.earned')}</dt>
          <dd>{money(p.earned)}</dd>
        </div>
        <div>
          <dt>{t('rewards.referral.waiting')}</dt>
          <dd>{money(p.claimable)}</dd>
        </div>
      </dl>
      {p.claimable > 0 ? (
        <div className={styles.actions}>
          <Button variant="secondary" size="s" onClick={() => setPage('personal', 'rewardCenter')}>
            {t('rewards.referral.go_claim')}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function Friends() {
  const { t } = useTranslation();
  const money = useMoney();
  const [page, setPage] = useState(1);
  const friends = useReferralFriends(page);
  const c = (k: string) => t(`rewards.referral.columns.${k}`);
  return (
    <section className={styles.section} aria-labelledby="referral-friends-title">
      <h3 id="referral-friends-title" className={styles.sectionTitle}>
        {t('rewards.referral.friends_title')}
      </h3>
      {friends.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : friends.isError ? (
        <ErrorState messageKey={errorKey(friends.error)} onRetry={() => void friends.refetch()} />
      ) : friends.data.items.length === 0 ? (
        <EmptyState title={t('rewards.referral.friends_empty')} />
      ) : (
        <>
          <table className={list.table} role="table" aria-label={t('rewards.referral.friends_label')}>
            <RecordHead
              columns={[
                { label: c('account') },
                { label: c('registered') },
                { label: c('status') },
                { label: c('reward') },
              ]}
            />
            <tbody role="rowgroup" aria-busy={friends.isPlaceholderData || undefined}>
              {friends.data.items.map((f, i) => (
                <tr key={`${f.account}-${f.registeredAt}-${i}`} role="row">
                  <td role="cell" data-label={c('account')} className={list.lead}>
                    {f.account}
                  </td>
                  <td role="cell" data-label={c('registered')} className={list.time}>
                    <time dateTime={f.registeredAt}>{merchantTime(f.registeredAt)}</time>
                  </td>
                  <td role="cell" data-label={c('status')}>
                    <span className={styles.pill} data-status={f.status}>
                      {t(`rewards.referral.friend_status.${f.status}`)}
                    </span>
                  </td>
                  <td role="cell" data-label={c('reward')}>
                    {f.reward === null
                      ? '—'
                      : `${money(f.reward)} · ${t(`rewards.statuses.${f.rewardStatus ?? 'claimable'}`)}`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ListPager list={friends.data} onChange={setPage} disabled={friends.isPlaceholderData} />
        </>
      )}
    </section>
  );
}
