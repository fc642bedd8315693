import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { walletBalance } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { loggedInHandlers, ok, siteHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { balanceFixture } from '../testing';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((r) => (release = r));
  return { promise, release };
}

describe('header balance', () => {
  it('shows the currency prefix and sumBalance; a click shows "Updating…" until the new balance arrives', async () => {
    const gate = deferred();
    let asked = 0;
    renderApp('/index', {
      ...loggedInHandlers(),
      [walletBalance.path]: async () => {
        asked += 1;
        if (asked === 1) return ok(walletBalance, balanceFixture({ sumBalance: 50_000_000 }));
        await gate.promise;
        return ok(walletBalance, balanceFixture({ sumBalance: 49_876_550 }));
      },
    });
    const refresh = await screen.findByRole('button', { name: 'Refresh balance' }, { timeout: 5_000 });
    await waitFor(() => expect(refresh).toHaveTextContent('MMK500,000.00'), { timeout: 5_000 });

    await userEvent.click(refresh);
    await waitFor(() => expect(refresh).toHaveTextContent(/^Updating…$/));
    expect(refresh).not.toHaveTextContent('500,000.00');
    gate.release();
    await waitFor(() => expect(refresh).toHaveTextContent('MMK498,765.50'));
    expect(asked).toBe(2);
  });

  it('hides the amount as *** and remembers the choice on this device', async () => {
    const handlers = {
      ...loggedInHandlers(),
      [walletBalance.path]: () => ok(walletBalance, balanceFixture()),
    };
    const first = renderApp('/index', handlers);
    const group = await screen.findByRole('group', { name: 'Balance' }, { timeout: 5_000 });
    const refresh = within(group).getByRole('button', { name: 'Refresh balance' });
    await waitFor(() => expect(refresh).toHaveTextContent('500,000.00'));
    const hide = within(group).getByRole('button', { name: 'Hide balance' });
    expect(hide).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(hide);
    expect(hide).toHaveAttribute('aria-pressed', 'true');
    expect(refresh).toHaveTextContent('MMK***');
    expect(refresh).not.toHaveTextContent('500,000.00');
    expect(window.localStorage.getItem('balanceHidden')).toBe('1');

    // A new visit (same device) starts hidden; showing it again is one click.
    first.unmount();
    renderApp('/index', handlers);
    const again = await screen.findByRole('button', { name: 'Refresh balance' }, { timeout: 5_000 });
    await waitFor(() => expect(again).toHaveTextContent('MMK***'));
    await userEvent.click(screen.getByRole('button', { name: 'Hide balance' }));
    await waitFor(() => expect(again).toHaveTextContent('MMK500,000.00'));
    expect(window.localStorage.getItem('balanceHidden')).toBe('0');
  });

  it('is not there for a guest (and no balance call is made)', async () => {
    const { calls } = renderApp('/index', siteHandlers());
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh balance' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === walletBalance.path)).toBe(false);
  });
});
