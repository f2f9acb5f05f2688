import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { IdentityStore } from '../features/identity/identity-store';
import { useShopperAccount } from './shopper-account';

const login = vi.fn<IdentityStore['login']>(() => Promise.resolve());

vi.mock('../features/identity/identity-provider', () => ({
  useIdentity: () => ({ status: 'unauthenticated', user: null, store: { login } }),
}));

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
