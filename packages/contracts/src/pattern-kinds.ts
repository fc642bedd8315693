import type { FieldConfig } from './patterns.ts';

/**
 * The registration pattern kinds of spec §5, implemented once and used by the server (validation
 * of every registration field) and by the client (form rules and messages). `acceptedPattern`
 * '*' in the field config means "any characters" whatever the patternId.
 *
 * Each kind has a message key `patterns.<name>` whose text carries (min) and (max); see
 * `patternMessage()`.
 */
export const PATTERN_KINDS = [
  { id: 1, name: 'any', re: /^[\s\S]*$/ },
  { id: 2, name: 'letterFirstAlnum', re: /^[A-Za-z][A-Za-z0-9]*$/ },
  { id: 3, name: 'lettersChinese', re: /^[A-Za-z\u4e00-\u9fa5]+$/ },
  { id: 4, name: 'email', re: /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/ },
  { id: 5, name: 'alnumNoChinese', re: /^[A-Za-z0-9]+$/ },
  { id: 6, name: 'lettersAndDigits', re: /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/ },
  { id: 7, name: 'digits', re: /^\d+$/ },
  { id: 8, name: 'alnumOneCapital', re: /^(?=.*[A-Z])[A-Za-z0-9]+$/ },
  { id: 9, name: 'lettersSpaces', re: /^[A-Za-z ]+$/ },
  { id: 10, name: 'noSpaces', re: /^\S+$/ },
  { id: 11, name: 'chineseSymbols', re: /^[\u4e00-\u9fa5\p{P}\p{S}]+$/u },
  { id: 12, name: 'dateYmd', re: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/ },
  { id: 13, name: 'dateMdy', re: /^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4}$/ },
  { id: 14, name: 'twoLettersSpaces', re: /^(?=(?:[^A-Za-z]*[A-Za-z]){2})[A-Za-z ]+$/ },
  { id: 15, name: 'korean', re: /^[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+$/ },
  { id: 16, name: 'thai', re: /^[\u0e00-\u0e7f]+$/ },
  { id: 17, name: 'thaiEnglishSpaces', re: /^[\u0e00-\u0e7fA-Za-z ]+$/ },
  { id: 18, name: 'upperSpacesOneLetter', re: /^(?=.*[A-Z])[A-Z ]+$/ },
  { id: 19, name: 'lettersDigitsSymbols', re: /^[A-Za-z0-9\p{P}\p{S}]+$/u },
  { id: 20, name: 'upperLowerDigitSpecial', re: /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z0-9\s])\S+$/ },
  { id: 21, name: 'fullNameTwoParts', re: /^[\p{L}\p{M}.'-]+(?: [\p{L}\p{M}.'-]+)+$/u },
  {
    id: 22,
    name: 'fullWidthJapanese',
    re: /^[\u3040-\u309f\u30a0-\u30ff\u4e00-\u9faf\uff01-\uff5e\u3000\u30fc]+$/,
  },
  { id: 23, name: 'upperNoSpaces', re: /^[A-Z]+$/ },
] as const;
export type PatternKind = (typeof PATTERN_KINDS)[number];
export type PatternName = PatternKind['name'];
export const PATTERN_IDS = /* @__PURE__ */ PATTERN_KINDS.map((k) => k.id);

export function patternById(id: number): PatternKind | undefined {
  return PATTERN_KINDS.find((k) => k.id === id);
}

/** Spec §5 / §9: verification code max 255. */
export const VERIFICATION_CODE_MAX = 255;

export type FieldCheck = { ok: true } | { ok: false; key: string; params: { min: number; max: number } };

/**
 * Checks one value against its field config. Returns the message key to show: `errors.input_required`
 * when a required field is empty, else `patterns.<name>` (length or pattern failure; the text
 * names both the allowed characters and the bounds).
 */
export function checkField(
  config: FieldConfig,
  raw: string | undefined | null,
  alwaysRequired = false,
): FieldCheck {
  const value = raw ?? '';
  const params = { min: config.minLength, max: config.maxLength };
  if (!config.enabled) return { ok: true };
  if (value.length === 0) {
    return config.required || alwaysRequired
      ? { ok: false, key: 'errors.input_required', params }
      : { ok: true };
  }
  const kind = patternById(config.patternId) ?? PATTERN_KINDS[0];
  const fail = { ok: false as const, key: `patterns.${kind.name}`, params };
  const len = [...value].length;
  if (len < config.minLength || (config.maxLength > 0 && len > config.maxLength)) return fail;
  if (config.acceptedPattern === '*') return { ok: true };
  return kind.re.test(value) ? { ok: true } : fail;
}

/**
 * Spec §5: "Message comes from a per-pattern text with (min) and (max) substituted; equal bounds
 * show one value." The catalogue text holds the literal tokens "(min)" and "(max)" joined by a
 * range sign; equal bounds collapse "(min)-(max)" (or "(min)~(max)") to one value.
 */
export function substituteBounds(text: string, min: number, max: number): string {
  if (min === max) {
    return text.replace(/\(min\)\s*[-~–]\s*\(max\)/g, String(min)).replace(/\(min\)|\(max\)/g, String(min));
  }
  return text.replace(/\(min\)/g, String(min)).replace(/\(max\)/g, String(max));
}
