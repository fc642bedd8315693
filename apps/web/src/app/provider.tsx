import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { permission as permissionEndpoint } from '@app/contracts';
import { permissionQueryKey } from '@/features/system/api/get-permission';
import { setApiListeners } from '@/lib/api-client';

/**
 * Server state and the api client's access hook: a guarded answer (503 MAINTENANCE,
 * 403 REGION_RESTRICTED / IP_BLOCKED) makes the guard look at permission again.
 */
export function AppProvider({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  useEffect(
    () =>
      setApiListeners({
        onAccessDenied: (endpoint) => {
          if (endpoint.id === permissionEndpoint.id) return;
          void queryClient.invalidateQueries({ queryKey: permissionQueryKey });
        },
      }),
    [queryClient],
  );
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
