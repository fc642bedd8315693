import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { usePopular } from '../api/get-popular';
import { Countdown } from '../components/countdown';
import { CompactResult } from '../vn/compact-result';
import { playPath } from '../vn/links';
import styles from './popular.module.css';

/** Popular lottery games (spec §7 lotteryPopular, count 20): countdown, last result, hot numbers, Play. */
export function PopularWidget() {
  const { t } = useTranslation();
  const popular = usePopular();
  return (
    <section aria-labelledby="home-popular-lottery" className={styles.widget}>
      <h2 id="home-popular-lottery" className={styles.title}>
        {t('vnlottery.popular.title')}
      </h2>
      {popular.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : popular.isError ? (
        <ErrorState messageKey={errorKey(popular.error)} onRetry={() => void popular.refetch()} />
      ) : popular.data.items.length === 0 ? (
        <p className={styles.none}>{t('vnlottery.popular.none')}</p>
      ) : (
        <ul className={styles.items}>
          {popular.data.items.map((item) => (
            <li key={item.game.gameCode} className={styles.item}>
              <h3 className={styles.name}>{item.game.labelName}</h3>
              <Countdown
                closeAt={item.current?.closeAt ?? null}
                drawAt={item.current?.drawAt ?? null}
                serverTime={popular.data.serverTime}
                receivedAt={popular.dataUpdatedAt}
              />
              <div className={styles.row}>
                <span className={styles.label}>{t('vnlottery.popular.last')}</span>
                <CompactResult draw={item.last} />
              </div>
              {item.hotNumbers.length > 0 ? (
                <div className={styles.row}>
                  <span className={styles.label}>{t('vnlottery.popular.hot')}</span>
                  <ul className={styles.hot}>
                    {item.hotNumbers.slice(0, 6).map((n) => (
                      <li key={n}>{n}</li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <Link className={styles.play} to={playPath(item.game)}>
                {t('vnlottery.popular.play', { name: item.game.labelName })}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
