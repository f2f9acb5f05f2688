import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { EraseCustomerDialog } from './erase-customer-dialog';

beforeAll(() => {
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

const erased = { customerId: 7, email: 'erased-7@erased.invalid', erasedAt: '2026-11-24T00:00:00.000Z', message: 'Erased.' };

describe('EraseCustomerDialog', () => {
  it('says what is erased and what is kept, and erases only once the email is typed', async () => {
    const onErase = vi.fn(() => Promise.resolve(erased));
    const user = userEvent.setup();
    render(<EraseCustomerDialog email="ann@example.com" onErase={onErase} onClose={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Erase this customer’s personal data?' });
    expect(dialog).toHaveTextContent('their sign-in account, signing them out everywhere');
    expect(dialog).toHaveTextContent('their licence keys, which keep working');
    expect(dialog).toHaveTextContent('amounts');
    const erase = screen.getByRole('button', { name: 'Erase personal data' });
    expect(erase).toBeDisabled();
    const input = screen.getByRole('textbox', { name: 'Type ann@example.com to confirm' });
    expect(input).toHaveFocus();
    await user.type(input, 'ann@example.co');
    expect(erase).toBeDisabled();
    await user.type(input, 'm');
    expect(erase).toBeEnabled();
    await user.click(erase);
    expect(onErase).toHaveBeenCalledWith('ann@example.com');
  });

  it('accepts the email in another case, shows progress, and says nothing was erased when the store refuses', async () => {
    let refuse: (error: Error) => void = () => {};
    const onErase = vi.fn(() => new Promise<typeof erased>((_resolve, reject) => (refuse = reject)));
    const user = userEvent.setup();
    render(<EraseCustomerDialog email="ann@example.com" onErase={onErase} onClose={vi.fn()} />);
    await user.type(screen.getByRole('textbox'), ' ANN@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Erase personal data' }));
    expect(screen.getByRole('button', { name: 'Erasing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    refuse(new ApiError(409, 'Conflict', 'ann@example.com is an administrator of this store: remove their administrator role first.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was erased: ann@example.com is an administrator of this store');
    expect(screen.getByRole('button', { name: 'Erase personal data' })).toBeEnabled();
  });

  it('closes on Cancel without erasing', async () => {
    const onErase = vi.fn();
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<EraseCustomerDialog email="ann@example.com" onErase={onErase} onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(onErase).not.toHaveBeenCalled();
  });
});
