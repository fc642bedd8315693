import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor, type LotteryKind } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { errorKey } from '@/lib/api-client';
import { useCancelLotteryBet } from '../api/cancel-bet';
import { useCancelLotteryChase } from '../api/cancel-chase';
import { useLotteryBets } from '../api/get-bets';
import { formatSelection } from '../slip';
import { useTokenLabel } from './picker';
import styles from './lottery-page.module.css';

export const MY_BETS_PAGE_SIZE = 10;

/** "My bets" of one game (newest first: this period and the recent ones) with Cancel while open. */
export function MyBets({
  gameCode,
  kind,
  loggedIn,
}: {
  gameCode: string;
  kind: LotteryKind;
  loggedIn: boolean;
}) {
  const { t } = useTranslation();
  const bets = useLotteryBets({ gameCode, pageSize: MY_BETS_PAGE_SIZE }, { enabled: loggedIn });
  const cancel = useCancelLotteryBet();
  const cancelChase = useCancelLotteryChase();
  const label = useTokenLabel(kind);
  const [note, setNote] = useState<{ key: string; error: boolean } | null>(null);

  const done = {
    onSuccess: () => setNote({ key: 'lottery.my_bets.cancelled', error: false }),
    onError: (e: unknown) => setNote({ key: errorKey(e), error: true }),
  };

  return (
    <section className={styles.section} aria-labelledby="lottery-my-bets">
      <h2 id="lottery-my-bets" className={styles.sectionTitle}>
        {t('lottery.my_bets.title')}
      </h2>
      {!loggedIn ? (
        <p className={styles.muted}>{t('lottery.my_bets.login')}</p>
      ) : bets.data && bets.data.items.length === 0 ? (
        <p className={styles.muted}>{t('lottery.my_bets.empty')}</p>
      ) : (
        <ul className={styles.bets} data-testid="lottery-my-bets">
          {(bets.data?.items ?? []).map((bet) => (
            <li key={bet.id} className={styles.bet} data-state={bet.state} data-bet-id={bet.id}>
              <div className={styles.betMain}>
                <span className={styles.betTitle}>
                  {t(`lottery.play_types.${bet.playType}`)} ·{' '}
                  {t('lottery.period.numero', { numero: bet.numero })}
                </span>
                <span className={styles.picks}>
                  {formatSelection(bet.selection.map((r) => r.map(label)))}
                </span>
                <span className={styles.muted}>
                  {t('lottery.my_bets.stake')} {formatMinor(bet.stake)} · {t('lottery.my_bets.payout')}{' '}
                  {formatMinor(bet.payout)}
                </span>
              </div>
              <div className={styles.betSide}>
                <span className={`${styles.state} ${styles[`state_${bet.state}`] ?? ''}`}>
                  {t(`lottery.states.${bet.state}`)}
                </span>
                {bet.cancellable ? (
                  <Button
                    variant="secondary"
                    size="s"
                    disabled={cancel.isPending}
                    onClick={() => {
                      setNote(null);
                      cancel.mutate(bet.id, done);
                    }}
                  >
                    {t('lottery.my_bets.cancel')}
                  </Button>
                ) : null}
                {bet.chaseId !== null && bet.state === 'pending' ? (
                  <Button
                    variant="ghost"
                    size="s"
                    disabled={cancelChase.isPending}
                    onClick={() => {
                      setNote(null);
                      cancelChase.mutate(bet.chaseId!, done);
                    }}
                  >
                    {t('lottery.my_bets.cancel_chase')}
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {note ? (
        <p className={note.error ? styles.error : styles.ok} role={note.error ? 'alert' : 'status'}>
          {t(note.key)}
        </p>
      ) : null}
    </section>
  );
}
