import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { LotteryGame, LotteryMenu } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/status';
import { useOpenedNumero } from '../api/get-opened-numero';
import { Countdown } from '../components/countdown';
import { CompactResult } from './compact-result';
import { playPath, resultsPath } from './links';
import styles from './vn.module.css';

/** /elott (spec §2: the ELOTT and LOTT top navigation): every lottery group with its games as cards. */
export function ElottBoard({ menus }: { menus: readonly LotteryMenu[] }) {
  const { t } = useTranslation();
  const groups = menus.filter((m) => m.gameMenus.length > 0);
  if (groups.length === 0) return <EmptyState title={t('vnlottery.elott.empty')} />;
  return (
    <div className={styles.groups}>
      {groups.map((m) => (
        <Group key={m.gameGroupCode} menu={m} />
      ))}
    </div>
  );
}

/** A group shows its first games; a long one (the VN provinces) opens the rest on demand. */
export const GROUP_FIRST = 6;

function Group({ menu }: { menu: LotteryMenu }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(menu.gameMenus.length <= GROUP_FIRST + 1);
  const games = all ? menu.gameMenus : menu.gameMenus.slice(0, GROUP_FIRST);
  return (
    <section aria-labelledby={`elott-${menu.gameGroupCode}`} className={styles.group}>
      <h2 id={`elott-${menu.gameGroupCode}`}>{t(menu.labelName, { defaultValue: menu.gameGroupCode })}</h2>
      <ul className={styles.cards}>
        {games.map((g) => (
          <li key={g.gameCode}>
            <GameCard game={g} />
          </li>
        ))}
      </ul>
      {all ? null : (
        <Button variant="secondary" onClick={() => setAll(true)}>
          {t('vnlottery.elott.show_all', { n: menu.gameMenus.length })}
        </Button>
      )}
    </section>
  );
}

function schedule(t: (k: string, o?: Record<string, unknown>) => string, g: LotteryGame): string {
  if (g.intervalSeconds)
    return t('vnlottery.elott.every_minutes', { minutes: Math.round(g.intervalSeconds / 60) });
  return t('vnlottery.elott.daily', { time: g.drawTime ?? '' });
}

function GameCard({ game }: { game: LotteryGame }) {
  const { t } = useTranslation();
  const opened = useOpenedNumero(game.gameCode);
  const current = opened.data?.current ?? null;
  const last = opened.data?.recent[0];
  return (
    <article className={styles.card} aria-labelledby={`card-${game.gameCode}`}>
      <h3 id={`card-${game.gameCode}`} className={styles.cardTitle}>
        {game.labelName}
      </h3>
      <p className={styles.muted}>{schedule(t, game)}</p>
      {opened.data ? (
        <Countdown
          closeAt={current?.closeAt ?? null}
          drawAt={current?.drawAt ?? null}
          serverTime={opened.data.serverTime}
          receivedAt={opened.dataUpdatedAt}
        />
      ) : null}
      <div className={styles.cardLast}>
        <span className={styles.muted}>{t('vnlottery.elott.last')}</span>
        <CompactResult draw={last} />
      </div>
      <div className={styles.cardActions}>
        <Link className={styles.primaryLink} to={playPath(game)}>
          {t('vnlottery.elott.play')}
        </Link>
        <Link className={styles.secondaryLink} to={resultsPath(game)}>
          {t('vnlottery.elott.results')}
        </Link>
      </div>
    </article>
  );
}
