import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PaymentsFailureAlert, ProviderNoticeAlert } from './payments-alerts';

describe('payments alerts', () => {
  it('tell the shopper the script failed to load, with a Reload button', async () => {
    const onReload = vi.fn();
    render(<PaymentsFailureAlert failure="script" onReload={onReload} />);
    expect(screen.getByRole('alert')).toHaveTextContent("We couldn't reach the payment service. Check your connection and reload the page.");
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it('tell the shopper the provider did not start in time', () => {
    render(<PaymentsFailureAlert failure="timeout" onReload={vi.fn()} />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      "The payment service is taking too long to start. Your cart and checkout can't be used until it does. Reload the page to try again.",
    );
  });

  it('show a provider error with its message, and hide it on request', async () => {
    const onDismiss = vi.fn();
    render(<ProviderNoticeAlert notice={{ id: 1, code: '500', message: 'Storefront offline' }} onDismiss={onDismiss} />);
    expect(screen.getByRole('status')).toHaveTextContent('The payment service reported a problem.Storefront offline');
    await userEvent.click(screen.getByRole('button', { name: 'Hide message' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
