import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProvider } from './provider';
import { createAppRouter, type AppRouter } from './router';

/**
 * The app around its router. main.tsx creates the router before the first render (so the first
 * page's code and loader start while the texts load); without one (tests) it is created here.
 */
export function App({ queryClient, router: given }: { queryClient: QueryClient; router?: AppRouter }) {
  const [router] = useState(() => given ?? createAppRouter());
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
