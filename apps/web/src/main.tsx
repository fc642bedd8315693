import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { createAppRouter, routerReady } from './app/router';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { initI18n, readStoredLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { discardOrphanToken, storeMerchant } from './lib/storage';
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

async function boot() {
  applyTheme(readTheme());
  // The dialogs' scroll lock injects one <style>; the strict CSP allows it by the page's nonce.
  const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  if (nonce) setNonce(nonce);
  // Spec §4: a token without an account is discarded at start.
  discardOrphanToken();

  // The guards need permission and status before any page: ask for them while the catalogue loads.
  const queryClient = createQueryClient();
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
