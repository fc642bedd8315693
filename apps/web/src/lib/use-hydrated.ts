import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the server's render and while the browser hydrates it, true after (and at once in a
 * page the browser renders alone). For what only the browser knows, like its time zone: the
 * first render shows what the server can, the next one the browser's own.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
