import { Secret, TOTP } from 'otpauth';

/**
 * Authenticator codes (RFC 6238: SHA-1, 6 digits, 30 s), as every authenticator app reads them.
 * Issue 3: a code is accepted within ±1 step of now, and a step once used is refused afterwards
 * (callers store the returned step as the member's last used step, in the same transaction).
 */
export const TOTP_PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secretBase32: string, label = '', issuer = '') {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secretBase32),
  });
}

export function totpUri(secretBase32: string, account: string, issuer: string): string {
  return totp(secretBase32, account, issuer).toString();
}

/** The current code (tests and the dev tools use it; never sent to a client). */
export function totpCode(secretBase32: string, timestamp = Date.now()): string {
  return totp(secretBase32).generate({ timestamp });
}

export type TotpCheck = { ok: true; step: number } | { ok: false };

export function verifyTotp(
  secretBase32: string,
  code: string,
  lastUsedStep: number | null,
  timestamp = Date.now(),
): TotpCheck {
  if (!/^\d{6}$/.test(code)) return { ok: false };
  const delta = totp(secretBase32).validate({ token: code, timestamp, window: 1 });
  if (delta === null) return { ok: false };
  const step = Math.floor(timestamp / 1000 / TOTP_PERIOD_SECONDS) + delta;
  if (lastUsedStep !== null && step <= lastUsedStep) return { ok: false };
  return { ok: true, step };
}
