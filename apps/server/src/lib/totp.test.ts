import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode, totpUri, verifyTotp, TOTP_PERIOD_SECONDS } from './totp.ts';

const now = 1_800_000_000_000;
const step = (t: number) => Math.floor(t / 1000 / TOTP_PERIOD_SECONDS);

describe('TOTP', () => {
  const secret = newTotpSecret();

  it('makes a base32 secret and an otpauth URI', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(totpUri(secret, 'demo01', 'Golden Lotus')).toMatch(/^otpauth:\/\/totp\/Golden%20Lotus:demo01\?/);
  });

  it('accepts the current code and ±1 step, refuses ±2', () => {
    const p = TOTP_PERIOD_SECONDS * 1000;
    expect(verifyTotp(secret, totpCode(secret, now), null, now)).toEqual({ ok: true, step: step(now) });
    expect(verifyTotp(secret, totpCode(secret, now - p), null, now).ok).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now + p), null, now).ok).toBe(true);
    expect(verifyTotp(secret, totpCode(secret, now - 2 * p), null, now).ok).toBe(false);
    expect(verifyTotp(secret, totpCode(secret, now + 2 * p), null, now).ok).toBe(false);
  });

  it('refuses a step that was already used (replay)', () => {
    const code = totpCode(secret, now);
    const first = verifyTotp(secret, code, null, now);
    expect(first.ok).toBe(true);
    expect(verifyTotp(secret, code, first.ok ? first.step : null, now).ok).toBe(false);
  });

  it('refuses malformed codes', () => {
    for (const code of ['', '12345', '1234567', 'abcdef'])
      expect(verifyTotp(secret, code, null, now).ok).toBe(false);
  });
});
