import { LANGUAGE_TAGS, type LanguageCode } from '@app/contracts';

/** The BCP 47 tag of a text's language (a fallback text may not be in the page's language). */
export const languageTagOf = (code: string): string =>
  LANGUAGE_TAGS[code as LanguageCode] ?? code.toLowerCase();
