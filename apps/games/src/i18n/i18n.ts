import type en from './en.json';

/** The studio's five complete languages (issue 5: MY, EN, CN, TH, VI); MY is the default. */
export const STUDIO_LANGUAGES = ['my', 'en', 'cn', 'th', 'vi'] as const;
export type StudioLanguage = (typeof STUDIO_LANGUAGES)[number];
export const DEFAULT_STUDIO_LANGUAGE: StudioLanguage = 'my';

/** English is the source of keys; every other catalogue has exactly the same keys. */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export type Translate = (key: MessageKey, params?: Record<string, string | number>) => string;

/** `lang` of the address (any case; the platform's codes are upper case) → one of ours, else MY. */
export function pickLanguage(raw: string | null | undefined): StudioLanguage {
  const code = (raw ?? '').trim().toLowerCase();
  return (STUDIO_LANGUAGES as readonly string[]).includes(code)
    ? (code as StudioLanguage)
    : DEFAULT_STUDIO_LANGUAGE;
}

/** BCP 47 tag of each language, for <html lang> and number formatting. */
export const LANGUAGE_TAGS: Record<StudioLanguage, string> = {
  my: 'my',
  en: 'en',
  cn: 'zh-CN',
  th: 'th',
  vi: 'vi',
};

// One chunk per language: the page loads only the catalogue it shows.
const loaders: Record<StudioLanguage, () => Promise<{ default: Catalogue }>> = {
  my: () => import('./my.json'),
  en: () => import('./en.json'),
  cn: () => import('./cn.json'),
  th: () => import('./th.json'),
  vi: () => import('./vi.json'),
};

export async function loadCatalogue(lang: StudioLanguage): Promise<Catalogue> {
  return (await loaders[lang]()).default;
}

/** {{name}} placeholders are replaced; a missing parameter stays visible rather than vanishing. */
export function translator(catalogue: Catalogue): Translate {
  return (key, params) =>
    (catalogue[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}
