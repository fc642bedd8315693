import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { loggedInHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

// Counts the renders of the dialog around the centre (the real Modal renders).
const modalRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('@/components/ui/modal', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/components/ui/modal')>();
  return {
    ...real,
    Modal: (props: Parameters<typeof real.Modal>[0]) => {
      modalRenders.count += 1;
      return real.Modal(props);
    },
  };
});

afterEach(() =>
  useUiStore.setState({
    panels: { personal: { open: false, page: null }, agent: { open: false, page: null } },
  }),
);

describe('the centre panel page switch (issue 11, lab INP)', () => {
  it(
    'marks the new entry, shows its page and leaves the dialog around them alone',
    { timeout: 60_000 },
    async () => {
      renderApp('/index', loggedInHandlers());
      await screen.findByRole('button', { name: /Account menu/ }, { timeout: 15_000 });
      act(() => useUiStore.getState().openPanel('personal', 'securityCenter'));
      const panel = await screen.findByRole('dialog', { name: 'Member centre' }, { timeout: 15_000 });
      await within(panel).findByRole('heading', { name: 'My account', level: 2 }, { timeout: 15_000 });
      const menu = within(panel).getAllByRole('navigation')[0]!;
      const entry = (name: string) => within(menu).getByRole('button', { name });

      const before = modalRenders.count;
      await userEvent.click(entry('Wallet'));
      expect(entry('Wallet')).toHaveAttribute('aria-current', 'page');
      expect(entry('My account')).not.toHaveAttribute('aria-current');
      await within(panel).findByRole('heading', { name: 'Wallet', level: 2 }, { timeout: 15_000 });
      expect(within(panel).queryByRole('heading', { name: 'My account', level: 2 })).toBeNull();
      // And back: a page already loaded.
      await userEvent.click(entry('My account'));
      await within(panel).findByRole('heading', { name: 'My account', level: 2 }, { timeout: 15_000 });
      expect(entry('My account')).toHaveAttribute('aria-current', 'page');
      // The switches re-rendered the menu and the page only: the dialog (Radix, its focus trap and
      // layers) is not rendered again.
      expect(modalRenders.count).toBe(before);
    },
  );
});
