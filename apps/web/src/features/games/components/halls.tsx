import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { enabledGameTypes, type GameType } from '@app/contracts';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useStatus } from '@/lib/status';
import { useGameList } from '../api/get-game-list';
import { useVendorList } from '../api/get-vendor-list';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useTileActions } from '../hooks/use-tile-actions';
import { GameGrid } from './game-grid';
import { TileSkeletons } from './game-tile';
import { LaunchHost } from './launch-host';
import { VendorChips } from './vendor-chips';
import styles from './games.module.css';

/** The games of one list as a grid, with skeleton, error and empty states. */
function GamesOf({
  list,
  gameType,
  label,
}: {
  list: ReturnType<typeof useGameList>;
  gameType?: GameType;
  label: string;
}) {
  const { t } = useTranslation();
  const launch = useLaunchGame();
  const { actions, favourites, member } = useTileActions(launch, gameType);
  const games = list.data?.pages.flatMap((p) => p.items) ?? [];
  if (list.isPending) return <TileSkeletons count={4} />;
  if (list.isError && games.length === 0)
    return (
      <ErrorState
        title={t('games.lobby.error_title')}
        messageKey={errorKey(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  if (games.length === 0) return <EmptyState title={t('games.lobby.no_games')} />;
  return (
    <GameGrid
      games={games}
      favourites={favourites}
      member={member}
      actions={actions}
      hasMore={list.hasNextPage}
      loadingMore={list.isFetchingNextPage}
      onLoadMore={() => void list.fetchNextPage()}
      stale={list.isPlaceholderData}
      label={label}
    />
  );
}

/**
 * /sports: the sports vendors' games and, in the same menu, the esports ones (spec §2). Both
 * lists are asked at once and shown together, so the esports section never jumps down when the
 * sports list arrives (CLS).
 */
export function SportsHall() {
  const { t } = useTranslation();
  const status = useStatus();
  const on = status.data ? enabledGameTypes(status.data.whitelabel) : [];
  const sports = useGameList({ gameType: 'SPORTS' }, { enabled: on.includes('SPORTS') });
  const esports = useGameList({ gameType: 'ESPORTS' }, { enabled: on.includes('ESPORTS') });
  const lists = [
    { type: 'SPORTS' as const, list: sports },
    { type: 'ESPORTS' as const, list: esports },
  ].filter((l) => on.includes(l.type));
  if (status.isPending || lists.some((l) => l.list.isPending)) return <TileSkeletons count={8} />;
  if (lists.length === 0) return <EmptyState title={t('games.lobby.no_games')} />;
  return (
    <>
      {lists.map(({ type, list }) => (
        <section key={type} className={styles.section} aria-labelledby={`hall-${type}`}>
          <h2 id={`hall-${type}`} className={styles.sectionTitle}>
            {t(`games.halls.${type.toLowerCase()}`)}
          </h2>
          <GamesOf list={list} gameType={type} label={t(`games.halls.${type.toLowerCase()}`)} />
        </section>
      ))}
      <LaunchHost />
    </>
  );
}

/** /seamless: the games of the vendors that play from the main wallet, one vendor at a time (?vassalage=). */
export function SeamlessHall() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const vendors = useVendorList();
  const seamless = (vendors.data ?? []).filter((v) => v.walletMode === 'seamless');
  const wanted = params.get('vassalage');
  const selected = seamless.find((v) => v.vassalage === wanted) ?? seamless[0] ?? null;

  if (vendors.isPending) return <LoadingState label={t('common.loading')} />;
  if (vendors.isError)
    return (
      <ErrorState
        title={t('games.lobby.error_title')}
        messageKey={errorKey(vendors.error)}
        onRetry={() => void vendors.refetch()}
      />
    );
  if (!selected) return <EmptyState title={t('games.lobby.no_games')} />;
  return (
    <>
      <p className={styles.popupText}>{t('games.halls.seamless_lead')}</p>
      <div className={styles.toolbar}>
        <VendorChips
          vendors={seamless}
          selected={selected.vassalage}
          hrefFor={(v) => (v ? `?vassalage=${encodeURIComponent(v)}` : '?')}
          showAll={false}
        />
      </div>
      <VendorGamesOf key={selected.vassalage} vassalage={selected.vassalage} label={selected.name} />
      <LaunchHost />
    </>
  );
}

function VendorGamesOf({ vassalage, label }: { vassalage: string; label: string }) {
  const list = useGameList({ vassalage });
  return <GamesOf list={list} label={label} />;
}
