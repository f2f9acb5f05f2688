import { render, renderHook, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import type { IdentityStore } from '#web/features/identity/identity-store.ts';
import { IdentityTokenError } from '#web/features/identity/utils/identity-errors.ts';
import { startLogin, useShopperAccount } from './shopper-account';

const login = vi.fn<IdentityStore['login']>(() => Promise.resolve());

vi.mock('#web/features/identity/identity-provider.tsx', () => ({
  useIdentity: () => ({ status: 'unauthenticated', user: null, store: { login } }),
}));

afterEach(() => clearToasts());

const at =
  (path: string) =>
  ({ children }: { children: ReactNode }) => <MemoryRouter initialEntries={[path]}>{children}</MemoryRouter>;

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
