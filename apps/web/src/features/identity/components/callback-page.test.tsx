import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALLBACK_RETRIES_KEY } from '../constants';
import type { CallbackOutcome } from '../types';
import { CallbackPage } from './callback-page';

function fakeWindow(search: string) {
  return { location: { search, href: `http://localhost/callback${search}`, reload: vi.fn() }, sessionStorage: window.sessionStorage } as unknown as Window;
}

function renderCallback(search: string, handleCallback: (url: string) => Promise<CallbackOutcome>) {
  const win = fakeWindow(search);
  const router = createMemoryRouter(
    [
      { path: '/callback', element: <CallbackPage handleCallback={handleCallback} onLoginAgain={vi.fn()} providerName="SongWish sign-in" win={win} /> },
      { path: '/account', element: <h1>Account page</h1> },
      { path: '/products', element: <h1>Products page</h1> },
    ],
    { initialEntries: [`/callback${search}`] },
  );
  render(<RouterProvider router={router} />);
  return { win, router };
}

afterEach(() => vi.useRealTimers());

describe('CallbackPage', () => {
  it('needs both code and state', () => {
    renderCallback('?code=abc', vi.fn());
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
    expect(screen.getByText('Missing required authentication parameters in callback URL')).toBeInTheDocument();
  });

  it("shows the provider's error description, else names the provider; not retryable", () => {
    renderCallback('?error=access_denied&error_description=User%20cancelled&state=x', vi.fn());
    expect(screen.getByText('User cancelled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Try again/ })).not.toBeInTheDocument();
  });

  it('names the provider when there is no description', () => {
    renderCallback('?error=access_denied&state=x', vi.fn());
    expect(screen.getByText('SongWish sign-in returned error: access_denied')).toBeInTheDocument();
  });

  it('goes to returnTo after success and clears the retries', async () => {
    sessionStorage.setItem(CALLBACK_RETRIES_KEY, '2');
    const { router } = renderCallback('?code=c&state=s', async () => ({ kind: 'redirect', returnTo: '/products' }));
    expect(await screen.findByRole('heading', { name: 'Products page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(sessionStorage.getItem(CALLBACK_RETRIES_KEY)).toBeNull();
  });

  it('a forged or missing transaction is Invalid state', async () => {
    renderCallback('?code=c&state=forged', () => Promise.reject(new Error('No matching state found in storage')));
    expect(await screen.findByText('Invalid state')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Authentication Error' })).toBeInTheDocument();
  });

  it('gives hints for expired and invalid codes, and network errors are retryable', async () => {
    renderCallback('?code=c&state=s', () =>
      Promise.reject(Object.assign(new Error('invalid_grant'), { error: 'invalid_grant', error_description: 'authorization code is expired' })),
    );
    expect(await screen.findByText('Your sign-in link has expired. Please sign in again.')).toBeInTheDocument();
  });

  it('retries a network error by reloading, counting in sessionStorage', async () => {
    const { win } = renderCallback('?code=c&state=s', () => Promise.reject(new TypeError('Failed to fetch')));
    await userEvent.click(await screen.findByRole('button', { name: 'Try again (3 retries left)' }));
    expect(sessionStorage.getItem(CALLBACK_RETRIES_KEY)).toBe('1');
    expect(win.location.reload).toHaveBeenCalledOnce();
  });

  it("'Max Retries Reached' after 3 retries", async () => {
    sessionStorage.setItem(CALLBACK_RETRIES_KEY, '3');
    renderCallback('?code=c&state=s', () => Promise.reject(new TypeError('Failed to fetch')));
    expect(await screen.findByRole('heading', { name: 'Max Retries Reached' })).toBeInTheDocument();
  });

  it("'Connection Timeout' after 15 s", async () => {
    vi.useFakeTimers();
    renderCallback('?code=c&state=s', () => new Promise(() => undefined));
    expect(screen.getByRole('heading', { name: 'Signing you in...' })).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(14_999));
    expect(screen.queryByRole('heading', { name: 'Connection Timeout' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('heading', { name: 'Connection Timeout' })).toBeInTheDocument();
  });
});
