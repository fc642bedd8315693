/** Opens a page of the member or agent centre in the whole app against mocked calls (tests only). */
import { act, screen, within } from '@testing-library/react';
import { useUiStore } from '@/lib/ui-store';
import type { Handler } from './fixtures';
import { renderApp } from './render';

const PANEL_NAMES = { personal: 'Member centre', agent: 'Agent centre' } as const;

/**
 * Renders /index with `handlers` (they sign someone in), opens the `panel` centre on `page` and
 * waits for the page's heading.
 */
export async function openCentrePage(
  panel: keyof typeof PANEL_NAMES,
  page: string,
  heading: string,
  handlers: Record<string, Handler>,
) {
  const app = renderApp('/index', handlers);
  await screen.findByRole('button', { name: /Account menu/ }, { timeout: 5_000 });
  act(() => useUiStore.getState().openPanel(panel, page));
  const dialog = await screen.findByRole('dialog', { name: PANEL_NAMES[panel] }, { timeout: 5_000 });
  await within(dialog).findByRole('heading', { name: heading, level: 2 }, { timeout: 5_000 });
  return { ...app, panel: dialog };
}

/** The query of every call to `path`, as plain objects. */
export const queriesOf = (calls: { url: URL }[], path: string) =>
  calls.filter((c) => c.url.pathname === path).map((c) => Object.fromEntries(c.url.searchParams.entries()));

/** The JSON bodies sent to `path`. */
export const bodiesOf = (calls: { url: URL; init: RequestInit | undefined }[], path: string) =>
  calls
    .filter((c) => c.url.pathname === path && c.init?.method !== 'GET')
    .map((c) => JSON.parse(String(c.init?.body ?? '{}')) as Record<string, unknown>);
