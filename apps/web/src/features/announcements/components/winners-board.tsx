import { useTranslation } from 'react-i18next';
import { formatMinor, WINNER_DAYS_DEFAULT, type BetVertical } from '@app/contracts';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { merchantTime } from '@/lib/day-range';
import { useStatus } from '@/lib/status';
import { useWinners } from '../api/get-winners';
import { useAnnouncementTexts } from '../use-texts';
import styles from './winners-board.module.css';

/** A bet's vertical in the header's words (the base catalogue's game-type names). */
const VERTICAL_KEYS: Record<BetVertical, string> = {
  lottery: 'nav.games.lott',
  slots: 'nav.games.rng',
  live: 'nav.games.live',
  sports: 'nav.games.sports',
  esports: 'nav.games.esports',
  fish: 'nav.games.fish',
  card: 'nav.games.pvp',
};

/**
 * The winners board (spec §2 "winners board", §7 winner rank list): the biggest real wins of the
 * last days from settled bets, accounts masked on the server, refreshed every minute.
 */
export default function WinnersBoard() {
  const { t } = useTranslation();
  const ready = useAnnouncementTexts();
  const winners = useWinners();
  const currency = useStatus().data?.merchant.currency ?? '';
  if (!ready) return null;
  const days = winners.data?.days ?? WINNER_DAYS_DEFAULT;
  return (
    <section className={styles.board} aria-labelledby="home-winners">
      <h2 id="home-winners" className={styles.title}>
        {t('announcements.winners.title')}
      </h2>
      {winners.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : winners.isError && !winners.data ? (
        <ErrorState messageKey={errorKey(winners.error)} onRetry={() => void winners.refetch()} />
      ) : winners.data.items.length === 0 ? (
        <EmptyState title={t('announcements.winners.empty')} />
      ) : (
        <div className={styles.scroll}>
          <table className={styles.table}>
            <caption className={styles.caption}>
              {t('announcements.winners.caption', { days })}
              <span className={styles.updated}>
                {t('announcements.winners.updated', { time: merchantTime(winners.data.updatedAt) })}
              </span>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('announcements.winners.rank')}</th>
                <th scope="col">{t('announcements.winners.player')}</th>
                <th scope="col">{t('announcements.winners.game')}</th>
                <th scope="col" className={styles.amount}>
                  {t('announcements.winners.amount', { currency })}
                </th>
              </tr>
            </thead>
            <tbody>
              {winners.data.items.map((w) => (
                <tr key={`${w.rank}-${w.settledAt}`}>
                  <td className={styles.rank}>{w.rank}</td>
                  <td>{w.account}</td>
                  <td className={styles.game}>{w.game ?? t(VERTICAL_KEYS[w.vertical])}</td>
                  <td className={styles.amount}>{formatMinor(w.amount)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
