import {
  type LoginAnswer,
  type LoginPayload,
  type LoginResult,
  freePlayLogin as freePlayLoginEndpoint,
  login as loginEndpoint,
  loginVerify as loginVerifyEndpoint,
  loginVerifySend as loginVerifySendEndpoint,
  rememberedLogin as rememberedLoginEndpoint,
} from '@app/contracts';
import { call } from '@/lib/api-client';

/** POST /wps/session/login (encrypted, spec §7). */
export function login(payload: LoginPayload): Promise<LoginAnswer> {
  return call(loginEndpoint, payload);
}

/** New-IP step (spec §1): send the SMS or e-mail code of a challenge. */
export function sendLoginVerifyCode(challengeId: string, method: 'sms' | 'email') {
  return call(loginVerifySendEndpoint, { challengeId, method });
}

export function verifyLogin(input: {
  challengeId: string;
  method: 'sms' | 'email' | 'payee' | 'totp';
  code?: string;
  payeeName?: string;
}): Promise<LoginResult> {
  return call(loginVerifyEndpoint, input);
}

/** 32 hex characters from the platform's CSPRNG. */
export function randomHex(bytes = 16): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
    b.toString(16).padStart(2, '0'),
  ).join('');
}

/** Free play (flag freePlay): a trial session (type 4) without credentials. */
export function freePlayLogin(): Promise<LoginResult> {
  const os = (typeof navigator !== 'undefined' && navigator.platform) || 'web';
  return call(freePlayLoginEndpoint, { os: os.slice(0, 32), platform: 'W', random: randomHex() });
}

/** Remember-me (DESIGN §7): the last username from the HttpOnly cookie, never a password. */
export function getRememberedUsername(): Promise<string | null> {
  return call(rememberedLoginEndpoint, {}).then((v) => v.username);
}
