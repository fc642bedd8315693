import { create } from 'zustand';

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

/**
 * The session as React sees it: the token, mirrored from session storage so components re-render
 * when someone logs in or out. Spec §4: "a token in session and an account exist; otherwise the
 * token is discarded at start" (see `discardOrphanToken`).
 */
export const useSessionStore = create<{ token: string | null }>(() => ({ token: getToken() }));

/** Spec §4 at start: a token without an account is discarded. */
export function discardOrphanToken(): void {
  if (getToken() && !session.get(SESSION_KEYS.account)) session.remove(SESSION_KEYS.token);
  useSessionStore.setState({ token: getToken() });
}

/** The merchant keys survive a logout (spec §4 "restore merchant keys"). */
export function storeMerchant(m: { brand: string; merchantCode: string }): void {
  session.set(SESSION_KEYS.merchant, m.brand);
  session.set(SESSION_KEYS.merchantCode, m.merchantCode);
}

/** Spec §4 logout: clear session storage, restore the merchant keys. */
export function clearSession(): void {
  const merchant = session.get(SESSION_KEYS.merchant);
  const merchantCode = session.get(SESSION_KEYS.merchantCode);
  safe(() => window.sessionStorage.clear(), undefined);
  if (merchant !== null) session.set(SESSION_KEYS.merchant, merchant);
  if (merchantCode !== null) session.set(SESSION_KEYS.merchantCode, merchantCode);
  useSessionStore.setState({ token: null });
}
