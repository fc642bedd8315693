import { useTranslation } from 'react-i18next';
import type { CentreBadgeProps } from '@/config/centres';
import { useRewardSummary } from '../api/get-reward-summary';
import styles from './centre-badge.module.css';

/** More than this shows as "99+". */
const BADGE_MAX = 99;

/**
 * The count beside a personal-centre menu entry (spec §2: missionLeaderboard "shows a count badge
 * when missions are available"): missions completed and waiting to be claimed; for the reward
 * centre, every claimable reward and unopened red envelope. Nothing when there is nothing waiting.
 * The number is read out with the entry's name ("Missions (2 waiting)").
 */
export default function CentreBadge({ page }: CentreBadgeProps) {
  const { t } = useTranslation();
  const summary = useRewardSummary();
  if (!summary.data) return null;
  const n =
    page === 'missionLeaderboard' ? summary.data.missions : summary.data.claimable + summary.data.envelopes;
  if (n <= 0) return null;
  return (
    <>
      <span className={styles.count} aria-hidden="true">
        {n > BADGE_MAX ? `${BADGE_MAX}+` : n}
      </span>{' '}
      <span className="visually-hidden">{t('rewards.badge.waiting', { n })}</span>
    </>
  );
}
