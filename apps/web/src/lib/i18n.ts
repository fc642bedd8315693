import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { create } from 'zustand';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_CODES,
  LANGUAGE_TAGS,
  catalogueFor,
  type CompleteLanguage,
  type LanguageCode,
} from '@app/contracts';
import { loadChunk } from './chunk';
import { LOCAL_KEYS, local } from './storage';

type Catalogue = Record<string, unknown>;

// One JSON per complete language, each its own lazy chunk: only the current one is fetched.
const CATALOGUES: Record<CompleteLanguage, () => Promise<{ default: Catalogue }>> = {
  MY: () => import('../locales/my.json'),
  EN: () => import('../locales/en.json'),
  CN: () => import('../locales/cn.json'),
  TH: () => import('../locales/th.json'),
  VI: () => import('../locales/vi.json'),
};

/**
 * Part catalogues: the same key space as the base catalogue, merged into the language's bundle
 * when a page that needs them first opens, so the home page does not carry them. `account`: forms
 * of login, register, passwords, the security centre, the pattern texts. `money`: amounts, wallet
 * names, transaction types, statuses and money errors; `wallet`, `cashier`, `records`: the text of
 * those page groups (issue 4). Their loaders are in lib/catalogue-parts.ts, a chunk of its own
 * (70 hashed file names: 0.7 KiB of the home page's first JS, issue 9), fetched with the first
 * part a page asks for; the page groups that need texts for their first paint import it.
 */
export const EARLY_PARTS = [
  'account',
  'money',
  'wallet',
  'cashier',
  'records',
  'games',
  'bets',
  'baccarat',
  'sports',
  'fish',
  'pvp',
  'lottery',
  'vnlottery',
] as const;
export type EarlyPart = (typeof EARLY_PARTS)[number];
export type PartLoader = () => Promise<{ default: Catalogue }>;
type Loader = PartLoader;
let earlyLoaders: Promise<unknown> | null = null;
/** The early parts' loaders (once); lib/catalogue-parts.ts registers them when it is evaluated. */
function loadEarlyLoaders(): Promise<unknown> {
  earlyLoaders ??= loadChunk(() => import('./catalogue-parts')).catch((e: unknown) => {
    earlyLoaders = null;
    throw e;
  });
  return earlyLoaders;
}

/**
 * Parts whose loaders live in their own lazy chunk, registered there before first use (issue 8:
 * the agent centre's texts), so their loaders cost the home page nothing.
 */
export type LatePart =
  | 'agent'
  | 'contracts'
  // Issue 9: each registered by its feature's own chunk (features/<domain>/catalogues.ts).
  | 'announcements'
  | 'notices'
  | 'promotions'
  | 'points'
  | 'rewards'
  | 'content'
  // Issue 10: player protection (features/protection/catalogues.ts).
  | 'protection';
export type CataloguePart = EarlyPart | LatePart;
const PARTS: Partial<Record<CataloguePart, Record<CompleteLanguage, Loader>>> = {};
/** Called by lib/catalogue-parts.ts with the early parts' loaders. */
export function registerPartLoaders(loaders: Record<EarlyPart, Record<CompleteLanguage, Loader>>): void {
  for (const part of EARLY_PARTS) PARTS[part] ??= loaders[part];
}
export function registerCatalogues(part: LatePart, loaders: Record<CompleteLanguage, Loader>): void {
  PARTS[part] = loaders;
}

const partsWanted = new Set<CataloguePart>();
/** The parts one server render asked for (entry-server.tsx renders one page at a time). */
let collecting: Set<CataloguePart> | null = null;

/** Starts noting the parts asked for; the returned function stops and gives them. */
export function collectCatalogueParts(): () => CataloguePart[] {
  const parts = new Set<CataloguePart>();
  collecting = parts;
  return () => {
    if (collecting === parts) collecting = null;
    return [...parts];
  };
}

export function isCataloguePart(value: unknown): value is CataloguePart {
  return (
    typeof value === 'string' &&
    ((EARLY_PARTS as readonly string[]).includes(value) || Object.hasOwn(PARTS, value))
  );
}
/** The language being applied (its texts loading), until it is the current one. */
let applying: LanguageCode | null = null;
const partsLoaded = new Set<string>();

async function ensureParts(catalogue: CompleteLanguage): Promise<void> {
  if ([...partsWanted].some((part) => !PARTS[part])) await loadEarlyLoaders();
  await Promise.all(
    [...partsWanted].map(async (part) => {
      const id = `${part}:${catalogue}`;
      if (partsLoaded.has(id)) return;
      const mod = await loadChunk(PARTS[part]![catalogue]);
      i18next.addResourceBundle(lng(catalogue), 'translation', mod.default, true, true);
      partsLoaded.add(id);
    }),
  );
}

/**
 * Loads the texts of `parts` in the current language (and of every language switched to later).
 * While a language is being applied (the first one at start: a page's loader runs beside it),
 * the texts of that language.
 */
export async function loadCatalogues(...parts: CataloguePart[]): Promise<void> {
  for (const p of parts) {
    partsWanted.add(p);
    if (import.meta.env.SSR) collecting?.add(p);
  }
  await ensureParts(catalogueFor(applying ?? currentLanguage()));
}

/** Loads the account texts (forms of login, register, passwords, the security centre). */
export const loadAccountCatalogue = (): Promise<void> => loadCatalogues('account');

/** i18n language id of a catalogue ('my', 'en', ...). */
const lng = (c: CompleteLanguage) => c.toLowerCase();

/** The language the person chose (JA stays JA here even though its text is the EN catalogue). */
export const useLanguageStore = create<{ code: LanguageCode }>(() => ({ code: DEFAULT_LANGUAGE }));

export function currentLanguage(): LanguageCode {
  return useLanguageStore.getState().code;
}

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === 'string' && (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function readStoredLanguage(): LanguageCode {
  const stored = local.get(LOCAL_KEYS.lang);
  return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * BCP 47 tag of the text on screen. JA shows the EN catalogue, so <html lang> says "en": the lang
 * attribute must describe the content (WCAG 3.1.1), otherwise screen readers mispronounce it.
 */
export function languageTag(code: LanguageCode): string {
  return LANGUAGE_TAGS[catalogueFor(code)] ?? 'en';
}

async function ensureCatalogue(code: LanguageCode): Promise<string> {
  const catalogue = catalogueFor(code);
  const id = lng(catalogue);
  if (!i18next.hasResourceBundle(id, 'translation')) {
    const mod = await loadChunk(CATALOGUES[catalogue]);
    i18next.addResourceBundle(id, 'translation', mod.default, true, true);
  }
  await ensureParts(catalogue);
  return id;
}

async function apply(code: LanguageCode) {
  applying = code;
  try {
    const id = await ensureCatalogue(code);
    await i18next.changeLanguage(id);
    if (!import.meta.env.SSR) document.documentElement.lang = languageTag(code);
    useLanguageStore.setState({ code });
  } finally {
    if (applying === code) applying = null;
  }
}

/**
 * `texts`: the language's base catalogue when the page brought it (a server-rendered page carries
 * the one it was rendered with in its state): not fetched again.
 */
export async function initI18n(code: LanguageCode = readStoredLanguage(), texts?: Catalogue): Promise<void> {
  applying = code;
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({
        resources: {},
        lng: lng(catalogueFor(code)),
        // Every shipped catalogue is complete (locales.test.ts), so no second catalogue is loaded.
        fallbackLng: false,
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
        react: { useSuspense: false },
        showSupportNotice: false,
      })
      .catch((e: unknown) => {
        if (applying === code) applying = null;
        throw e;
      });
  }
  if (texts) i18next.addResourceBundle(lng(catalogueFor(code)), 'translation', texts, true, true);
  await apply(code);
}

/** Switches language; keeps the previous choice in `hisLang` (spec §1/§3). */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  const previous = currentLanguage();
  await ensureCatalogue(code);
  if (previous !== code) {
    local.set(LOCAL_KEYS.hisLang, previous);
  }
  local.set(LOCAL_KEYS.lang, code);
  await apply(code);
}

export { i18next as i18n };
