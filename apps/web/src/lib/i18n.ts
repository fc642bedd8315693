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
 * those page groups (issue 4).
 */
type Loader = () => Promise<{ default: Catalogue }>;
const PART_CATALOGUES = {
  account: {
    MY: () => import('../locales/account/my.json'),
    EN: () => import('../locales/account/en.json'),
    CN: () => import('../locales/account/cn.json'),
    TH: () => import('../locales/account/th.json'),
    VI: () => import('../locales/account/vi.json'),
  },
  money: {
    MY: () => import('../locales/money/my.json'),
    EN: () => import('../locales/money/en.json'),
    CN: () => import('../locales/money/cn.json'),
    TH: () => import('../locales/money/th.json'),
    VI: () => import('../locales/money/vi.json'),
  },
  wallet: {
    MY: () => import('../locales/wallet/my.json'),
    EN: () => import('../locales/wallet/en.json'),
    CN: () => import('../locales/wallet/cn.json'),
    TH: () => import('../locales/wallet/th.json'),
    VI: () => import('../locales/wallet/vi.json'),
  },
  cashier: {
    MY: () => import('../locales/cashier/my.json'),
    EN: () => import('../locales/cashier/en.json'),
    CN: () => import('../locales/cashier/cn.json'),
    TH: () => import('../locales/cashier/th.json'),
    VI: () => import('../locales/cashier/vi.json'),
  },
  records: {
    MY: () => import('../locales/records/my.json'),
    EN: () => import('../locales/records/en.json'),
    CN: () => import('../locales/records/cn.json'),
    TH: () => import('../locales/records/th.json'),
    VI: () => import('../locales/records/vi.json'),
  },
  games: {
    MY: () => import('../locales/games/my.json'),
    EN: () => import('../locales/games/en.json'),
    CN: () => import('../locales/games/cn.json'),
    TH: () => import('../locales/games/th.json'),
    VI: () => import('../locales/games/vi.json'),
  },
  bets: {
    MY: () => import('../locales/bets/my.json'),
    EN: () => import('../locales/bets/en.json'),
    CN: () => import('../locales/bets/cn.json'),
    TH: () => import('../locales/bets/th.json'),
    VI: () => import('../locales/bets/vi.json'),
  },
  // Issue 6: what the betting record shows of a baccarat bet.
  baccarat: {
    MY: () => import('../locales/baccarat/my.json'),
    EN: () => import('../locales/baccarat/en.json'),
    CN: () => import('../locales/baccarat/cn.json'),
    TH: () => import('../locales/baccarat/th.json'),
    VI: () => import('../locales/baccarat/vi.json'),
  },
  // Issue 6: what the betting record shows of a sports bet.
  sports: {
    MY: () => import('../locales/sports/my.json'),
    EN: () => import('../locales/sports/en.json'),
    CN: () => import('../locales/sports/cn.json'),
    TH: () => import('../locales/sports/th.json'),
    VI: () => import('../locales/sports/vi.json'),
  },
  // Issue 6: what the betting record shows of a fish bet.
  fish: {
    MY: () => import('../locales/fish/my.json'),
    EN: () => import('../locales/fish/en.json'),
    CN: () => import('../locales/fish/cn.json'),
    TH: () => import('../locales/fish/th.json'),
    VI: () => import('../locales/fish/vi.json'),
  },
  // Issue 6: what the betting record shows of a pvp bet.
  pvp: {
    MY: () => import('../locales/pvp/my.json'),
    EN: () => import('../locales/pvp/en.json'),
    CN: () => import('../locales/pvp/cn.json'),
    TH: () => import('../locales/pvp/th.json'),
    VI: () => import('../locales/pvp/vi.json'),
  },
  // Issue 7: the lottery pages (digit games, draw results, the lottery bet details, the errors).
  lottery: {
    MY: () => import('../locales/lottery/my.json'),
    EN: () => import('../locales/lottery/en.json'),
    CN: () => import('../locales/lottery/cn.json'),
    TH: () => import('../locales/lottery/th.json'),
    VI: () => import('../locales/lottery/vi.json'),
  },
  // Issue 7: the Vietnamese lottery page, /elott and the home page's popular numbers.
  vnlottery: {
    MY: () => import('../locales/vnlottery/my.json'),
    EN: () => import('../locales/vnlottery/en.json'),
    CN: () => import('../locales/vnlottery/cn.json'),
    TH: () => import('../locales/vnlottery/th.json'),
    VI: () => import('../locales/vnlottery/vi.json'),
  },
} satisfies Record<string, Record<CompleteLanguage, Loader>>;
/**
 * Parts whose loaders live in their own lazy chunk, registered there before first use (issue 8:
 * the agent centre's texts), so their loaders cost the home page nothing.
 */
export type LatePart =
  | 'agent'
  | 'contracts'
  // Issue 9: each registered by its feature's own chunk (features/<domain>/catalogues.ts).
  | 'announcements'
  | 'promotions'
  | 'points'
  | 'rewards'
  | 'content';
export type CataloguePart = keyof typeof PART_CATALOGUES | LatePart;
const PARTS: Partial<Record<CataloguePart, Record<CompleteLanguage, Loader>>> = PART_CATALOGUES;
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
  return typeof value === 'string' && Object.hasOwn(PARTS, value);
}
/** The language being applied (its texts loading), until it is the current one. */
let applying: LanguageCode | null = null;
const partsLoaded = new Set<string>();

async function ensureParts(catalogue: CompleteLanguage): Promise<void> {
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

export async function initI18n(code: LanguageCode = readStoredLanguage()): Promise<void> {
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
