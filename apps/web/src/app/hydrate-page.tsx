import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, matchRoutes } from 'react-router';
import { getStatusQueryOptions } from '@/features/system/api/get-status';
import { initI18n, isCataloguePart, loadCatalogues } from '@/lib/i18n';
import type { SsrState } from '@/lib/ssr-state';
import { storeMerchant } from '@/lib/storage';
import { yieldToMain } from '@/lib/yield';
import { App } from './app';
import { routes } from './router';

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
 * The server's answers into the cache, as they were (TanStack's `hydrate` does more: pending and
 * failed queries, which the server's `dehydrate` never sends; its code is 0.4 KiB of /index's first
 * load, which the server renders).
 */
function takeQueries(queryClient: QueryClient, state: SsrState['queries']): void {
  for (const q of state.queries) {
    if (q.state.status !== 'success') continue;
    queryClient.setQueryData(q.queryKey, q.state.data, { updatedAt: q.state.dataUpdatedAt });
  }
}

/**
 * Marks the document once React has taken the server's markup over (`<html data-hydrated>`):
 * before that, a click on the server's markup does nothing. Tests wait for it (e2e/support/page.ts).
 */
function Hydrated({ children }: { children: ReactNode }) {
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return children;
}

/**
 * The server sent the page rendered (entry-server.tsx): the client takes over the same markup
 * with the same data and texts.
 */
export async function hydrateServerPage(ssr: SsrState, queryClient: QueryClient): Promise<void> {
  // Each step in its own task (yieldToMain): on a phone none of them adds up to a long task.
  // The server's answers of the page (permission and status among them) are the cache's.
  takeQueries(queryClient, ssr.queries);
  void queryClient
    .fetchQuery(getStatusQueryOptions())
    .then((s) => storeMerchant(s.merchant))
    .catch(() => undefined);
  await yieldToMain();
  const texts = ssr.texts && typeof ssr.texts === 'object' ? ssr.texts : undefined;
  await initI18n(ssr.language, texts);
  await yieldToMain();
  // The page's code first: a feature's own texts are registered by it (lib/i18n.ts LatePart). The
  // early parts' loaders come with the pages that need them (lib/catalogue-parts.ts), else on demand.
  await resolveLazyRoutes();
  await loadCatalogues(...(Array.isArray(ssr.parts) ? ssr.parts.filter(isCataloguePart) : []));
  await yieldToMain();
  const router = createBrowserRouter(routes, { hydrationData: ssr.router });
  await yieldToMain();
  // In a transition, hydration yields to the browser every few milliseconds (no long task).
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <Hydrated>
          <App queryClient={queryClient} router={router} />
        </Hydrated>
      </StrictMode>,
    );
  });
}
