import type { LanguageCode } from '@app/contracts';
import type { Theme } from './theme';

/**
 * Cookies that tell the server how this browser renders a page, so that a page the server renders
 * first (entry-server.tsx) is the one the client would render: the theme, the language, and
 * whether a session is open (a signed-in page is always rendered by the client). They carry no
 * secret and are read by no API call; the server's static-web plugin reads them.
 */
export const RENDER_HINT_COOKIES = { theme: 'ui_theme', lang: 'ui_lang', session: 'ui_session' } as const;

const YEAR_S = 365 * 24 * 3600;

function write(name: string, value: string | null) {
  try {
    document.cookie =
      value === null
        ? `${name}=; Path=/; Max-Age=0; SameSite=Lax`
        : `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${YEAR_S}; SameSite=Lax`;
  } catch {
    /* cookies disabled: the server renders the default page, the client corrects it */
  }
}

export const hintTheme = (theme: Theme) => write(RENDER_HINT_COOKIES.theme, theme);
export const hintLanguage = (language: LanguageCode) => write(RENDER_HINT_COOKIES.lang, language);
export const hintSession = (signedIn: boolean) => write(RENDER_HINT_COOKIES.session, signedIn ? '1' : null);
