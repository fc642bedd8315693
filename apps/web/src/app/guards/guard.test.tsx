import { endpoints, flags } from '@app/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, siteHandlers, whitelabelTree } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';
import { decideGuard } from './decide';

const loginRequired = () => siteHandlers({ status: { flagsOn: ['loginRequired'] } });

describe('guards', () => {
  it('shows the maintenance page on every path', async () => {
    for (const path of ['/index', '/help', '/rng', '/no-such-page']) {
      const { unmount } = renderApp(path, siteHandlers({ permission: { maintenance: true } }));
      expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeInTheDocument();
      expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
      unmount();
    }
  });

  it('shows the restricted-region page on every path, also for a blocked IP', async () => {
    const { unmount } = renderApp('/sports', siteHandlers({ permission: { regionRestriction: true } }));
    expect(await screen.findByRole('heading', { name: 'Access restricted' })).toBeInTheDocument();
    expect(screen.getByText('This service is not available in your region.')).toBeInTheDocument();
    unmount();
    renderApp('/index', siteHandlers({ permission: { ipBlocked: true } }));
    expect(await screen.findByText('Access from your network address is blocked.')).toBeInTheDocument();
  });

  it('treats a 503 MAINTENANCE answer of a guarded call like the maintenance flag', async () => {
    renderApp('/index', {
      ...siteHandlers(),
      [endpoints.status.path]: () => fail('MAINTENANCE'),
    });
    expect(await screen.findByRole('heading', { name: 'System maintenance' })).toBeInTheDocument();
  });

  it('shows a translated error with retry when permission cannot be fetched', async () => {
    let attempts = 0;
    renderApp('/index', {
      ...siteHandlers(),
      [endpoints.permission.path]: () => {
        attempts += 1;
        if (attempts === 1) throw new TypeError('Failed to fetch');
        return ok(endpoints.permission, {
          maintenance: false,
          regionRestriction: false,
          ipBlocked: false,
          country: null,
        });
      },
    });
    expect(await screen.findByText('Connection problem, please retry.')).toBeInTheDocument();
    screen.getByRole('button', { name: 'Retry' }).click();
    expect(await screen.findByRole('heading', { name: 'Welcome to LuckyStar' })).toBeInTheDocument();
  });

  it('redirects to /login when the brand requires login and there is no token', async () => {
    const { router } = renderApp('/promotions', loginRequired());
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it.each(['/login', '/register', '/register.html', '/helpmc', '/download'])(
    'keeps %s open without a token on a login-required brand',
    async (path) => {
      const { router } = renderApp(path, loginRequired());
      // /login and /register open their modal over home (which hides the page from assistive tech).
      const opensModal = path !== '/helpmc' && path !== '/download';
      await screen.findByRole(opensModal ? 'dialog' : 'heading', opensModal ? {} : { level: 1 });
      expect(router.state.location.pathname).toBe(path);
    },
  );

  it('lets a session through on a login-required brand', async () => {
    window.sessionStorage.setItem('token', 't');
    const { router } = renderApp('/promotions', loginRequired());
    expect(await screen.findByRole('heading', { name: 'Promotions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/promotions');
  });

  it('decides in the spec order: maintenance, region, login', () => {
    const base = {
      permission: { maintenance: true, regionRestriction: true, ipBlocked: false, country: null },
      permissionError: null,
      flags: flags(whitelabelTree(['loginRequired'])),
      statusError: null,
      hasToken: false,
      pathname: '/index',
    };
    expect(decideGuard(base).kind).toBe('maintain');
    const open = { ...base.permission, maintenance: false };
    expect(decideGuard({ ...base, permission: open }).kind).toBe('regiona');
    const fine = { ...open, regionRestriction: false };
    expect(decideGuard({ ...base, permission: fine })).toEqual({ kind: 'redirect', to: '/login' });
    expect(decideGuard({ ...base, permission: fine, hasToken: true }).kind).toBe('ok');
    expect(decideGuard({ ...base, permission: fine, pathname: '/helpmc' }).kind).toBe('ok');
    expect(decideGuard({ ...base, permission: undefined }).kind).toBe('loading');
  });
});
