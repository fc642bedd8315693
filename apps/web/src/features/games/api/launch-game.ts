import { launchGame, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';

/** GET /wps/game/launchGame: the frame address; trial=1 is the free trial with play money (guests too). */
export function getLaunchGame(q: RequestOf<typeof launchGame>) {
  return call(launchGame, q);
}
