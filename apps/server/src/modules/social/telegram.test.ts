import { describe, expect, it } from 'vitest';
import { dataCheckString, telegramHash, verifyTelegramLogin, type TelegramAuthData } from './telegram.ts';

const TOKEN = '123456:test-bot-token_abc';
const now = 1_790_000_000;

function signed(fields: Omit<TelegramAuthData, 'hash'>, token = TOKEN): TelegramAuthData {
  return { ...fields, hash: telegramHash(fields, token) };
}

describe('Telegram login data (HMAC-SHA-256 keyed by SHA-256 of the bot token)', () => {
  it('builds the data-check-string from the sorted fields without hash', () => {
    expect(dataCheckString({ username: 'ann', id: 7, auth_date: 5, hash: 'x', first_name: 'Ann' })).toBe(
      'auth_date=5\nfirst_name=Ann\nid=7\nusername=ann',
    );
  });

  it('accepts valid data and refuses tampering, another bot and an old or future auth_date', () => {
    const d = signed({ id: 42, first_name: 'Ann', username: 'ann', auth_date: now - 60 });
    expect(verifyTelegramLogin(d, TOKEN, now)).toBe('ok');
    expect(verifyTelegramLogin({ ...d, id: 43 }, TOKEN, now)).toBe('bad_hash');
    expect(verifyTelegramLogin({ ...d, username: 'eve' }, TOKEN, now)).toBe('bad_hash');
    expect(verifyTelegramLogin({ ...d, hash: d.hash.toUpperCase() }, TOKEN, now)).toBe('bad_hash');
    expect(verifyTelegramLogin(d, '999:other', now)).toBe('bad_hash');
    const old = signed({ id: 42, auth_date: now - 86_401 });
    expect(verifyTelegramLogin(old, TOKEN, now)).toBe('expired');
    const future = signed({ id: 42, auth_date: now + 3600 });
    expect(verifyTelegramLogin(future, TOKEN, now)).toBe('expired');
  });
});
