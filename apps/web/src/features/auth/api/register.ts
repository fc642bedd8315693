import {
  type RegisterPayload,
  affiliate as affiliateEndpoint,
  register as registerEndpoint,
  registerMobile as registerMobileEndpoint,
} from '@app/contracts';
import { call } from '@/lib/api-client';

/** PUT /wps/member/register or /register/mobile (encrypted). */
export function registerMember(payload: RegisterPayload, mobile: boolean) {
  return call(mobile ? registerMobileEndpoint : registerEndpoint, payload);
}

/** GET /wps/agent/affiliate: is this invitation code valid for this domain? */
export function checkAffiliate(code: string, domain: string) {
  return call(affiliateEndpoint, { code, domain }).then((v) => v.valid);
}
