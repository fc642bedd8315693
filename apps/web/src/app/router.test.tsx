import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useUiStore } from '@/lib/ui-store';
import { loggedInHandlers } from '@/testing/fixtures';
import { renderApp } from '@/testing/render';

describe('routes', () => {
  it('redirects / to /index and renders home with header, side menu and footer', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome to LuckyStar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/index');
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    expect(screen.getByRole('complementary', { name: 'Side menu' })).toBeInTheDocument();
    expect(await screen.findByText('© 2025 LuckyStar. All rights reserved.')).toBeInTheDocument();
    // Footer help menu links to the article on /help.
    expect(await screen.findByRole('link', { name: 'How to deposit' })).toHaveAttribute(
      'href',
      '/help?article=12',
    );
  });

  it.each(['/register', '/register.html'])('%s opens the register modal over home', async (path) => {
    renderApp(path);
    // The form's texts and fields load first: more than a second on a loaded machine.
    const dialog = await screen.findByRole('dialog', { name: 'Register' }, { timeout: 5_000 });
    expect(
      await within(dialog).findByRole('button', { name: 'Create account' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
  });

  it('closes a modal with Escape and leaves /login for /index', async () => {
    const { router } = renderApp('/login');
    await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/index');
  });

  it('opens the login and register modals from the header', async () => {
    renderApp('/index');
    await userEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('dialog', { name: 'Register' })).toBeInTheDocument();
  });

  it('serves the one games route for rng, pvp, fish and live, and not-found for other words', async () => {
    const { unmount } = renderApp('/rng?vassalage=PG');
    expect(await screen.findByRole('heading', { name: 'Slots' })).toBeInTheDocument();
    // The lobby (issue 5) with its search; the vendor of the address filters the list.
    expect(
      await screen.findByRole('searchbox', { name: 'Search games' }, { timeout: 5_000 }),
    ).toBeInTheDocument();
    unmount();
    renderApp('/bogus');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('renders not-found for deep unknown paths', async () => {
    renderApp('/a/b/c');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('renders the help centre with sanitised article HTML, also without header on /helpmc', async () => {
    const { unmount } = renderApp('/help?article=11');
    const article = await screen.findByRole('article', { name: 'How to register' });
    expect(within(article).getByText('Register')).toBeInTheDocument();
    expect(article.innerHTML).not.toContain('<script');
    unmount();
    renderApp('/helpmc');
    expect(await screen.findByRole('article', { name: 'How to register' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows the app downloads of status on /down and /download', async () => {
    renderApp('/down');
    expect(await screen.findByRole('link', { name: 'Download Android app' })).toHaveAttribute(
      'href',
      'https://dl.example.test/app.apk',
    );
  });

  it('shows an empty game frame when no frame url is stored, and the frame when one is', async () => {
    const { unmount } = renderApp('/game');
    expect(await screen.findByText('No game is open. Choose a game to play.')).toBeInTheDocument();
    unmount();
    window.sessionStorage.setItem('game_url', 'https://games.example.test/play/1');
    renderApp('/game');
    expect(await screen.findByTitle('Game')).toHaveAttribute('src', 'https://games.example.test/play/1');
  });

  it('renders header-only pages without the side menu', async () => {
    renderApp('/lottery?gameCode=TCG&playType=A');
    expect(await screen.findByRole('heading', { name: 'Lottery' })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: 'Side menu' })).not.toBeInTheDocument();
  });

  it('opens the side menu drawer with its button and closes it with Escape', async () => {
    renderApp('/index');
    const toggle = await screen.findByRole('button', { name: 'Open side menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the second customer-service entry when the brand has VIP service', async () => {
    const { siteHandlers } = await import('@/testing/fixtures');
    renderApp('/index', siteHandlers({ status: { flagsOn: ['vipService'] } }));
    expect(await screen.findByRole('button', { name: /VIP customer service VIP desk/ })).toBeInTheDocument();
  });

  it('switches the theme and keeps it', async () => {
    renderApp('/index');
    const toggle = await screen.findByRole('button', { name: 'Dark theme' });
    await userEvent.click(toggle);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('renders the agent centre once loaded, on the team overview, with its close button', async () => {
    renderApp('/index', loggedInHandlers({ type: 1, account: 'agent01' }));
    await screen.findByRole('heading', { name: 'Welcome to LuckyStar' });
    useUiStore.getState().openPanel('agent');
    const panel = await screen.findByRole('dialog', { name: 'Agent centre' });
    expect(await within(panel).findByRole('heading', { name: 'Team overview' })).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Hourly salary' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'My income' }));
    expect(useUiStore.getState().panels.agent.page).toBe('agentRevenueReport');
    await userEvent.click(within(panel).getByRole('button', { name: 'Close' }));
    expect(useUiStore.getState().panels.agent.open).toBe(false);
  });
});
