import { act, render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKOUT_CONTAINER_ID, CHECKOUT_START_DELAY_MS, CHECKOUT_STALL_MS, POPUP_CONTAINER_RESHOW_MS, PREFILL_DELAY_MS } from '../constants';
import type { StepResult } from '../types';
import { CheckoutPage, type CheckoutPageProps } from './checkout-page';

const OK: StepResult = { ok: true };

/** A cart the props operate on, recording the order of calls. */
function createCart(initial: Record<string, number> = {}) {
  const quantities = new Map(Object.entries(initial));
  const calls: string[] = [];
  return {
    calls,
    quantities,
    props: {
      getCartCount: () => [...quantities.values()].reduce((sum, quantity) => sum + quantity, 0),
      isInCart: (path: string) => quantities.has(path),
      reset: vi.fn(async () => {
        calls.push('reset');
        quantities.clear();
        return OK;
      }),
      addProduct: vi.fn(async (path: string, quantity: number) => {
        calls.push(`add ${path} ${quantity}`);
        quantities.set(path, quantity);
        return OK;
      }),
      setQuantity: vi.fn(async (path: string, quantity: number) => {
        calls.push(`set ${path} ${quantity}`);
        quantities.set(path, quantity);
        return OK;
      }),
      applyCoupon: vi.fn(async (code: string): Promise<StepResult> => {
        calls.push(`coupon ${code}`);
        return code.toUpperCase() === 'SAVE10' ? OK : { ok: false, message: "This promo code wasn't accepted.", detail: 'Unknown code.' };
      }),
      startCheckout: vi.fn(() => {
        calls.push('checkout');
        return true;
      }),
    },
  };
}

function renderCheckout(query: string, overrides: Partial<CheckoutPageProps> = {}, cart = createCart()) {
  const props: CheckoutPageProps = {
    storeName: 'SongWish',
    providerStatus: 'ready',
    cartLoaded: true,
    catalogue: 'ready',
    isKnownProduct: (path) => ['pad-mapper', 'note-router'].includes(path),
    ...cart.props,
    ...overrides,
  };
  // Re-rendered on every navigation, with whatever the props are by then.
  function Harness() {
    useLocation();
    return <CheckoutPage {...props} />;
  }
  const router = createMemoryRouter([{ path: '/checkout', element: <Harness /> }], { initialEntries: [`/checkout${query}`] });
  const view = render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
  const rerender = (next: Partial<CheckoutPageProps>) => {
    Object.assign(props, next);
    void router.navigate(`/checkout${query}`, { replace: true });
  };
  return { ...view, cart, props, router, rerender };
}

/** Lets pending answers and React's updates land, then moves the clock on by `ms`. */
async function settle(ms = 0) {
  for (let round = 0; round < 3; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
  }
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('checkout page (docs/behaviour/checkout.md#checkout-page)', () => {
  it('shows the heading, both ways out and the Guest Checkout label', async () => {
    renderCheckout('', {}, createCart({ 'pad-mapper': 1 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByText('Guest Checkout')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Cart/ })).toHaveAttribute('href', '/cart');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    await settle();
  });

  it('has no Guest Checkout label for a signed-in shopper', async () => {
    renderCheckout('', { isAuthenticated: true }, createCart({ 'pad-mapper': 1 }));
    expect(screen.queryByText('Guest Checkout')).not.toBeInTheDocument();
    await settle();
  });

  it('shows neither Guest Checkout nor the details hint while the sign-in state loads, then the label for a guest', async () => {
    const { rerender } = renderCheckout('', { identityLoading: true }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(screen.queryByText('Guest Checkout')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    rerender({ identityLoading: false });
    await settle();
    expect(screen.getByText('Guest Checkout')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('shows a loading message while the catalogue or the provider loads', async () => {
    const { cart } = renderCheckout('', { catalogue: 'pending' }, createCart({ 'pad-mapper': 1 }));
    await settle(5_000);
    expect(screen.getByText('Loading checkout...')).toBeInTheDocument();
    expect(cart.props.startCheckout).not.toHaveBeenCalled();
  });

  it('starts the checkout 0.5 s after arriving, into a container at least 600 px tall', async () => {
    const { cart } = renderCheckout('', {}, createCart({ 'pad-mapper': 1 }));
    await settle();
    const container = document.getElementById(CHECKOUT_CONTAINER_ID)!;
    expect(container.style.minHeight).toBe('600px');
    await settle(CHECKOUT_START_DELAY_MS - 1);
    expect(cart.props.startCheckout).not.toHaveBeenCalled();
    await settle(1);
    // Once, despite StrictMode running effects twice.
    expect(cart.props.startCheckout).toHaveBeenCalledTimes(1);
  });

  it('does not start a checkout for an empty cart', async () => {
    const { cart } = renderCheckout('');
    await settle(5_000);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(document.getElementById(CHECKOUT_CONTAINER_ID)).toBeNull();
    expect(cart.props.startCheckout).not.toHaveBeenCalled();
  });

  it("shows 'Checkout not loading' when the container stays empty", async () => {
    renderCheckout('', {}, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(CHECKOUT_STALL_MS - 1);
    expect(screen.queryByText('Checkout not loading')).not.toBeInTheDocument();
    await settle(1);
    expect(screen.getByText('Checkout not loading')).toBeInTheDocument();
    expect(screen.getByText(/Try the Back to Cart or Continue Shopping buttons above/)).toBeInTheDocument();
    // The provider's frame arriving late takes the message away.
    await act(async () => {
      document.getElementById(CHECKOUT_CONTAINER_ID)!.appendChild(document.createElement('iframe'));
    });
    expect(screen.queryByText('Checkout not loading')).not.toBeInTheDocument();
  });

  it('does not complain once the provider drew its checkout', async () => {
    const cart = createCart({ 'pad-mapper': 1 });
    cart.props.startCheckout.mockImplementation(() => {
      document.getElementById(CHECKOUT_CONTAINER_ID)!.appendChild(document.createElement('iframe'));
      return true;
    });
    renderCheckout('', {}, cart);
    await settle(CHECKOUT_START_DELAY_MS + CHECKOUT_STALL_MS);
    expect(screen.queryByText('Checkout not loading')).not.toBeInTheDocument();
    expect(screen.queryByText('Opening secure checkout...')).not.toBeInTheDocument();
  });

  it('re-shows the embedded container 1000 ms after a popup storefront’s checkout started (storefront spec §4)', async () => {
    const cart = createCart({ 'pad-mapper': 1 });
    // A popup storefront may hide the container while its window opens.
    cart.props.startCheckout.mockImplementation(() => {
      document.getElementById(CHECKOUT_CONTAINER_ID)!.style.display = 'none';
      return true;
    });
    renderCheckout('', { popupStorefront: true }, cart);
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.props.startCheckout).toHaveBeenCalledTimes(1);
    const container = document.getElementById(CHECKOUT_CONTAINER_ID)!;
    expect(container).not.toBeVisible();
    await settle(POPUP_CONTAINER_RESHOW_MS - 1);
    expect(container).not.toBeVisible();
    await settle(1);
    expect(container).toBeVisible();
    expect(screen.getByRole('status')).toHaveTextContent('The secure checkout opens in a window over this page.');
    // Its frame is in the popup, so an empty container is no stall.
    await settle(CHECKOUT_STALL_MS);
    expect(screen.queryByText('Checkout not loading')).not.toBeInTheDocument();
  });

  it('keeps an embedded storefront’s container on show from the start', async () => {
    renderCheckout('', {}, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(document.getElementById(CHECKOUT_CONTAINER_ID)).toBeVisible();
  });

  it("shows 'Checkout not loading' when the provider failed", async () => {
    renderCheckout('?product=pad-mapper', { providerStatus: 'failed', cartLoaded: false });
    await settle();
    expect(screen.getByText('Checkout not loading')).toBeInTheDocument();
    expect(screen.queryByText('Loading checkout...')).not.toBeInTheDocument();
  });

  it("shows 'Checkout not loading' when the provider's checkout could not start", async () => {
    const cart = createCart({ 'pad-mapper': 1 });
    cart.props.startCheckout.mockReturnValue(false);
    renderCheckout('', {}, cart);
    await settle(CHECKOUT_START_DELAY_MS);
    expect(screen.getByText('Checkout not loading')).toBeInTheDocument();
  });
});

describe('checkout URL parameters (docs/behaviour/checkout.md#url-parameters)', () => {
  it('resets the cart first for buyNow=true, adds the product with its quantity, applies the coupon, then checks out', async () => {
    const { cart } = renderCheckout('?buyNow=true&product=pad-mapper&quantity=2&coupon=save10', {}, createCart({ 'note-router': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['reset', 'add pad-mapper 2', 'coupon save10', 'checkout']);
    expect(screen.getByText('Coupon SAVE10 applied to your order!')).toBeInTheDocument();
  });

  it('adds to the cart without buyNow, and sets the quantity of a product already in it', async () => {
    const { cart } = renderCheckout('?product=note-router&quantity=3', {}, createCart({ 'note-router': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['set note-router 3', 'checkout']);
  });

  it('uses quantity 1 with a console warning for a bad quantity', async () => {
    const { cart } = renderCheckout('?product=pad-mapper&quantity=lots');
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['add pad-mapper 1', 'checkout']);
    expect(warn).toHaveBeenCalledWith('Checkout: the quantity "lots" is not a whole number of at least 1; using 1');
  });

  it('ignores an unknown product with a console warning and shows nothing', async () => {
    const { cart, container } = renderCheckout('?product=no-such-thing', {}, createCart({ 'note-router': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['checkout']);
    expect(warn).toHaveBeenCalledWith('Checkout: ignoring the unknown product "no-such-thing" from the link');
    expect(container).not.toHaveTextContent('no-such-thing');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each(['promo', 'discount'])('applies a code given as %s', async (name) => {
    const { cart } = renderCheckout(`?${name}=save10`, {}, createCart({ 'note-router': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['coupon save10', 'checkout']);
    expect(screen.getByText('Coupon SAVE10 applied to your order!')).toBeInTheDocument();
  });

  it('says when the coupon was not accepted, and still checks out', async () => {
    const { cart } = renderCheckout('?coupon=bogus', {}, createCart({ 'note-router': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['coupon bogus', 'checkout']);
    expect(screen.getByText("Promo code BOGUS wasn't accepted. Unknown code.")).toBeInTheDocument();
    expect(screen.queryByText(/applied to your order/)).not.toBeInTheDocument();
  });

  it('says when the product could not be added', async () => {
    const cart = createCart();
    cart.props.addProduct.mockResolvedValue({ ok: false, message: "We couldn't add this item to your cart." });
    renderCheckout('?product=pad-mapper', {}, cart);
    await settle(CHECKOUT_START_DELAY_MS);
    expect(screen.getByText("We couldn't add this item to your cart.")).toBeInTheDocument();
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
  });

  it('waits for the provider and the cart before applying anything', async () => {
    const { cart, rerender } = renderCheckout('?product=pad-mapper', { providerStatus: 'loading', cartLoaded: false });
    await settle(3_000);
    expect(cart.calls).toEqual([]);
    expect(screen.getByText('Loading checkout...')).toBeInTheDocument();
    rerender({ providerStatus: 'ready', cartLoaded: true });
    await settle(CHECKOUT_START_DELAY_MS);
    expect(cart.calls).toEqual(['add pad-mapper 1', 'checkout']);
  });

  it('applies the parameters once, not again on re-render', async () => {
    const { cart, rerender } = renderCheckout('?buyNow=true&product=pad-mapper&coupon=save10');
    await settle(CHECKOUT_START_DELAY_MS);
    rerender({ catalogue: 'ready' });
    rerender({ providerStatus: 'ready' });
    await settle(5_000);
    expect(cart.calls).toEqual(['reset', 'add pad-mapper 1', 'coupon save10', 'checkout']);
  });
});

describe('prefill (docs/behaviour/checkout.md#prefill)', () => {
  it('pushes a signed-in shopper’s details 2 s after the checkout started', async () => {
    const payload = { paymentContact: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' } };
    const prefill = { load: vi.fn(async () => payload), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(PREFILL_DELAY_MS - 1);
    expect(prefill.load).not.toHaveBeenCalled();
    await settle(1);
    expect(prefill.apply).toHaveBeenCalledWith(payload);
    expect(prefill.load).toHaveBeenCalledTimes(1);
  });

  it('does nothing for a guest', async () => {
    const prefill = { load: vi.fn(async () => null), apply: vi.fn() };
    renderCheckout('', { prefill }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(PREFILL_DELAY_MS + 1_000);
    expect(prefill.load).not.toHaveBeenCalled();
  });

  it('only logs a failed prefill', async () => {
    const prefill = { load: vi.fn(async () => Promise.reject(new Error('lookup down'))), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(PREFILL_DELAY_MS);
    await settle();
    expect(warn).toHaveBeenCalledWith('Checkout: prefilling the shopper details failed', expect.any(Error));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a Refresh button and a hint while a signed-in shopper’s details load, and neither once they are in', async () => {
    let answer: (payload: null) => void = () => undefined;
    const prefill = { load: vi.fn(() => new Promise<null>((resolve) => (answer = resolve))), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart({ 'pad-mapper': 1 }));
    expect(screen.getByText(/Loading your details to fill in the checkout for you\. If they don't appear, press Refresh\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    expect(screen.queryByText('Guest Checkout')).not.toBeInTheDocument();
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(PREFILL_DELAY_MS);
    expect(prefill.load).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await act(async () => answer(null));
    await settle();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Loading your details/)).not.toBeInTheDocument();
  });

  it('Refresh looks the shopper up again at once and applies the newest answer', async () => {
    const answers: Array<(payload: { paymentContact: { email: string } }) => void> = [];
    const prefill = { load: vi.fn(() => new Promise<{ paymentContact: { email: string } }>((resolve) => answers.push(resolve))), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    // Pressed before the 2 s: the lookup starts now, not later.
    await act(async () => screen.getByRole('button', { name: 'Refresh' }).click());
    await settle();
    expect(prefill.load).toHaveBeenCalledTimes(1);
    // Stuck: pressed again, a second lookup overtakes the first.
    await act(async () => screen.getByRole('button', { name: 'Refresh' }).click());
    expect(prefill.load).toHaveBeenCalledTimes(2);
    await act(async () => answers[0]!({ paymentContact: { email: 'old@example.com' } }));
    await settle();
    expect(prefill.apply).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
    await act(async () => answers[1]!({ paymentContact: { email: 'ada@example.com' } }));
    await settle(PREFILL_DELAY_MS);
    expect(prefill.apply).toHaveBeenCalledTimes(1);
    expect(prefill.apply).toHaveBeenCalledWith({ paymentContact: { email: 'ada@example.com' } });
    expect(prefill.load).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('ends the hint when the lookup fails (the shopper types their details)', async () => {
    const prefill = { load: vi.fn(async () => Promise.reject(new Error('lookup down'))), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart({ 'pad-mapper': 1 }));
    await settle(CHECKOUT_START_DELAY_MS);
    await settle(PREFILL_DELAY_MS);
    await settle();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });

  it('shows no details hint over an empty cart', async () => {
    const prefill = { load: vi.fn(async () => null), apply: vi.fn() };
    renderCheckout('', { isAuthenticated: true, prefill }, createCart());
    await settle(CHECKOUT_START_DELAY_MS);
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});
