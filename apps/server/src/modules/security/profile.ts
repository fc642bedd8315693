import { CONSENT_AGE, type Profile } from '@app/contracts';
import { AppError } from '../../lib/errors.ts';

/** Profile field (spec §3 labels) → members column. */
export const PROFILE_COLUMNS = {
  nickname: 'nickname',
  payeeName: 'payee_name',
  qqNum: 'qq_num',
  whatsapp: 'whatsapp',
  facebook: 'facebook',
  telegram: 'telegram',
  zalo: 'zalo',
  line: 'line',
  wechat: 'wechat',
  idNumber: 'id_number',
  birthday: 'birthday',
  address: 'address',
  nationality: 'nationality',
  occupation: 'occupation',
  sourceOfIncome: 'source_of_income',
  placeOfBirth: 'place_of_birth',
} as const satisfies Record<keyof Profile, string>;

export type ProfileField = keyof typeof PROFILE_COLUMNS;
export type ProfileUpdate = Partial<Record<ProfileField, string | null | undefined>>;

/** Control characters (PostgreSQL text cannot hold NUL; the rest are never meant). */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Full years between a yyyy-MM-dd birthday and today (UTC). */
export function ageOn(birthday: { y: number; m: number; d: number }, today: Date): number {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth() + 1;
  const d = today.getUTCDate();
  return y - birthday.y - (m < birthday.m || (m === birthday.m && d < birthday.d) ? 1 : 0);
}

/** A real calendar date (no 2001-02-29), not in the future. */
export function parseBirthday(s: string, today: Date): { y: number; m: number; d: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const t = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || t.getUTCFullYear() !== y || t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  if (t.getTime() > today.getTime()) return null;
  return { y, m, d };
}

/**
 * Normalizes an update: strings trimmed, empty means cleared (null), fields left out are not
 * touched. Refuses control characters, an impossible or future birthday, and a member younger
 * than the consent age (spec §5: 18; the client asks to confirm 21 on its own).
 */
export function normalizeProfileUpdate(input: ProfileUpdate, today = new Date()): ProfileUpdate {
  const out: ProfileUpdate = {};
  const fields: Record<string, string> = {};
  for (const key of Object.keys(PROFILE_COLUMNS) as ProfileField[]) {
    const raw = input[key];
    if (raw === undefined) continue;
    const v = raw === null ? null : raw.trim() || null;
    if (v !== null && CONTROL.test(v)) {
      fields[key] = 'errors.invalid_format';
      continue;
    }
    if (key === 'birthday' && v !== null) {
      const b = parseBirthday(v, today);
      if (!b) fields.birthday = 'errors.invalid_date';
      else if (ageOn(b, today) < CONSENT_AGE) fields.birthday = 'errors.age_too_young';
    }
    out[key] = v;
  }
  if (Object.keys(fields).length > 0) {
    throw new AppError('UNPROCESSABLE', Object.values(fields)[0], fields);
  }
  return out;
}
