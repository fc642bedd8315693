import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { createQueryClient } from '@/lib/query-client';
import { getToken, useSessionStore } from '@/lib/storage';
import { mockServer, siteHandlers, type Handler } from './fixtures';

/** Renders the real route tree at `path` against a mocked server (CONVENTIONS habit 11). */
export function renderApp(path: string, handlers: Record<string, Handler> = siteHandlers()) {
  const server = mockServer(handlers);
  // As at app start: the session store mirrors session storage.
  useSessionStore.setState({ token: getToken() });
  vi.stubGlobal('fetch', vi.fn(server.fetchMock));
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, router, queryClient, calls: server.calls };
}
