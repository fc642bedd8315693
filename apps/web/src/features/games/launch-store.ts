import { create } from 'zustand';
import type { Game, GameType } from '@app/contracts';
import { session, SESSION_KEYS } from '@/lib/storage';

/** What a launch needs to know of a game (a lobby tile, a PVP room's game, a recommendation). */
export type LaunchTarget = Pick<Game, 'id' | 'name' | 'vassalage' | 'gameType'> &
  Partial<Pick<Game, 'code' | 'accountTypeName' | 'defaultPlayType' | 'trial' | 'status' | 'isGame'>>;

/**
 * Session keys of the game frame next to spec §3's game_url (lib/storage SESSION_KEYS.gameUrl):
 * the game's name and type for the frame's bar and "back to lobby", and what the launches moved
 * into vendor wallets (the "move funds back" button shows while it is above 0).
 */
export const FRAME_KEYS = {
  name: 'game_name',
  gameType: 'game_type',
  transferred: 'game_transferred',
} as const;

export interface FrameState {
  url: string | null;
  name: string | null;
  gameType: GameType | null;
  /** Minor units moved from the main wallet into vendor wallets by launches since the last collect. */
  transferred: number;
}

export function readFrame(): FrameState {
  const transferred = Number(session.get(FRAME_KEYS.transferred) ?? 0);
  return {
    url: session.get(SESSION_KEYS.gameUrl),
    name: session.get(FRAME_KEYS.name),
    gameType: session.get(FRAME_KEYS.gameType) as GameType | null,
    transferred: Number.isFinite(transferred) && transferred > 0 ? transferred : 0,
  };
}

/** The frame as the page sees it: a launch while on /game swaps the frame through here. */
export const useFrameStore = create<FrameState>(() => readFrame());

export function storeFrame(next: FrameState): void {
  if (next.url) session.set(SESSION_KEYS.gameUrl, next.url);
  else session.remove(SESSION_KEYS.gameUrl);
  if (next.name) session.set(FRAME_KEYS.name, next.name);
  if (next.gameType) session.set(FRAME_KEYS.gameType, next.gameType);
  if (next.transferred > 0) session.set(FRAME_KEYS.transferred, String(next.transferred));
  else session.remove(FRAME_KEYS.transferred);
  useFrameStore.setState(next);
}

/** The games popups: the game maintenance page and a vendor's sub-game list (spec §3 VASSALAGE). */
interface LaunchUi {
  maintenance: LaunchTarget | null;
  vendorGames: Game | null;
  showMaintenance: (game: LaunchTarget | null) => void;
  showVendorGames: (game: Game | null) => void;
}

export const useLaunchUi = create<LaunchUi>()((set) => ({
  maintenance: null,
  vendorGames: null,
  showMaintenance: (maintenance) => set({ maintenance, vendorGames: null }),
  showVendorGames: (vendorGames) => set({ vendorGames }),
}));
