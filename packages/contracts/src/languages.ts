import { z } from 'zod/mini';

/** Spec §1: the language list of about 40 codes. */
export const LANGUAGE_CODES = [
  'MY',
  'EN',
  'CN',
  'TH',
  'VI',
  'JA',
  'ES',
  'HI',
  'ID',
  'KM',
  'KO',
  'KR',
  'MS',
  'PT',
  'TA',
  'TW',
  'TY',
  'UR',
  'TR',
  'BN',
  'AR',
  'FA',
  'RU',
  'KK',
  'UZ',
  'LO',
  'NE',
  'FR',
  'TE',
  'SW',
  'DE',
  'IT',
  'NL',
  'PL',
  'FIL',
  'MN',
  'SI',
  'GU',
  'MR',
  'HE',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const languageCodeSchema = z.enum(LANGUAGE_CODES);

/** Spec §9: default language MY. */
export const DEFAULT_LANGUAGE: LanguageCode = 'MY';

/** Languages whose catalogues are complete for every string (issue 2 §7). */
export const COMPLETE_LANGUAGES = ['MY', 'EN', 'CN', 'TH', 'VI'] as const satisfies readonly LanguageCode[];
export type CompleteLanguage = (typeof COMPLETE_LANGUAGES)[number];

/** The header switcher (spec §1): CN, EN, JA, TH, VI, plus MY. */
export const SWITCHER_LANGUAGES = [
  'MY',
  'EN',
  'CN',
  'JA',
  'TH',
  'VI',
] as const satisfies readonly LanguageCode[];

/** BCP 47 tag for <html lang> and Intl. */
export const LANGUAGE_TAGS: Partial<Record<LanguageCode, string>> = {
  MY: 'my',
  EN: 'en',
  CN: 'zh-CN',
  TW: 'zh-TW',
  TH: 'th',
  VI: 'vi',
  JA: 'ja',
  KO: 'ko',
  KR: 'ko',
};

/** The language a catalogue falls back to: JA (and every incomplete one) to EN. */
export function catalogueFor(code: LanguageCode): CompleteLanguage {
  return (COMPLETE_LANGUAGES as readonly string[]).includes(code) ? (code as CompleteLanguage) : 'EN';
}
