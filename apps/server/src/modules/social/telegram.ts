import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Telegram Login Widget data (https://core.telegram.org/widgets/login#checking-authorization):
 * the data-check-string is every received field except `hash`, as `key=value`, sorted by key,
 * joined by "\n"; `hash` is its HMAC-SHA-256 hex with the key SHA-256(bot token).
 */
export interface TelegramAuthData {
  id: number;
  first_name?: string | undefined;
  last_name?: string | undefined;
  username?: string | undefined;
  photo_url?: string | undefined;
  auth_date: number;
  hash: string;
}

/** Issue 3: login data older than one day is refused. */
export const TELEGRAM_MAX_AGE_SECONDS = 24 * 60 * 60;
/** A clock a little ahead of ours is tolerated, not a date in the future. */
const FUTURE_SKEW_SECONDS = 5 * 60;

export function dataCheckString(data: Record<string, unknown>): string {
  return Object.keys(data)
    .filter((k) => k !== 'hash' && data[k] !== undefined)
    .sort()
    .map((k) => `${k}=${String(data[k])}`)
    .join('\n');
}

export function telegramHash(data: Record<string, unknown>, botToken: string): string {
  const key = createHash('sha256').update(botToken).digest();
  return createHmac('sha256', key).update(dataCheckString(data)).digest('hex');
}

export type TelegramCheck = 'ok' | 'bad_hash' | 'expired';

export function verifyTelegramLogin(
  data: TelegramAuthData,
  botToken: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): TelegramCheck {
  const expected = Buffer.from(telegramHash({ ...data }, botToken), 'hex');
  const given = Buffer.from(/^[a-f0-9]{64}$/.test(data.hash) ? data.hash : '', 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad_hash';
  const age = nowSeconds - data.auth_date;
  if (age > TELEGRAM_MAX_AGE_SECONDS || age < -FUTURE_SKEW_SECONDS) return 'expired';
  return 'ok';
}
