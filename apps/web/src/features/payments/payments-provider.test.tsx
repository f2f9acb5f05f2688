import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaymentsStatus } from './components/payments-status';
import { PaymentsProvider, usePayments } from './payments-provider';
import { createWaitingPaymentsStore, LOADING_STATE, NOT_READY_MESSAGE } from './waiting-payments-store';

// The store's code is fetched by the provider; here that fetch fails, as after a deploy replaced the file.
vi.mock('./payments-store', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

const CONFIG = { scriptUrl: 'https://sbl.example.test/builder.js', storefront: 'shop.test.onfastspring.com/embedded-shop' };

afterEach(() => {
  vi.restoreAllMocks();
});

function CartState() {
  const { status } = usePayments();
  return <p>cart {status}</p>;
}

describe('PaymentsProvider', () => {
  it('starts with the cart loading, and tells the shopper when the payments code could not be loaded', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    render(
      <PaymentsProvider config={CONFIG}>
        <PaymentsStatus />
        <CartState />
      </PaymentsProvider>,
    );
    expect(screen.getByText('cart loading')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't reach the payment service.");
    expect(screen.getByText('cart failed')).toBeInTheDocument();
    expect(document.getElementById('fsc-api')).toBeNull();
    expect(console.warn).toHaveBeenCalledWith('[payments]', expect.stringContaining('the payments code failed to load'));
  });

  it('refuses every cart change while the store is not there, as before the provider is ready', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const waiting = createWaitingPaymentsStore();
    await expect(waiting.add('pad-mapper')).resolves.toBe(false);
    expect(waiting.getLastFailure()).toEqual({ action: 'add', message: NOT_READY_MESSAGE });
    expect(waiting.startCheckout()).toBe(false);
    expect(waiting.getLastFailure()).toEqual({ action: 'checkout', message: NOT_READY_MESSAGE });
    expect(waiting.getState()).toEqual(LOADING_STATE);
  });
});
