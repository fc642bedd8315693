import { useTranslation } from 'react-i18next';
import type { ActivityStatus } from '@app/contracts';
import styles from './promotions.module.css';

/** Spec §4 statuses in four looks: act now, waiting, done, closed. */
const TONE: Record<ActivityStatus, 'act' | 'wait' | 'done' | 'off'> = {
  join_now: 'act',
  claim_payout: 'act',
  issued: 'act',
  applying: 'wait',
  in_progress: 'wait',
  signed_up: 'wait',
  coming_soon: 'wait',
  claimed: 'done',
  closed: 'off',
  rejected: 'off',
};

/** An activity's status as the member sees it (spec §4 activity statuses). */
export function StatusBadge({ status }: { status: ActivityStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`${styles.badge} ${styles[TONE[status]]}`}>{t(`promotions.status.${status}`)}</span>
  );
}
