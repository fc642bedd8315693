import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { gameMenus, TRIAL_TYPE, type LaunchResult, type LotteryGame, type MemberInfo } from '@app/contracts';
import { paths } from '@/config/paths';
import { call, errorKey, isApiError } from '@/lib/api-client';
import { currentLanguage, loadAccountCatalogue } from '@/lib/i18n';
import { getMemberInfoQueryOptions, memberInfoQueryKey } from '@/lib/session';
import { clearSession, getToken, session, SESSION_KEYS } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';
import { getLaunchGame } from '../api/launch-game';
import { postLaunchGameV2 } from '../api/launch-game-v2';
import { gamesKeys } from '../api/keys';
import { storeFrame, useFrameStore, useLaunchUi, type LaunchTarget } from '../launch-store';

export const MAINTENANCE_KEY = 'games.errors.game_maintenance';

/** Spec §2 /lottery: gameCode and playType are added when the game has a code and a default play type. */
export function lotteryPath(game: LaunchTarget): string {
  if (!game.code || !game.defaultPlayType) return paths.lottery;
  const q = new URLSearchParams({ gameCode: game.code, playType: game.defaultPlayType });
  return `${paths.lottery}?${q.toString()}`;
}

/** The header's game menus query (features/navigation asks the same key): its lottery menus link catalogue games. */
const MENUS_KEY = ['games', 'menus'] as const;

/** The platform lottery game (issue 7) a catalogue lottery game opens, from gameMenus' lotteryMenus. */
async function linkedLottery(queryClient: QueryClient, gameId: number): Promise<LotteryGame | null> {
  try {
    const menus = await queryClient.fetchQuery({
      queryKey: MENUS_KEY,
      queryFn: ({ signal }) => call(gameMenus, {}, { signal }),
      staleTime: 5 * 60_000,
    });
    for (const m of menus.lotteryMenus ?? []) {
      const hit = m.gameMenus.find((g) => g.catalogueGameId === gameId);
      if (hit) return hit;
    }
  } catch {
    // No menus: the page opens on its first game.
  }
  return null;
}

/**
 * Where an ordinary lottery game goes: its linked lottery game's page — /vnlottery?gameCode=… for
 * a Vietnamese one, /lottery?gameCode=…&playType=… otherwise; without a link, /vnlottery for
 * ELOTT and /lottery with the catalogue's code and play type for LOTT.
 */
export function lotteryTarget(game: LaunchTarget, linked: LotteryGame | null): string {
  if (linked) {
    const q = new URLSearchParams({ gameCode: linked.gameCode });
    if (linked.kind === 'vn_north' || linked.kind === 'vn_south') return `${paths.vnlottery}?${q}`;
    q.set('playType', linked.defaultPlayType);
    return `${paths.lottery}?${q}`;
  }
  return game.gameType === 'ELOTT' ? paths.vnlottery : lotteryPath(game);
}

/** Only http(s) addresses may be framed or opened. */
export function safeGameUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

async function trialWarning() {
  // As use-protected-action (features/auth) does; copied, features do not import each other.
  // Its title and button are account texts (loaded with the user menu, but maybe not yet).
  await loadAccountCatalogue().catch(() => undefined);
  useUiStore.getState().openModal({
    kind: 'dialog',
    titleKey: 'auth.trial_title',
    messageKey: 'errors.in_need_true_account',
    confirmKey: 'in_increase_submit',
    cancelKey: 'common.cancel',
    onConfirm: () => useUiStore.getState().openModal({ kind: 'register' }),
  });
}

function failed(messageKey: string) {
  useUiStore.getState().openModal({ kind: 'dialog', titleKey: 'games.launch.failed_title', messageKey });
}

async function memberOf(queryClient: QueryClient): Promise<MemberInfo | null> {
  const cached = queryClient.getQueryData<MemberInfo>(memberInfoQueryKey);
  if (cached) return cached;
  try {
    return await queryClient.fetchQuery(getMemberInfoQueryOptions());
  } catch {
    // A 401 has opened the login popup already (api client); anything else: the launch says why.
    return null;
  }
}

export interface LaunchOptions {
  /** The "Free trial" button: play money even for a member. */
  trial?: boolean;
  /** A PVP room's "Join": the card-room page seats the player in that room (room=<id>). */
  room?: number;
}

/** The game's address with the room a PVP lobby's "Join" picked. */
export function withRoom(url: string, room: number | undefined): string {
  if (room === undefined) return url;
  const u = new URL(url);
  u.searchParams.set('room', String(room));
  return u.href;
}

/**
 * Spec §4 game launch. Login is required except for RNG (a guest gets the RNG free trial); a
 * trial account (type 4) is told a real account is needed; the loader shows while the address is
 * fetched; the frame url is stored and the page goes to /game unless already there (then the frame
 * swaps). Lottery: TCG_SEA opens its own entry in a new window, GPI starts like any game, any other
 * lottery game opens its lottery page (/lottery, or /vnlottery for a Vietnamese one, with the
 * linked lottery game's code). A game under maintenance opens
 * the game maintenance page with similar games. Answers true when it leaves the page for the game
 * (the frame, or the lottery page), false when the player stays (login asked, refused, a popup).
 */
export function useLaunchGame() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const where = useRef(pathname);
  where.current = pathname;

  return useCallback(
    async (game: LaunchTarget, options: LaunchOptions = {}): Promise<boolean> => {
      const ui = useUiStore.getState();
      const special = game.accountTypeName;
      if (
        (game.gameType === 'LOTT' || game.gameType === 'ELOTT') &&
        special !== 'TCG_SEA' &&
        special !== 'GPI'
      ) {
        void navigate(lotteryTarget(game, await linkedLottery(queryClient, game.id)));
        return true;
      }
      if (game.status === 'maintenance') {
        useLaunchUi.getState().showMaintenance(game);
        return false;
      }

      const token = getToken();
      let trial: boolean;
      if (token === null) {
        // Spec §4/§6: guests may start RNG games only, as the free trial.
        if (game.gameType !== 'RNG' || game.trial === false) {
          ui.openModal({ kind: 'login' });
          return false;
        }
        trial = true;
      } else {
        const member = await memberOf(queryClient);
        if (!member) return false;
        if (member.type === TRIAL_TYPE) {
          if (game.gameType !== 'RNG' || game.trial === false) {
            void trialWarning();
            return false;
          }
          trial = true;
        } else {
          trial = options.trial === true;
        }
      }

      // TCG_SEA's entry is a new window: opened now, inside the click, so no popup blocker stops it.
      const popup = special === 'TCG_SEA' ? window.open('', '_blank') : null;
      if (popup) popup.opener = null;

      ui.setLoader(true);
      let result: LaunchResult;
      try {
        const language = currentLanguage();
        result = trial
          ? await getLaunchGame({ gameId: game.id, trial: '1', language })
          : await postLaunchGameV2({
              gameId: game.id,
              nodeId: String(game.id),
              accountType: 1,
              confirmTrans: 0,
              vassalage: game.vassalage,
              launchMode: 'GLS',
              platform: 'html5-desktop',
              clientType: 3,
              username: session.get(SESSION_KEYS.account) ?? undefined,
              token: token ?? undefined,
              merchantCode: session.get(SESSION_KEYS.merchantCode) ?? undefined,
              language,
            });
      } catch (e) {
        popup?.close();
        if (isApiError(e) && (e.messageKey === MAINTENANCE_KEY || e.serverMessage === MAINTENANCE_KEY)) {
          useLaunchUi.getState().showMaintenance(game);
        } else if (isApiError(e) && e.code === 'UNAUTHORIZED') {
          // The session ended on the server: as the api client does for member calls.
          clearSession();
          ui.openModal({ kind: 'login' });
        } else {
          failed(errorKey(e));
        }
        return false;
      } finally {
        ui.setLoader(false);
      }

      void queryClient.invalidateQueries({ queryKey: gamesKeys.recentAll });
      if (!trial) void queryClient.invalidateQueries({ queryKey: ['wallet'] });
      const safe = safeGameUrl(result.game_url ?? result.game_url2);
      const url = safe && withRoom(safe, options.room);
      if (!url) {
        popup?.close();
        failed('games.errors.no_url');
        return false;
      }
      session.set(SESSION_KEYS.currentVassalage, game.vassalage);

      if (special === 'TCG_SEA' && popup) {
        popup.location.href = url;
        return false;
      }
      // A TCG_SEA window the browser refused: the game opens in the frame instead.
      const before = useFrameStore.getState();
      storeFrame({
        url,
        name: game.name,
        gameType: game.gameType,
        transferred: before.transferred + (result.transferred ?? 0),
      });
      useLaunchUi.getState().showMaintenance(null);
      if (where.current !== paths.game) void navigate(paths.game);
      return true;
    },
    [navigate, queryClient],
  );
}
