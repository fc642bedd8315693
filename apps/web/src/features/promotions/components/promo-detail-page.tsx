import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { PromoDetail } from '@app/contracts';
import { Page } from '@/components/ui/page';
import { SafeHtml } from '@/components/ui/safe-html';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { errorKey, isApiError } from '@/lib/api-client';
import { useLanguageStore } from '@/lib/i18n';
import { usePromotion } from '../api/get-promotion';
import { formatWhen, useBonusText, useMoney } from './format';
import { PromoAction } from './promo-action';
import { PromoBanner } from './promo-banner';
import { SentApplication } from './sent-application';
import { StatusBadge } from './status-badge';
import styles from './promotions.module.css';

function Rules({ d }: { d: PromoDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const bonusText = useBonusText();
  const rows: [string, string][] = [
    [
      t('promotions.detail.signup'),
      t('promotions.card.period', { from: formatWhen(d.signupFrom), to: formatWhen(d.signupTo) }),
    ],
    [
      t('promotions.detail.run'),
      t('promotions.card.period', { from: formatWhen(d.runFrom), to: formatWhen(d.runTo) }),
    ],
    [t('promotions.detail.claim_to'), formatWhen(d.claimTo)],
    [
      t('promotions.detail.audience'),
      d.audience === 'newbie'
        ? t('promotions.detail.audience_newbie', { days: d.newbieDays })
        : t(`promotions.detail.audience_${d.audience}`),
    ],
    [
      t('promotions.detail.min_deposit'),
      d.minDeposit > 0 ? money(d.minDeposit) : t('promotions.detail.none'),
    ],
    [t('promotions.detail.turnover'), d.turnover > 0 ? money(d.turnover) : t('promotions.detail.none')],
  ];
  if (d.turnover > 0)
    rows.push([
      t('promotions.detail.verticals'),
      d.verticals
        ? d.verticals.map((v) => t(`promotions.vertical.${v}`)).join(', ')
        : t('promotions.detail.all_games'),
    ]);
  rows.push([
    d.kind === 'raffle' ? t('promotions.detail.prize') : t('promotions.detail.bonus'),
    d.bonus.type === 'fixed' ? money(d.bonus.amount ?? 0) : bonusText(d.bonus, d.kind),
  ]);
  if (d.raffle)
    rows.push(
      [t('promotions.detail.winners'), String(d.raffle.winners)],
      [
        t('promotions.detail.draw'),
        d.raffle.drawnAt
          ? t('promotions.detail.drawn', { date: formatWhen(d.raffle.drawnAt) })
          : t('promotions.detail.draw_after', { date: formatWhen(d.runTo) }),
      ],
    );
  else
    rows.push([
      t('promotions.detail.approval'),
      t(d.approval ? 'promotions.detail.approval_on' : 'promotions.detail.approval_off'),
    ]);
  rows.push([t('promotions.detail.limit'), String(d.maxEntries)]);
  return (
    <section className={styles.panel} aria-labelledby="promo-rules-title">
      <h2 id="promo-rules-title" className={styles.sectionTitle}>
        {t('promotions.detail.rules')}
      </h2>
      <dl className={styles.rules}>
        {rows.map(([k, v], i) => (
          <div key={i}>
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Progress({ d }: { d: PromoDetail }) {
  const { t } = useTranslation();
  const money = useMoney();
  const entry = d.me?.entry;
  if (!entry || entry.state !== 'joined') return null;
  const bars: [string, number, number][] = [];
  if (d.minDeposit > 0) bars.push([t('promotions.progress.deposit'), entry.deposit, d.minDeposit]);
  if (d.turnover > 0) bars.push([t('promotions.progress.turnover'), entry.turnover, d.turnover]);
  return (
    <section className={styles.panel} aria-labelledby="promo-progress-title">
      <h2 id="promo-progress-title" className={styles.sectionTitle}>
        {t('promotions.progress.title')}
      </h2>
      {bars.map(([label, value, target], i) => (
        <div key={label} className={styles.bar}>
          <label htmlFor={`promo-bar-${i}`} className={styles.barLabel}>
            <span>{label}</span>
            <span>{t('promotions.progress.of', { value: money(value), target: money(target) })}</span>
          </label>
          <progress id={`promo-bar-${i}`} max={target} value={Math.min(value, target)} />
        </div>
      ))}
      <dl className={styles.rules}>
        {d.kind === 'bonus' ? (
          <div>
            <dt>{t('promotions.progress.bonus')}</dt>
            <dd>{money(entry.amount)}</dd>
          </div>
        ) : null}
        {d.maxEntries > 1 ? (
          <div>
            <dt>{t('promotions.detail.limit')}</dt>
            <dd>{t('promotions.progress.entries', { used: d.me?.entriesUsed ?? 0, max: d.maxEntries })}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

/** Promotion detail (/promoDetail?id=…): the activity, what I can do now, its rules and content. */
export function PromoDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const language = useLanguageStore((s) => s.code);
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const promo = usePromotion(id, language);
  const back = (
    <Link to={paths.promotions} className={styles.back}>
      {t('promotions.detail.back')}
    </Link>
  );

  if (id === 0 || (promo.isError && isApiError(promo.error) && promo.error.code === 'NOT_FOUND'))
    return (
      <Page title={t('pages.promoDetail.title')}>
        <EmptyState title={t('pages.promoDetail.empty')}>{back}</EmptyState>
      </Page>
    );
  if (promo.isPending)
    return (
      <Page title={t('pages.promoDetail.title')}>
        <LoadingState label={t('common.loading')} />
      </Page>
    );
  if (promo.isError)
    return (
      <Page title={t('pages.promoDetail.title')}>
        <ErrorState messageKey={errorKey(promo.error)} onRetry={() => void promo.refetch()} />
      </Page>
    );
  const d = promo.data;
  return (
    <Page title={d.title} actions={back}>
      <div className={styles.detail}>
        <div className={styles.detailMain}>
          <PromoBanner category={d.category} bonus={d.bonus} kind={d.kind} large />
          <div className={styles.meta}>
            <StatusBadge status={d.status} />
            {d.tags.map((tag) => (
              <span key={tag} className={styles.tag}>
                {t(`promotions.tag.${tag}`)}
              </span>
            ))}
          </div>
          {d.summary ? <p className={styles.summary}>{d.summary}</p> : null}
          <PromoAction d={d} />
          <Progress d={d} />
          {d.me?.entry ? <SentApplication entry={d.me.entry} /> : null}
          {d.content ? (
            <section className={styles.panel} aria-labelledby="promo-content-title">
              <h2 id="promo-content-title" className={styles.sectionTitle}>
                {t('promotions.detail.content')}
              </h2>
              <SafeHtml html={d.content} images className={styles.content} />
            </section>
          ) : null}
        </div>
        <div className={styles.detailSide}>
          <Rules d={d} />
        </div>
      </div>
    </Page>
  );
}
