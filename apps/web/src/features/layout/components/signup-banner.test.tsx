import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignupBanner } from './signup-banner';

const TEXT = 'Finally - you can log in! Access your Orders and Downloads — make an account using the email address used to make purchases';

describe('SignupBanner', () => {
  it('shows the exact invitation', () => {
    render(<SignupBanner onSignup={() => {}} />);
    expect(screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === TEXT)).toBeInTheDocument();
  });

  it('calls onSignup from the Signup button', async () => {
    const onSignup = vi.fn();
    render(<SignupBanner onSignup={onSignup} />);
    await userEvent.click(screen.getByRole('button', { name: 'Signup' }));
    expect(onSignup).toHaveBeenCalledOnce();
  });

  it('hides when dismissed, without persisting the dismissal', async () => {
    const { unmount } = render(<SignupBanner onSignup={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('button', { name: 'Signup' })).not.toBeInTheDocument();
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);

    unmount();
    render(<SignupBanner onSignup={() => {}} />);
    expect(screen.getByRole('button', { name: 'Signup' })).toBeInTheDocument();
  });
});
