import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Game, GameType, PvpRoom } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState } from '@/components/ui/status';
import { errorKey } from '@/lib/api-client';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { useGameList } from '../api/get-game-list';
import { useRecentGames } from '../api/get-recent-games';
import { useVendorType } from '../api/get-vendor-type';
import { useLaunchGame } from '../hooks/use-launch-game';
import { useTileActions } from '../hooks/use-tile-actions';
import { GameGrid } from './game-grid';
import { TileSkeletons } from './game-tile';
import { HallTabs, isHallTab, type HallTab } from './hall-tabs';
import { LaunchHost } from './launch-host';
import { RoomList } from './room-list';
import { SearchBox } from './search-box';
import { VendorChips } from './vendor-chips';
import styles from './games.module.css';

/** Name or code contains the text (favourites and recent are filtered here; the list by the server). */
export function matches(game: Game, q: string): boolean {
  if (!q) return true;
  const needle = q.toLowerCase();
  return game.name.toLowerCase().includes(needle) || game.code.toLowerCase().includes(needle);
}

/**
 * A game lobby (/rng, /pvp, /fish, /live). The address holds the state: ?page=<tab> (spec §2:
 * a game-hall tab pushes it), ?vassalage=<vendor> (the header's vendor menus link here), ?q=<text>
 * (replaced, not pushed, while typing). All and Hot are paged by the server (48 a page, more as
 * the end comes near); Favourites and Recent are the member's own short lists.
 */
export function GameLobby({ gameType }: { gameType: GameType }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('page');
  const tab: HallTab = isHallTab(tabParam) ? tabParam : 'all';
  const vassalage = params.get('vassalage');
  const q = params.get('q') ?? '';
  const member = useSessionStore((s) => s.token !== null);

  const hrefWith = useCallback(
    (changes: Record<string, string | null>) => {
      const next = new URLSearchParams(params);
      for (const [k, v] of Object.entries(changes)) {
        if (v === null) next.delete(k);
        else next.set(k, v);
      }
      const search = next.toString();
      return search ? `?${search}` : '?';
    },
    [params],
  );
  // A launch leaves for /game: a search typed just before must not put the lobby's address back
  // (its replace would cancel the pending navigation). Held while a launch runs; sent after one
  // that stays.
  const launching = useRef(false);
  const heldSearch = useRef<string | null>(null);
  const onSearch = useCallback(
    (text: string) => {
      if (launching.current) {
        heldSearch.current = text;
        return;
      }
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (text) next.set('q', text);
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );

  const vendors = useVendorType(gameType);
  const launchGame = useLaunchGame();
  const launch = useCallback(
    async (...args: Parameters<typeof launchGame>) => {
      launching.current = true;
      let left = false;
      try {
        left = await launchGame(...args);
      } finally {
        if (!left) {
          launching.current = false;
          const held = heldSearch.current;
          heldSearch.current = null;
          if (held !== null) onSearch(held);
        }
      }
      return left;
    },
    [launchGame, onSearch],
  );
  const { actions, favourites, member: isMember, favouriteList } = useTileActions(launch, gameType);
  const paged = tab === 'all' || tab === 'hot';
  const list = useGameList(
    { gameType, vassalage: vassalage ?? undefined, q: q || undefined, hot: tab === 'hot' ? '1' : undefined },
    { enabled: paged },
  );
  const recent = useRecentGames(gameType, { enabled: tab === 'recent' });

  const joinRoom = useCallback(
    (room: PvpRoom) =>
      void launch(
        {
          id: room.gameId,
          name: room.name,
          vassalage: room.vassalage,
          gameType,
          code: room.gameCode,
        },
        { room: room.id },
      ),
    [launch, gameType],
  );

  const own = tab === 'favourites' ? favouriteList : recent;
  const ownGames = useMemo(
    () => (own.data ?? []).filter((g) => (!vassalage || g.vassalage === vassalage) && matches(g, q)),
    [own.data, vassalage, q],
  );

  // The count line keeps its place while loading, so the grid does not move when it arrives (CLS).
  const summary = (text: string) => (
    <p className={styles.summary} role="status" aria-live="polite">
      {text}
    </p>
  );

  let content;
  if (!paged && !member) {
    content = (
      <EmptyState
        title={t(tab === 'favourites' ? 'games.lobby.login_for_favourites' : 'games.lobby.login_for_recent')}
      >
        <Button onClick={() => useUiStore.getState().openModal({ kind: 'login' })}>
          {t('games.lobby.login')}
        </Button>
      </EmptyState>
    );
  } else {
    const query = paged ? list : own;
    const games = paged ? (list.data?.pages.flatMap((p) => p.items) ?? []) : ownGames;
    const total = paged ? (list.data?.pages[0]?.total ?? 0) : ownGames.length;
    if (query.isPending)
      content = (
        <>
          {summary(t('games.lobby.loading'))}
          <TileSkeletons />
        </>
      );
    else if (query.isError && games.length === 0)
      content = (
        <ErrorState
          title={t('games.lobby.error_title')}
          messageKey={errorKey(query.error)}
          onRetry={() => void query.refetch()}
        />
      );
    else if (games.length === 0)
      content = (
        <EmptyState
          title={
            q
              ? t('games.lobby.no_results', { q })
              : t(
                  tab === 'favourites'
                    ? 'games.lobby.no_favourites'
                    : tab === 'recent'
                      ? 'games.lobby.no_recent'
                      : 'games.lobby.no_games',
                )
          }
        >
          {q ? (
            <Button variant="secondary" onClick={() => onSearch('')}>
              {t('games.lobby.clear_search')}
            </Button>
          ) : null}
        </EmptyState>
      );
    else
      content = (
        <>
          {summary(t('games.lobby.results', { count: total }))}
          <GameGrid
            games={games}
            favourites={favourites}
            member={isMember}
            actions={actions}
            hasMore={paged && list.hasNextPage}
            loadingMore={paged && list.isFetchingNextPage}
            onLoadMore={() => void list.fetchNextPage()}
            stale={paged && list.isPlaceholderData}
            label={t(`games.tabs.${tab}`)}
          />
        </>
      );
  }

  return (
    <>
      {gameType === 'PVP' ? <RoomList vassalage={vassalage ?? undefined} onJoin={joinRoom} /> : null}
      <div className={styles.toolbar}>
        <SearchBox value={q} onSearch={onSearch} />
        <VendorChips
          vendors={vendors.data ?? []}
          selected={vassalage}
          hrefFor={(v) => hrefWith({ vassalage: v })}
          reserve={vendors.isPending}
        />
        <HallTabs current={tab} hrefFor={(next) => hrefWith({ page: next })} />
      </div>
      {content}
      <LaunchHost />
    </>
  );
}
