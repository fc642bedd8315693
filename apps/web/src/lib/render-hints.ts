/**
 * Cookies that tell the server how this browser renders a page, so that a page the server renders
 * first (entry-server.tsx) is the one the client would render: the theme, the language, and
 * whether a session is open (a signed-in page is always rendered by the client). They carry no
 * secret and are read by no API call; the server's static-web plugin reads them.
 */
export const RENDER_HINT_COOKIES = { theme: 'ui_theme', lang: 'ui_lang', session: 'ui_session' } as const;

/** Sets (a year) or, with null, removes one hint. */
export function hint(name: string, value: string | null): void {
  try {
    document.cookie = `${name}=${value ?? ''}; Path=/; Max-Age=${value === null ? 0 : 31536000}; SameSite=Lax`;
  } catch {
    /* cookies disabled: the server renders the default page, the client renders its own */
  }
}
