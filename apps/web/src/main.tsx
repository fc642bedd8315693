import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate, type QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { createAppRouter, routerReady, routes } from './app/router';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { initI18n, loadCatalogues, readStoredLanguage, useLanguageStore } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { hintLanguage, hintSession, hintTheme } from './lib/render-hints';
import { takeSsrState, type SsrState } from './lib/ssr-state';
import { discardOrphanToken, getToken, storeMerchant, useSessionStore } from './lib/storage';
import { applyTheme, readTheme } from './lib/theme';
import { yieldToMain } from './lib/yield';
import './styles/global.css';

/**
 * How long the first render waits for the page to be whole (texts, guard answers, the page's code
 * and loader). Within it the first paint is the page itself, not a loading screen that the page
 * then replaces (a second render and layout of everything, long tasks on a phone); a start that
 * hangs shows the loading screen after it, as before.
 */
const FIRST_PAINT_WAIT_MS = 8_000;

/**
 * The page's code of the address before the first render: a lazy route resolved now, so the
 * server's markup is hydrated by the same tree at once (no loading fallback in between).
 */
async function resolveLazyRoutes(): Promise<void> {
  const lazy = (matchRoutes(routes, window.location) ?? []).filter((m) => m.route.lazy);
  await Promise.all(
    lazy.map(async (m) => {
      const load = m.route.lazy as () => Promise<Record<string, unknown>>;
      const mod = await load();
      Object.assign(m.route, { ...mod, lazy: undefined });
    }),
  );
}

/**
 * The server sent the page rendered (entry-server.tsx): the client takes over the same markup
 * with the same data and texts. Null when this browser would render another page (a session,
 * another language or theme): the client then renders it over the server's markup.
 */
async function hydrateServerPage(ssr: SsrState, queryClient: QueryClient): Promise<void> {
  await Promise.all([initI18n(ssr.language).then(() => loadCatalogues(...ssr.parts)), resolveLazyRoutes()]);
  const router = createBrowserRouter(routes, { hydrationData: ssr.router });
  // In a transition, hydration yields to the browser every few milliseconds (no long task).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    );
  });
}

/** Whether this browser renders the page the server rendered. */
const sameAsServer = (ssr: SsrState) =>
  getToken() === null && readStoredLanguage() === ssr.language && readTheme() === ssr.theme;

/** Keeps the render hints (lib/render-hints.ts) in step with the session, language and theme. */
function keepRenderHints() {
  hintTheme(readTheme());
  hintLanguage(readStoredLanguage());
  hintSession(getToken() !== null);
  useSessionStore.subscribe((s) => hintSession(s.token !== null));
  useLanguageStore.subscribe((s) => hintLanguage(s.code));
}

async function boot() {
  applyTheme(readTheme());
  // The dialogs' scroll lock injects one <style>; the strict CSP allows it by the page's nonce.
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) setNonce(nonce);
  // Spec §4: a token without an account is discarded at start.
  discardOrphanToken();
  keepRenderHints();
  const ssr = takeSsrState();
  const serverPage = ssr && sameAsServer(ssr) ? ssr : null;

  // The guards need permission and status before any page: ask for them while the catalogue loads.
  const queryClient = createQueryClient();
  // The server's answers of the page it rendered (permission and status among them: asked below,
  // they are answered from here).
  if (serverPage) hydrate(queryClient, serverPage.queries);
  const permission = queryClient.prefetchQuery(getPermissionQueryOptions());
  const status = queryClient
    .fetchQuery(getStatusQueryOptions())
    .then((s) => storeMerchant(s.merchant))
    .catch(() => undefined);
  if (serverPage) {
    void permission;
    void status;
    return hydrateServerPage(serverPage, queryClient);
  }
  const texts = initI18n(readStoredLanguage())
    .catch(() => initI18n('EN'))
    .catch(() => undefined);

  // Each step in its own task: the module evaluation, the router and the render never add up to
  // one long task. The router starts the page's code and loader (its data) now, beside the texts.
  await yieldToMain();
  const router = createAppRouter();
  await yieldToMain();

  await Promise.race([
    Promise.all([texts, permission, status, routerReady(router)]),
    new Promise((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
  await texts;
  const root = createRoot(document.getElementById('root')!);
  // A transition render yields to the browser every few milliseconds instead of one long task.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} router={router} />
      </StrictMode>,
    ),
  );
}

void boot();
