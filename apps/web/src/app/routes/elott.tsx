import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Page } from '@/components/ui/page';
import { ErrorState, LoadingState } from '@/components/ui/status';
import { useGameList } from '@/features/games/api/get-game-list';
import { LaunchHost } from '@/features/games/components/launch-host';
import { useLaunchGame } from '@/features/games/hooks/use-launch-game';
import { ElottBoard } from '@/features/lottery/vn/elott-board';
import { useGameMenus } from '@/features/navigation/api/get-game-menus';
import { errorKey } from '@/lib/api-client';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';
import styles from './elott.module.css';

export async function loader() {
  // games: the launch's dialogs of the partner lotteries.
  await loadCatalogues('lottery', 'vnlottery', 'games');
  return null;
}

/**
 * E-lottery (/elott): the ELOTT and LOTT top navigation lead here (spec §2). Our own lotteries
 * (gameMenus' lotteryMenus) as cards, then the catalogue's partner lottery games (TCG's SEA entry,
 * GPI), which start through the ordinary game launch (spec §4).
 */
export function Component() {
  const { t } = useTranslation();
  const menus = useGameMenus();
  return (
    <Page title={t('pages.elott.title')}>
      <p className={styles.lead}>{t('vnlottery.elott.lead')}</p>
      {menus.isPending ? (
        <LoadingState label={t('common.loading')} />
      ) : menus.isError ? (
        <ErrorState messageKey={errorKey(menus.error)} onRetry={() => void menus.refetch()} />
      ) : (
        <ElottBoard menus={menus.data.lotteryMenus} />
      )}
      <Partners />
    </Page>
  );
}

/** The catalogue's partner lottery games (accountTypeName TCG_SEA or GPI): launched like any game. */
function Partners() {
  const { t } = useTranslation();
  const list = useGameList({ gameType: 'LOTT' });
  const launch = useLaunchGame();
  const partners = (list.data?.pages ?? []).flatMap((p) => p.items).filter((g) => g.accountTypeName);
  if (partners.length === 0) return null;
  return (
    <section aria-labelledby="elott-partners" className={styles.partners}>
      <h2 id="elott-partners">{t('vnlottery.elott.partners')}</h2>
      <ul className={styles.partnerList}>
        {partners.map((g) => (
          <li key={g.id}>
            <Button variant="secondary" onClick={() => void launch(g)}>
              {g.name}
            </Button>
          </li>
        ))}
      </ul>
      <LaunchHost />
    </section>
  );
}
