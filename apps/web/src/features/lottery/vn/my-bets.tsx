import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';

import { useCancelLotteryBet } from '../api/cancel-bet';
import { useLotteryBets } from '../api/get-bets';
import { lotteryKeys } from '../api/keys';
import { formatSelection } from '../slip';
import { playTypeName } from './play-types';
import styles from './vn.module.css';

/** My bets of a VN game (newest first): numbers, stake, state, payout; cancel while the period is open. */
export function VnMyBets({ gameCode, enabled }: { gameCode: string; enabled: boolean }) {
  const { t } = useTranslation();
  const bets = useLotteryBets({ gameCode, pageSize: 20 }, { enabled });
  const cancel = useCancelLotteryBet();
  const queryClient = useQueryClient();
  // A bet of mine settled (the draw happened): the period, its countdown and the sheets ask again.
  const pending = useRef<Set<number> | null>(null);
  const items = bets.data?.items;
  useEffect(() => {
    if (!items) return;
    const now = new Set(items.filter((b) => b.state === 'pending').map((b) => b.id));
    const before = pending.current;
    pending.current = now;
    if (before && [...before].some((id) => !now.has(id)))
      void queryClient.invalidateQueries({ queryKey: lotteryKeys.all });
  }, [items, queryClient]);
  if (!enabled) return <EmptyState title={t('vnlottery.bets.login')} />;
  if (bets.isPending) return <LoadingState label={t('common.loading')} />;
  if (bets.isError) return <EmptyState title={t(errorKey(bets.error))} />;
  if (bets.data.items.length === 0) return <EmptyState title={t('vnlottery.bets.none')} />;
  return (
    <ul className={styles.bets} aria-label={t('vnlottery.bets.title')}>
      {bets.data.items.map((b) => (
        <li key={b.id} className={styles.bet}>
          <div className={styles.betHead}>
            <strong>{t(playTypeName(b.playType))}</strong>
            <span className={styles.betState} data-state={b.state}>
              {t(`vnlottery.bets.state.${b.state}`)}
            </span>
          </div>
          <p className={styles.betNumbers}>{formatSelection(b.selection)}</p>
          <p className={styles.betFigures}>
            {t('vnlottery.bets.figures', {
              numero: b.numero,
              stake: formatMinor(b.stake),
              payout: formatMinor(b.payout),
            })}
          </p>
          {b.cancellable ? (
            <Button
              size="s"
              variant="secondary"
              disabled={cancel.isPending}
              onClick={() => cancel.mutate(b.id)}
            >
              {t('vnlottery.bets.cancel')}
            </Button>
          ) : null}
        </li>
      ))}
      {cancel.isError ? (
        <li role="alert" className={styles.error}>
          {t(errorKey(cancel.error))}
        </li>
      ) : null}
    </ul>
  );
}
