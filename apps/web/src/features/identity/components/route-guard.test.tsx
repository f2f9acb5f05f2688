import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { IdentityState } from '../types';
import { IdentityTokenError } from '../utils/identity-errors';
import { RouteGuard } from './route-guard';

function renderGuard(identity: IdentityState) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      {
        path: '/account',
        element: (
          <RouteGuard identity={identity} onLogin={vi.fn()}>
            <h1>Dashboard</h1>
          </RouteGuard>
        ),
      },
    ],
    { initialEntries: ['/account'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => vi.useRealTimers());

describe('RouteGuard', () => {
  it("Verifying, then 'Taking Longer Than Expected' after 10 s", async () => {
    vi.useFakeTimers();
    renderGuard({ status: 'loading', user: null, error: null });
    expect(screen.getByRole('heading', { name: 'Verifying' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('heading', { name: 'Taking Longer Than Expected' })).toBeInTheDocument();
  });

  it("an error shows 'Authentication Required'", () => {
    renderGuard({ status: 'unauthenticated', user: null, error: new Error('boom') });
    expect(screen.getByRole('heading', { name: 'Authentication Required' })).toBeInTheDocument();
    expect(screen.queryByText('boom')).not.toBeInTheDocument();
  });

  it("the error is told in the shopper's words, its code and message stay out of the page (storefront spec §8)", () => {
    const timedOut = new IdentityTokenError('timeout', 'Timeout');
    renderGuard({ status: 'unauthenticated', user: null, error: new IdentityTokenError('timeout', 'Login failed', { cause: timedOut }) });
    expect(screen.getByText('Signing in took too long. Check your connection and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Login failed|Timeout/)).not.toBeInTheDocument();
  });

  it('signed out visitors go to /', async () => {
    const router = renderGuard({ status: 'unauthenticated', user: null, error: null });
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('signed in shows the page', () => {
    renderGuard({ status: 'authenticated', user: { sub: 's', email: 'a@b.c', emailVerified: true, name: 'A' }, error: null });
    expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });
});
