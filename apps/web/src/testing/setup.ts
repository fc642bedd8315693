import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { initI18n } from '@/lib/i18n';
import { useSessionStore } from '@/lib/storage';
import { useUiStore } from '@/lib/ui-store';

const initialUi = useUiStore.getState();

// A page's first render in a test transforms its lazy modules on the way; on a busy machine that
// takes more than the default second (findBy…, waitFor).
configure({ asyncUtilTimeout: 3_000 });

beforeAll(async () => {
  await initI18n('EN');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  window.sessionStorage.clear();
  useUiStore.setState(initialUi, true);
  useSessionStore.setState({ token: null });
});

// jsdom does not implement scrolling; the scroll manager calls it on every navigation.
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView = vi.fn();
