import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { loadChunk } from '@/lib/chunk';
import { RouteError } from './route-error';

describe('chunk-load failure', () => {
  it('shows a translated screen with a Retry button that reloads, not a blank page', async () => {
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          HydrateFallback: () => null,
          lazy: () =>
            loadChunk(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { name: 'This part of the site could not be loaded' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(reload).toHaveBeenCalled();
  });

  it('shows the same screen when a page chunk has not loaded after 120 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const router = createMemoryRouter(
      [
        {
          path: '/',
          errorElement: <RouteError />,
          lazy: () => loadChunk(() => new Promise<never>(() => undefined)),
        },
      ],
      { initialEntries: ['/'] },
    );
    render(<RouterProvider router={router} />);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
