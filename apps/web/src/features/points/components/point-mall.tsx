import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { ErrorState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { usePointsBalance } from '../api/get-points-balance';
import { ConvertDialog } from './convert-dialog';
import { ExchangeRecords } from './exchange-records';
import { GoodsList } from './goods-list';
import styles from './point-mall.module.css';
import { PointsDetails } from './points-details';
import { PointsRules } from './points-rules';
import { SignInPrompt } from './sign-in-prompt';
import { formatPoints } from './shared';

/** The sections of the point mall (spec §2: goods, exchange records, points details, points rules). */
export const POINT_MALL_TABS = ['goods', 'records', 'details', 'rules'] as const;
export type PointMallTab = (typeof POINT_MALL_TABS)[number];
const isTab = (v: string | null): v is PointMallTab =>
  (POINT_MALL_TABS as readonly string[]).includes(v ?? '');

function BalanceCard({ onConvert }: { onConvert: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const balance = usePointsBalance(session.isLoggedIn);
  if (!session.isLoggedIn) {
    return (
      <section className={styles.balance} aria-labelledby="points-balance-title">
        <h2 id="points-balance-title" className={styles.balanceTitle}>
          {t('points.balance.title')}
        </h2>
        <SignInPrompt text={t('points.balance.guest')} />
      </section>
    );
  }
  return (
    <section className={styles.balance} aria-labelledby="points-balance-title" aria-busy={balance.isFetching}>
      <h2 id="points-balance-title" className={styles.balanceTitle}>
        {t('points.balance.title')}
      </h2>
      {balance.isError ? (
        <ErrorState messageKey={errorKey(balance.error)} onRetry={() => void balance.refetch()} />
      ) : (
        <>
          <p className={styles.balanceValue}>
            <output aria-label={t('points.balance.title')}>
              {balance.data ? formatPoints(balance.data.balance) : '…'}
            </output>
          </p>
          <dl className={styles.balanceFacts}>
            <div>
              <dt>{t('points.balance.pending')}</dt>
              <dd>{balance.data ? formatPoints(balance.data.pending) : '…'}</dd>
            </div>
            <div>
              <dt>{t('points.balance.earned')}</dt>
              <dd>{balance.data ? formatPoints(balance.data.earned) : '…'}</dd>
            </div>
            <div>
              <dt>{t('points.balance.spent')}</dt>
              <dd>{balance.data ? formatPoints(balance.data.spent) : '…'}</dd>
            </div>
          </dl>
          <div className={styles.balanceActions}>
            <Button onClick={onConvert}>{t('points.balance.convert')}</Button>
            <Button variant="secondary" onClick={() => void balance.refetch()} disabled={balance.isFetching}>
              {t('points.balance.refresh')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The point mall (/pointMall, issue 9): my points, then the goods, my exchange records, my points
 * details and the rules as tabs (the address keeps the tab: ?tab=records). Guests see the goods and
 * the rules and are asked to sign in for the rest.
 */
export function PointMall() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: PointMallTab = isTab(raw) ? raw : 'goods';
  const [converting, setConverting] = useState(false);
  const tabRefs = useRef<Partial<Record<PointMallTab, HTMLButtonElement | null>>>({});

  const select = (next: PointMallTab, focus = false) => {
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'goods') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true },
    );
    if (focus) tabRefs.current[next]?.focus();
  };
  // WAI-ARIA tabs: arrows move along the tab list, Home and End to its ends.
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const i = POINT_MALL_TABS.indexOf(tab);
    const last = POINT_MALL_TABS.length - 1;
    const to =
      e.key === 'ArrowRight'
        ? (i + 1) % POINT_MALL_TABS.length
        : e.key === 'ArrowLeft'
          ? (i + last) % POINT_MALL_TABS.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? last
              : null;
    if (to === null) return;
    e.preventDefault();
    select(POINT_MALL_TABS[to]!, true);
  };

  return (
    <Page title={t('pages.pointMall.title')}>
      <div className={styles.mall}>
        <p className={styles.intro}>{t('points.intro')}</p>
        <BalanceCard onConvert={() => setConverting(true)} />
        <div className={styles.tabs} role="tablist" aria-label={t('points.tabs.label')} onKeyDown={onKey}>
          {POINT_MALL_TABS.map((id) => (
            <button
              key={id}
              ref={(el) => {
                tabRefs.current[id] = el;
              }}
              type="button"
              role="tab"
              id={`points-tab-${id}`}
              aria-controls={`points-panel-${id}`}
              aria-selected={tab === id}
              tabIndex={tab === id ? 0 : -1}
              className={styles.tab}
              onClick={() => select(id)}
            >
              {t(`points.tabs.${id}`)}
            </button>
          ))}
        </div>
        <div
          className={styles.panel}
          role="tabpanel"
          id={`points-panel-${tab}`}
          aria-labelledby={`points-tab-${tab}`}
        >
          {tab === 'goods' ? <GoodsList /> : null}
          {tab === 'records' ? <ExchangeRecords /> : null}
          {tab === 'details' ? <PointsDetails /> : null}
          {tab === 'rules' ? <PointsRules /> : null}
        </div>
      </div>
      {converting ? <ConvertDialog onClose={() => setConverting(false)} /> : null}
    </Page>
  );
}
