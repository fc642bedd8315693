import { RENDER_HINT_COOKIES, hint } from './render-hints';
import { LOCAL_KEYS, local } from './storage';

export type Theme = 'light' | 'dark';

export const isTheme = (value: unknown): value is Theme => value === 'light' || value === 'dark';

/** A server render has no storage: it renders the theme the browser's hint cookie named. */
let serverTheme: Theme = 'light';
export function setServerTheme(theme: Theme): void {
  serverTheme = theme;
}

/** Stored choice first, else the system preference, else light. */
export function readTheme(): Theme {
  if (import.meta.env.SSR) return serverTheme;
  const stored = local.get(LOCAL_KEYS.theme);
  if (isTheme(stored)) return stored;
  const prefersDark =
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
  return prefersDark ? 'dark' : 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
}

export function saveTheme(theme: Theme) {
  local.set(LOCAL_KEYS.theme, theme);
  applyTheme(theme);
  hint(RENDER_HINT_COOKIES.theme, theme);
}
