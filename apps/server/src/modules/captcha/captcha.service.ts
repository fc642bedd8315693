import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './captcha.repository.ts';

// svg-captcha's module is a callable function (text → SVG) that its typings do not declare.
type DrawOptions = { noise?: number; color?: boolean; background?: string; width?: number; height?: number };
const drawCaptcha = createRequire(import.meta.url)('svg-captcha') as (
  text: string,
  o?: DrawOptions,
) => string;

export const CAPTCHA_COOKIE = 'captcha_id';
export const CAPTCHA_TTL_SECONDS = 5 * 60;
const LENGTH = 4;
/** Without look-alikes (0/o, 1/l/i) because the answer is compared case-insensitively. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function hashAnswer(id: string, answer: string): Buffer {
  return createHash('sha256').update(`${id}:${answer.trim().toLowerCase()}`).digest();
}

/** The answer comes from node:crypto; svg-captcha only draws it. */
export function randomAnswer(length = LENGTH): string {
  let s = '';
  for (let i = 0; i < length; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return s;
}

export interface IssuedCaptcha {
  id: string;
  /** `data:image/svg+xml;base64,…` (spec §7: base64 image in value). */
  image: string;
  expiresAt: Date;
}

export async function issueCaptcha(db: Queryable, now = new Date()): Promise<IssuedCaptcha> {
  const id = randomBytes(24).toString('base64url');
  const answer = randomAnswer();
  const svg = drawCaptcha(answer, { noise: 2, color: true, background: '#f4f4f4', width: 120, height: 40 });
  const expiresAt = new Date(now.getTime() + CAPTCHA_TTL_SECONDS * 1000);
  // Expired rows are swept here, where new ones are written, so the table stays small.
  await repo.deleteExpired(db, now);
  await repo.insertCaptcha(db, id, hashAnswer(id, answer).toString('hex'), expiresAt);
  return { id, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresAt };
}

/**
 * Checks a captcha answer: single use (the row is deleted whatever the outcome, so a wrong
 * guess costs a new image), case-insensitive, refused after 5 minutes. For the login and
 * registration calls of issue 3, which read the id from the `captcha_id` cookie.
 */
export async function verifyCaptcha(
  db: Db | Queryable,
  id: string | undefined,
  answer: string | undefined,
  now = new Date(),
): Promise<boolean> {
  if (!id || !answer || id.length > 100 || answer.length > 20) return false;
  const row = await repo.takeCaptcha(db, id);
  if (!row || row.expiresAt.getTime() <= now.getTime()) return false;
  const expected = Buffer.from(row.answerHash, 'hex');
  const given = hashAnswer(id, answer);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
