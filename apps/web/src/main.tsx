import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { initI18n, readStoredLanguage, useLanguageStore } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { RENDER_HINT_COOKIES, hint } from './lib/render-hints';
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

/** Whether this browser renders the page the server rendered. */
const sameAsServer = (ssr: SsrState) =>
  getToken() === null && readStoredLanguage() === ssr.language && readTheme() === ssr.theme;

/** Keeps the render hints (lib/render-hints.ts) in step with the session, language and theme. */
function keepRenderHints() {
  const write = () => {
    hint(RENDER_HINT_COOKIES.theme, readTheme());
    hint(RENDER_HINT_COOKIES.lang, readStoredLanguage());
    hint(RENDER_HINT_COOKIES.session, getToken() === null ? null : '1');
  };
  write();
  useSessionStore.subscribe(write);
  useLanguageStore.subscribe(write);
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
  // (An empty root: boot.ts has already cleared a page this browser will not take over.)
  const serverPage =
    ssr && sameAsServer(ssr) && document.getElementById('root')!.hasChildNodes() ? ssr : null;
  // The server's page is not this browser's (a session, another language or theme): it goes now,
  // before anyone types into it, and the browser renders its own.
  if (ssr && !serverPage) {
    document.getElementById('root')!.replaceChildren();
    document.documentElement.removeAttribute('data-ssr');
  }

  const queryClient = createQueryClient();
  if (serverPage) {
    // The page came rendered: its own module (only such pages load it) takes it over, once the
    // boot script (boot.ts) has run the page's modules one per task.
    await (window as { appModules?: Promise<void> }).appModules;
    const { hydrateServerPage } = await import('./app/hydrate-page');
    return hydrateServerPage(serverPage, queryClient);
  }
  // The guards need permission and status before any page: ask for them while the catalogue loads.
  const permission = queryClient.prefetchQuery(getPermissionQueryOptions());
  const status = queryClient
    .fetchQuery(getStatusQueryOptions())
    .then((s) => storeMerchant(s.merchant))
    .catch(() => undefined);
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

// Issue 9 PWA: the service worker (its own file, /sw.js) once the page has loaded, off the start.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
