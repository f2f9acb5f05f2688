import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import type { IdentityStore } from '#web/features/identity/identity-store.ts';
import { IdentityTokenError } from '#web/features/identity/utils/identity-errors.ts';
import { startLogin } from './shopper-account';

afterEach(() => clearToasts());

describe('startLogin', () => {
  it("a login that fails is a toast in the shopper's words, not the error's message (storefront spec §8)", async () => {
    const blocked = new IdentityTokenError('popup_blocked', 'Unable to open a popup for loginWithPopup - window.open returned `null`');
    const login = vi.fn(() => Promise.reject(new IdentityTokenError('popup_blocked', 'Login failed', { cause: blocked })));
    render(<Toaster />);
    startLogin({ login } as unknown as IdentityStore, { popup: true });
    expect(await screen.findByText('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.')).toBeInTheDocument();
    expect(screen.queryByText(/Login failed|window.open/)).not.toBeInTheDocument();
    expect(login).toHaveBeenCalledWith({ popup: true });
  });
});
