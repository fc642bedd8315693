import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type Mission, type MissionPeriod } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { RecordHead } from '@/components/ui/record-head';
import list from '@/components/ui/record-list.module.css';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import type { CentrePageProps } from '@/config/centres';
import { errorKey } from '@/lib/api-client';
import { merchantDay, merchantTime } from '@/lib/day-range';
import { useLeaderboard } from '../api/get-leaderboard';
import { useMissions } from '../api/get-missions';
import { Icon } from './icons';
import { ClaimOutcomeLine, useClaim } from './claim';
import { isAmountMetric, missionGoal, useMoney, useTextLanguage } from './reward-text';
import styles from './rewards.module.css';

const PERIODS: readonly MissionPeriod[] = ['daily', 'weekly'];

/**
 * Missions (spec §2 missionLeaderboard, issue 9): today's and this week's missions with my
 * progress, counted by the server from my bets and deposits; a completed one is claimed here (or
 * in the reward centre). Below, the week's leaderboard by mission points with my own rank.
 */
export default function MissionLeaderboard({ labelKey }: CentrePageProps) {
  const { t } = useTranslation();
  const missions = useMissions();
  const { busy, outcome, claim } = useClaim();

  const onClaim = (m: Mission) => {
    if (m.rewardId !== null) claim(m.id, m.rewardId);
  };

  return (
    <section className={list.page} aria-labelledby="centre-page-title">
      <h2 id="centre-page-title" className={list.title}>
        {t(labelKey)}
      </h2>
      <ClaimOutcomeLine outcome={outcome} />
      {missions.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : missions.isError ? (
        <ErrorState messageKey={errorKey(missions.error)} onRetry={() => void missions.refetch()} />
      ) : missions.data.items.length === 0 ? (
        <EmptyState title={t('rewards.missions.empty')} />
      ) : (
        PERIODS.map((period) => {
          const items = missions.data.items.filter((m) => m.period === period);
          if (items.length === 0) return null;
          const end = items[0]!.periodEnd;
          return (
            <section key={period} className={styles.section} aria-labelledby={`missions-${period}`}>
              <h3 id={`missions-${period}`} className={styles.sectionTitle}>
                {t(`rewards.missions.${period}`)}
              </h3>
              <p className={styles.muted}>{t('rewards.missions.resets', { time: merchantTime(end) })}</p>
              <ul className={styles.cards} aria-label={t(`rewards.missions.${period}_label`)}>
                {items.map((m) => (
                  <MissionCard key={m.id} mission={m} busy={busy} onClaim={() => onClaim(m)} />
                ))}
              </ul>
            </section>
          );
        })
      )}
      <Leaderboard />
    </section>
  );
}

function MissionCard({
  mission: m,
  busy,
  onClaim,
}: {
  mission: Mission;
  busy: number | null;
  onClaim: () => void;
}) {
  const { t } = useTranslation();
  const lang = useTextLanguage();
  const money = useMoney();
  const name = m.names[lang];
  const percent = Math.round((Math.min(m.progress, m.target) / m.target) * 100);
  const value = (v: number) => (isAmountMetric(m.metric) ? formatMinor(v) : String(v));
  const done = m.status !== 'in_progress';
  return (
    <li className={styles.card} aria-labelledby={`mission-${m.id}`}>
      <span className={styles.icon} aria-hidden="true" data-kind={m.status}>
        <Icon name={m.status === 'claimed' ? 'check' : m.period === 'daily' ? 'sun' : 'calendar'} />
      </span>
      <div className={styles.cardBody}>
        <p id={`mission-${m.id}`} className={styles.cardTitle}>
          {name}
        </p>
        <p className={styles.meta}>{missionGoal(t, money, m)}</p>
        <div
          className={`${styles.bar} ${done ? styles.done : ''}`}
          role="progressbar"
          aria-label={t('rewards.missions.progress_label', { name })}
          aria-valuemin={0}
          aria-valuemax={m.target}
          aria-valuenow={Math.min(m.progress, m.target)}
          aria-valuetext={t('rewards.missions.progress', {
            progress: value(m.progress),
            target: value(m.target),
          })}
        >
          <span className={styles.fill} style={{ '--progress': `${percent}%` } as CSSProperties} />
        </div>
        <p className={styles.meta}>
          <span>
            {t('rewards.missions.progress', { progress: value(m.progress), target: value(m.target) })}
          </span>
          <span>{t('rewards.missions.reward', { amount: money(m.reward) })}</span>
          {m.points > 0 ? <span>{t('rewards.missions.points', { n: m.points })}</span> : null}
        </p>
      </div>
      <div className={styles.cardEnd}>
        {m.status === 'claimable' && m.rewardId !== null ? (
          <Button
            size="s"
            disabled={busy !== null}
            aria-label={t('rewards.missions.claim_label', { name })}
            onClick={onClaim}
          >
            {t(busy === m.id ? 'rewards.centre.claiming' : 'rewards.centre.claim')}
          </Button>
        ) : (
          <span className={styles.pill} data-status={m.status}>
            {t(`rewards.statuses.${m.status}`)}
          </span>
        )}
      </div>
    </li>
  );
}

function Leaderboard() {
  const { t } = useTranslation();
  const board = useLeaderboard();
  const c = (k: string) => t(`rewards.leaderboard.columns.${k}`);
  return (
    <section className={styles.section} aria-labelledby="leaderboard-title">
      <h3 id="leaderboard-title" className={styles.sectionTitle}>
        {t('rewards.leaderboard.title')}
      </h3>
      {board.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : board.isError ? (
        <ErrorState messageKey={errorKey(board.error)} onRetry={() => void board.refetch()} />
      ) : (
        <>
          <p className={styles.muted}>
            {t('rewards.leaderboard.period', {
              from: merchantDay(new Date(board.data.weekStart)),
              // The week ends at Monday 00:00: its last day is the Sunday before.
              to: merchantDay(new Date(Date.parse(board.data.weekEnd) - 1)),
            })}
          </p>
          <p className={styles.rule}>
            {board.data.me.rank === null
              ? t('rewards.leaderboard.unranked')
              : t('rewards.leaderboard.my_rank', { rank: board.data.me.rank, points: board.data.me.points })}
          </p>
          {board.data.items.length === 0 ? (
            <EmptyState title={t('rewards.leaderboard.empty')} />
          ) : (
            <table className={list.table} role="table" aria-label={t('rewards.leaderboard.label')}>
              <RecordHead
                columns={[
                  { label: c('rank') },
                  { label: c('member') },
                  { label: c('points'), num: true },
                  { label: c('missions'), num: true },
                ]}
              />
              <tbody role="rowgroup">
                {board.data.items.map((r) => (
                  <tr
                    key={`${r.rank}-${r.account}`}
                    role="row"
                    className={r.me ? styles.mine : undefined}
                    aria-current={r.me ? 'true' : undefined}
                  >
                    <td role="cell" data-label={c('rank')}>
                      <span className={styles.rank} data-top={r.rank <= 3 ? r.rank : undefined}>
                        {r.rank}
                      </span>
                    </td>
                    <td role="cell" data-label={c('member')} className={list.lead}>
                      {r.me ? t('rewards.leaderboard.you', { account: r.account }) : r.account}
                    </td>
                    <td role="cell" data-label={c('points')} className={list.num}>
                      {r.points}
                    </td>
                    <td role="cell" data-label={c('missions')} className={list.num}>
                      {r.missions}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
