import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmptyState, LoadingState } from '@/components/ui/status';
import { paths } from '@/config/paths';
import { GameFrameView } from '@/features/games/components/game-frame';
import { SeamlessHall } from '@/features/games/components/halls';
import { useGamesCatalogue } from '@/features/games/hooks/use-games-catalogue';
import { loadCatalogues } from '@/lib/i18n';
// Its first paint needs part texts: their loaders come with this page's code (lib/i18n.ts).
import '@/lib/catalogue-parts';
import { safeGameUrl } from '@/features/games/hooks/use-launch-game';
import { readFrame, useFrameStore } from '@/features/games/launch-store';

/**
 * The games texts arrive before the page renders (the route waits for its loader), so the
 * seamless hall never first shows a loading box that its content then pushes down (CLS).
 */
export async function loader() {
  await loadCatalogues('games');
  return null;
}

/** Seamless games (/seamless, header only): the games of the vendors that play from the main wallet. */
export function Component() {
  const { t } = useTranslation();
  const ready = useGamesCatalogue();
  return (
    <Page title={t('pages.seamless.title')}>
      {ready ? <SeamlessHall /> : <LoadingState label={t('common.loading')} />}
    </Page>
  );
}

/**
 * Embedded game frame (/game, header only). Spec §4: a game launch stores the frame url and
 * navigates here (or swaps the frame when already here); without one there is nothing to show.
 */
export function GameFrame() {
  const { t } = useTranslation();
  const ready = useGamesCatalogue();
  const url = useFrameStore((s) => safeGameUrl(s.url));
  // Session storage is the truth (another tab's logout, a reload): read it before the first paint.
  useLayoutEffect(() => useFrameStore.setState(readFrame()), []);
  if (!url) {
    return (
      <Page title={t('pages.game.title')}>
        <EmptyState title={t('pages.game.empty')}>
          <Link to={paths.home}>{t('nav.home')}</Link>
        </EmptyState>
      </Page>
    );
  }
  if (!ready) return <LoadingState label={t('common.loading')} />;
  return <GameFrameView />;
}
