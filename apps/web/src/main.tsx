import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { setNonce } from 'get-nonce';
import { App } from './app/app';
import { getPermissionQueryOptions } from './features/system/api/get-permission';
import { getStatusQueryOptions } from './features/system/api/get-status';
import { initI18n, readStoredLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { discardOrphanToken, storeMerchant } from './lib/storage';
import { applyTheme, readTheme } from './lib/theme';
import './styles/global.css';

applyTheme(readTheme());
// The dialogs' scroll lock injects one <style>; the strict CSP allows it by the page's nonce.
const nonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
if (nonce) setNonce(nonce);
// Spec §4: a token without an account is discarded at start.
discardOrphanToken();

// The guards need permission and status before any page: ask for them while the catalogue loads.
const queryClient = createQueryClient();
void queryClient.prefetchQuery(getPermissionQueryOptions());
queryClient
  .fetchQuery(getStatusQueryOptions())
  .then((s) => storeMerchant(s.merchant))
  .catch(() => undefined);

const root = createRoot(document.getElementById('root')!);
initI18n(readStoredLanguage())
  .catch(() => initI18n('EN'))
  .catch(() => undefined)
  .finally(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
