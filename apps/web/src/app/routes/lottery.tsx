import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '@/components/ui/page';
import { EmptyState } from '@/components/ui/status';

/**
 * Lottery (/lottery, header only). Spec §2: optional query gameCode and playType select the game;
 * the lottery issue reads them to open it.
 */
export function Component() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <Page title={t('pages.lottery.title')}>
      <EmptyState title={t(gameCode ? 'pages.lottery.game_unavailable' : 'games.empty')} />
    </Page>
  );
}
