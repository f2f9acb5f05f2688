import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AccountMenu } from './account-menu';

describe('AccountMenu', () => {
  it("says 'Loading...' while identity loads, then Login", async () => {
    const { rerender } = render(<AccountMenu account={{ status: 'loading' }} />);
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    const onLogin = vi.fn();
    rerender(<AccountMenu account={{ status: 'unauthenticated', onLogin, onSignup: vi.fn() }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(onLogin).toHaveBeenCalledOnce();
  });

  it('signed in: initials, name, email, My Orders and Logout', async () => {
    const onLogout = vi.fn();
    render(
      <MemoryRouter>
        <AccountMenu account={{ status: 'authenticated', user: { name: 'Ada Lovelace', email: 'ada@example.com' }, onLogout }} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
    expect(screen.getAllByText('AL').length).toBeGreaterThan(0);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'My Orders' })).toHaveAttribute('href', '/account');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(onLogout).toHaveBeenCalledOnce();
  });

  it("offers 'Admin' only when given the back office's address", async () => {
    const user = { name: 'Ada Lovelace', email: 'ada@example.com' };
    const { rerender } = render(
      <MemoryRouter>
        <AccountMenu account={{ status: 'authenticated', user, onLogout: vi.fn() }} />
      </MemoryRouter>,
    );
    await userEvent.click(await screen.findByRole('button', { name: /Account menu for/ }));
    expect(screen.queryByRole('menuitem', { name: 'Admin' })).not.toBeInTheDocument();
    rerender(
      <MemoryRouter>
        <AccountMenu account={{ status: 'authenticated', user, onLogout: vi.fn(), adminHref: '/admin' }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('menuitem', { name: 'Admin' })).toHaveAttribute('href', '/admin');
  });
});
