import type { LotteryGame } from '@app/contracts';
import { paths } from '@/config/paths';

const isVn = (g: Pick<LotteryGame, 'kind'>) => g.kind === 'vn_north' || g.kind === 'vn_south';

/** Play: /lottery?gameCode=…&playType=… for digit games (spec §2), /vnlottery?gameCode=… for VN. */
export function playPath(g: Pick<LotteryGame, 'kind' | 'gameCode' | 'defaultPlayType'>): string {
  const q = new URLSearchParams({ gameCode: g.gameCode });
  if (isVn(g)) return `${paths.vnlottery}?${q}`;
  q.set('playType', g.defaultPlayType);
  return `${paths.lottery}?${q}`;
}

/** Results: the digit game's results view, or the VN page's result sheet. */
export function resultsPath(g: Pick<LotteryGame, 'kind' | 'gameCode'>): string {
  const q = new URLSearchParams({ gameCode: g.gameCode, view: 'results' });
  return `${isVn(g) ? paths.vnlottery : paths.lottery}?${q}`;
}
