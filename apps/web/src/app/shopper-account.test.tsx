import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import type { IdentityStore } from '#web/features/identity/identity-store.ts';
import { IdentityTokenError } from '#web/features/identity/utils/identity-errors.ts';
import { startLogin, useHeaderAccount, useShopperAccount } from './shopper-account';

const login = vi.fn<IdentityStore['login']>(() => Promise.resolve());
const getAccessToken = vi.fn(() => Promise.resolve('token-of-the-user'));
const signedIn = { status: 'authenticated', user: { sub: 'user-1', name: 'Dana Doe', email: 'dana@example.com' }, store: { login, getAccessToken } };
const signedOut = { status: 'unauthenticated', user: null, store: { login, getAccessToken } };
let identity: typeof signedIn | typeof signedOut = signedOut;

vi.mock('#web/features/identity/identity-provider.tsx', () => ({
  useIdentity: () => identity,
}));

afterEach(() => {
  clearToasts();
  identity = signedOut;
  vi.unstubAllGlobals();
});

/** A page at `path` with one query client for the whole test, as the app has one for the visit. */
const at = (path: string) => {
  const client = new QueryClient();
  return function Page({ children }: { children: ReactNode }) {
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>
      </QueryClientProvider>
    );
  };
};

describe('useShopperAccount', () => {
  it('signs a signed-out shopper up with the signup hint, back to their account (storefront spec §2)', () => {
    const { result } = renderHook(() => useShopperAccount(), { wrapper: at('/support') });
    if (result.current.status !== 'unauthenticated') throw new Error(`expected a signed-out shopper, got ${result.current.status}`);
    result.current.onSignup();
    expect(login).toHaveBeenLastCalledWith({ signup: true, returnTo: '/account' });
  });

  it('logs in without the hint, back to the page the shopper was on', () => {
    const { result } = renderHook(() => useShopperAccount(), { wrapper: at('/support?x=1') });
    if (result.current.status !== 'unauthenticated') throw new Error(`expected a signed-out shopper, got ${result.current.status}`);
    result.current.onLogin();
    expect(login).toHaveBeenLastCalledWith({ returnTo: '/support?x=1' });
  });
});

describe("the account menu's 'Admin' entry", () => {
  const answer = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  it('is offered to an administrator, asked once with their token', async () => {
    identity = signedIn;
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { administrator: true })));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useHeaderAccount(), { wrapper: at('/support') });
    await waitFor(() => expect(result.current).toMatchObject({ status: 'authenticated', adminHref: '/admin' }));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]).toEqual([
      '/api/access',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer token-of-the-user' }) }),
    ]);
  });

  it('is not offered to a shopper', async () => {
    identity = signedIn;
    const fetchMock = vi.fn(() => Promise.resolve(answer(200, { administrator: false })));
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useHeaderAccount(), { wrapper: at('/support') });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.status).toBe('authenticated');
    expect(result.current).not.toHaveProperty('adminHref');
  });

  it('is not offered when the session just ended: the 401 is not retried and shows nothing', async () => {
    identity = signedIn;
    const fetchMock = vi.fn(() => Promise.resolve(answer(401, { message: 'The access token has expired. Sign in again.' })));
    vi.stubGlobal('fetch', fetchMock);
    render(<Toaster />);
    const { result } = renderHook(() => useHeaderAccount(), { wrapper: at('/support') });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current.status).toBe('authenticated');
    expect(result.current).not.toHaveProperty('adminHref');
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(screen.queryByText(/expired/)).not.toBeInTheDocument();
  });

  it('is not asked about while signed out', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { result } = renderHook(() => useHeaderAccount(), { wrapper: at('/support') });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.status).toBe('unauthenticated');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('startLogin', () => {
  it("a login that fails is a toast in the shopper's words, not the error's message (storefront spec §8)", async () => {
    const blocked = new IdentityTokenError('popup_blocked', 'Unable to open a popup for loginWithPopup - window.open returned `null`');
    const failing = vi.fn(() => Promise.reject(new IdentityTokenError('popup_blocked', 'Login failed', { cause: blocked })));
    render(<Toaster />);
    startLogin({ login: failing } as unknown as IdentityStore, { popup: true });
    expect(await screen.findByText('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Login failed|window.open/)).not.toBeInTheDocument();
    expect(failing).toHaveBeenCalledWith({ popup: true });
  });
});
