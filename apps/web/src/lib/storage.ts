/**
 * Storage keys exactly as spec §3 names them. Session storage holds the session (issue 3 fills
 * most of it); local storage holds the language choice and the theme.
 */
export const SESSION_KEYS = {
  token: 'token',
  memberLabel: 'memberLabel',
  customerId: 'customerId',
  account: 'account',
  merchant: 'merchant',
  merchantCode: 'merchantCode',
  currentVassalage: 'current_vassalage',
  /** The launched game's frame address (spec §4 "stores the frame url"); set by the games issue. */
  gameUrl: 'game_url',
} as const;

export const LOCAL_KEYS = {
  lang: 'lang',
  hisLang: 'hisLang',
  theme: 'theme',
} as const;

// Storage can throw (private mode, disabled cookies); the app must still run without it.
function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
};

export const session = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
};

export function getToken(): string | null {
  const token = session.get(SESSION_KEYS.token);
  return token ? token : null;
}
