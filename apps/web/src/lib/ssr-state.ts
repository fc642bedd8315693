import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { LanguageCode } from '@app/contracts';
import { isLanguageCode, type CataloguePart } from './i18n';
import type { Theme } from './theme';

/** The id of the page's JSON block that carries the server render's state. */
export const SSR_STATE_ID = 'ssr-state';

/** What the server's first render of a page hands the client so it can hydrate the same tree. */
export interface SsrState {
  /** The language the page was rendered in. */
  language: LanguageCode;
  /** The theme the page was rendered in (the theme switch shows it). */
  theme: Theme;
  /**
   * The language's base catalogue (the texts the page was rendered with): the page's first load
   * takes them from here instead of fetching their module (issue 11: /index's JS budget).
   */
  texts?: Record<string, unknown>;
  /** The text parts the page's loaders loaded. */
  parts: CataloguePart[];
  /** TanStack Query's cache after the render (permission, status, the page's data). */
  queries: DehydratedState;
  /** The router's loader data. */
  router: HydrationState;
}

/**
 * The server render's state, when the page came with one (and its markup in #root); null
 * otherwise. The block is removed: it is read once.
 */
export function takeSsrState(doc: Document = document): SsrState | null {
  const el = doc.getElementById(SSR_STATE_ID);
  if (!el) return null;
  el.remove();
  try {
    const state = JSON.parse(el.textContent ?? '') as Partial<SsrState>;
    // Its texts' parts are checked where they are loaded (app/hydrate-page).
    if (!isLanguageCode(state.language) || !state.theme || !state.queries || !state.router) return null;
    return state as SsrState;
  } catch {
    return null;
  }
}
