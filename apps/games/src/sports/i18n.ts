import type { StudioLanguage } from '../i18n/i18n.ts';
import type en from './i18n/en.json';

/** The sportsbook page's own texts (issue 6), one chunk per language like the studio's shared ones. */
export type SportsKey = keyof typeof en;
export type SportsCatalogue = Record<SportsKey, string>;
export type SportsTranslate = (key: SportsKey, params?: Record<string, string | number>) => string;

const loaders: Record<StudioLanguage, () => Promise<{ default: SportsCatalogue }>> = {
  my: () => import('./i18n/my.json'),
  en: () => import('./i18n/en.json'),
  cn: () => import('./i18n/cn.json'),
  th: () => import('./i18n/th.json'),
  vi: () => import('./i18n/vi.json'),
};

export async function loadSportsTexts(lang: StudioLanguage): Promise<SportsTranslate> {
  const cat = (await loaders[lang]()).default;
  return (key, params) =>
    (cat[key] ?? key).replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
      params && name in params ? String(params[name]) : whole,
    );
}
