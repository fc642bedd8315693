import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { headerNav } from '@/config/nav';
import { TopNav } from './top-nav';

function setup(path: string) {
  const onNavigate = vi.fn();
  let renders = 0;
  function Shell() {
    renders += 1;
    useLocation();
    return <TopNav entries={headerNav(['LOTT', 'ELOTT', 'SPORTS', 'RNG'])} onNavigate={onNavigate} />;
  }
  const router = createMemoryRouter([{ path: '*', element: <Shell /> }], { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, onNavigate, renders: () => renders };
}

describe('TopNav', () => {
  it('sends LOTT and ELOTT to /elott', async () => {
    const { router } = setup('/index');
    await userEvent.click(screen.getByRole('link', { name: 'Lottery' }));
    expect(router.state.location.pathname).toBe('/elott');
    await userEvent.click(screen.getByRole('link', { name: 'Home' }));
    await userEvent.click(screen.getByRole('link', { name: 'E-Lottery' }));
    expect(router.state.location.pathname).toBe('/elott');
  });

  it('does nothing when the entry is the current path', async () => {
    const { router, onNavigate, renders } = setup('/sports');
    const before = renders();
    const key = router.state.location.key;
    await userEvent.click(screen.getByRole('link', { name: 'Sports' }));
    expect(router.state.location.key).toBe(key);
    expect(router.state.historyAction).toBe('POP');
    expect(onNavigate).not.toHaveBeenCalled();
    expect(renders()).toBe(before);
  });

  it('marks the current entry for assistive technology', () => {
    setup('/rng');
    expect(screen.getByRole('link', { name: 'Slots' })).toHaveAttribute('aria-current', 'page');
  });
});
