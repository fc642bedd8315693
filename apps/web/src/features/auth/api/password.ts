import {
  changePassword as changePasswordEndpoint,
  forgotPasswordEmail as forgotPasswordEmailEndpoint,
  forgotPasswordPhone as forgotPasswordPhoneEndpoint,
  resetPasswordEmail as resetPasswordEmailEndpoint,
} from '@app/contracts';

import { call } from '@/lib/api-client';

/** POST /wps/member/password (encrypted); answers the new session (other sessions are revoked). */
export function changePassword(input: {
  oldPassword?: string;
  newPassword: string;
  confirmNewPassword: string;
}) {
  return call(changePasswordEndpoint, input);
}

/** Form POST /wps/member/password/email: sends a reset code (same answer whether or not it matches). */
export function forgotPasswordEmail(username: string, email: string) {
  return call(forgotPasswordEmailEndpoint, { username, email });
}

export function resetPasswordEmail(input: {
  username: string;
  email: string;
  code: string;
  newPassword: string;
}) {
  return call(resetPasswordEmailEndpoint, input);
}

/** POST /wps/member/password/verification: answers the username for the auto-login. */
export function forgotPasswordPhone(input: {
  mobileNum: string;
  countryDialingCode?: string;
  verificationCode: string;
  newPassword: string;
}) {
  return call(forgotPasswordPhoneEndpoint, input);
}
