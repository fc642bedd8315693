import { launchGameV2, type RequestOf } from '@app/contracts';
import { call } from '@/lib/api-client';

/** POST /wps/game/launchGameV2 with the spec §7 parameters: a member's real-money launch. */
export function postLaunchGameV2(body: RequestOf<typeof launchGameV2>) {
  return call(launchGameV2, body);
}
