import { LOCAL_KEYS, local } from './storage';

export type Theme = 'light' | 'dark';

/** Stored choice first, else the system preference, else light. */
export function readTheme(): Theme {
  const stored = local.get(LOCAL_KEYS.theme);
  if (stored === 'light' || stored === 'dark') return stored;
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
}
