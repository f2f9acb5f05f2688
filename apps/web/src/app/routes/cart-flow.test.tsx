import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, mockApi } from '#web/features/catalog/testing/catalog-fixtures.tsx';
import { FakeSbl, type FakeSblOptions } from '#web/features/payments/testing/fake-sbl.ts';
import { Component as CartRoute } from './cart';
import { Component as CheckoutRoute } from './checkout';
import { Component as ProductListRoute } from './product-list';
import { Component as PurchaseSuccessRoute } from './purchase-success';
import { RootLayout } from './root-layout';

/**
 * The app layer's wiring, end to end in jsdom: the root layout loads the (fake) SBL, the
 * header, product cards, cart page and checkout page share its cart, and a completed order
 * lands on the thank-you page.
 */

const PRODUCTS: FakeSblOptions['products'] = {
  'pad-mapper': { display: 'Pad Mapper', price: 79, image: '/media/covers/pad-mapper.svg', summary: '<p><strong>Pad Mapper</strong> maps pads.</p>' },
  'note-router': { display: 'Note Router', price: 23.2 },
  'pad-mapper-trial': { display: 'Pad Mapper Trial', price: 0 },
};

function renderApp(path: string, sblOptions: Partial<FakeSblOptions> = {}) {
  const sbl = new FakeSbl({ products: PRODUCTS, coupons: { SAVE10: 10 }, ...sblOptions });
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/products', handle: { productList: 'all' }, element: <ProductListRoute /> },
          { path: '/products/purchase-success', element: <PurchaseSuccessRoute /> },
          { path: '/cart', element: <CartRoute /> },
          { path: '/checkout', element: <CheckoutRoute /> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
  return { sbl, router, user: userEvent.setup() };
}

/** The cart changes the fake SBL received, without the cart page's reads of the session (`get`). */
const changes = (sbl: FakeSbl) => sbl.calls.filter((call) => call.method !== 'get');

const cartLink = () => screen.getAllByRole('link', { name: /item\(s\) in cart|View shopping cart/ })[0]!;

// These tests run the real polling (200 ms) and checkout delay (500 ms) on real timers; under
// a loaded machine (the full suite runs files in parallel) they need more than the defaults.
vi.setConfig({ testTimeout: 20_000 });

beforeAll(() => {
  configure({ asyncUtilTimeout: 5_000 });
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

beforeEach(() => {
  mockApi({ '/api/products/': { body: CATALOG } });
  vi.spyOn(console, 'debug').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});

afterEach(() => {
  FakeSbl.uninstall();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('product cards and the header', () => {
  it("show 'Loading...' until the provider is ready, then add to the cart and update the badge live", async () => {
    const { sbl, user } = renderApp('/products');
    const card = (await screen.findByRole('link', { name: 'Pad Mapper' })).closest('article')!;
    expect(within(card).getByRole('button', { name: 'Loading...' })).toBeDisabled();
    sbl.load();
    await user.click(await within(card).findByRole('button', { name: 'Add to Cart' }));
    expect(await within(card).findByRole('button', { name: 'Added!' })).toBeInTheDocument();
    expect(sbl.calls).toEqual([{ method: 'add', args: ['pad-mapper'] }]);
    await waitFor(() => expect(cartLink()).toHaveAccessibleName('1 item(s) in cart'));
    expect(cartLink()).toHaveTextContent('$79.00');
    expect(within(cartLink()).getByTestId('cart-badge')).toHaveTextContent('1');
    expect(await within(card).findByRole('button', { name: 'Remove from Cart' }, { timeout: 3_000 })).toBeEnabled();
  });

  it('tell the shopper when the payment script could not be loaded', async () => {
    const { sbl } = renderApp('/products');
    sbl.failToLoad();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't reach the payment service. Check your connection and reload the page.");
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('show an error the provider reports out of the blue, until dismissed', async () => {
    const { sbl, user } = renderApp('/products');
    sbl.load();
    await screen.findAllByRole('button', { name: 'Add to Cart' });
    sbl.emitError('session-expired', 'Your session has expired.');
    expect(await screen.findByText('The payment service reported a problem.')).toBeInTheDocument();
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide message' }));
    expect(screen.queryByText('The payment service reported a problem.')).not.toBeInTheDocument();
  });
});

describe('cart page', () => {
  it('reads the session again on arrival and when the tab shows again, so another tab’s change is current (storefront spec §7)', async () => {
    const { sbl, user } = renderApp('/products');
    sbl.load();
    await screen.findAllByRole('button', { name: 'Add to Cart' });
    sbl.changeElsewhere({ 'note-router': 2 });
    await user.click(cartLink());
    expect(await screen.findByRole('button', { name: 'Increase quantity of Note Router' })).toBeInTheDocument();
    expect(sbl.calls.some((call) => call.method === 'get')).toBe(true);

    sbl.changeElsewhere({ 'pad-mapper': 1 });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(await screen.findByRole('button', { name: 'Increase quantity of Pad Mapper' })).toBeInTheDocument();
  });

  it('shows the provider’s cart, changes quantities, and goes to checkout', async () => {
    const { sbl, user, router } = renderApp('/cart', { initialCart: { 'pad-mapper': 1, 'note-router': 2 } });
    expect(screen.getByText('Loading cart...')).toBeInTheDocument();
    sbl.load();
    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('$125.40')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Decrease quantity of Pad Mapper' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Pad Mapper' }));
    await waitFor(() => expect(within(summary).getByText('$204.40')).toBeInTheDocument());
    expect(changes(sbl)).toEqual([{ method: 'update', args: ['pad-mapper', 2] }]);

    await user.click(screen.getByRole('button', { name: 'Secure Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
  });

  it('shows the provider’s message for a rejected promo code', async () => {
    const { sbl, user } = renderApp('/cart', { initialCart: { 'note-router': 1 } });
    sbl.load();
    await user.type(await screen.findByLabelText('Promo code'), 'nope{Enter}');
    expect(await screen.findByText('Promo code NOPE wasn\'t accepted. Coupon code "nope" is not valid.')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Promo code'));
    await user.type(screen.getByLabelText('Promo code'), 'save10{Enter}');
    expect(await screen.findByText('Promo code SAVE10 applied.')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Applied promo codes' })).toHaveTextContent('SAVE10');
    expect(screen.getByLabelText('Promo code')).toHaveValue('');
  });

  it('empties the cart after confirmation', async () => {
    const { sbl, user } = renderApp('/cart', { initialCart: { 'note-router': 1 } });
    sbl.load();
    await user.click(await screen.findByRole('button', { name: 'Clear Cart' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(changes(sbl)).toEqual([{ method: 'reset', args: [] }]);
  });

  it('offers free products for a $0.00 cart', async () => {
    const { sbl } = renderApp('/cart', { initialCart: { 'pad-mapper-trial': 1 } });
    sbl.load();
    expect(await screen.findByRole('button', { name: 'Get Free Products' })).toBeInTheDocument();
    expect(screen.getByText('Free checkout - no payment required!')).toBeInTheDocument();
  });
});

describe('checkout page', () => {
  it('applies the link’s parameters once, starts the checkout, and lands on the thank-you page after payment', async () => {
    const { sbl, router } = renderApp('/checkout?buyNow=true&product=pad-mapper&quantity=2&coupon=save10', { initialCart: { 'note-router': 1 } });
    expect(screen.getByText('Loading checkout...')).toBeInTheDocument();
    sbl.load();
    expect(await screen.findByText('Coupon SAVE10 applied to your order!')).toBeInTheDocument();
    expect(await screen.findByTitle('Fake checkout', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(sbl.calls.map((call) => call.method)).toEqual(['reset', 'add', 'update', 'promo', 'push', 'checkout']);
    expect(sbl.quantityOf('pad-mapper')).toBe(2);
    expect(sbl.quantityOf('note-router')).toBe(0);

    sbl.completeOrder({ id: 'order-1', reference: 'SW-TEST-1' });
    await waitFor(() => expect(router.state.location.search).toBe('?order=SW-TEST-1'));
    expect(router.state.location.pathname).toBe('/products/purchase-success');
    expect(await screen.findByText('SW-TEST-1')).toBeInTheDocument();
    await waitFor(() => expect(sbl.quantityOf('pad-mapper')).toBe(0));
    expect(sbl.calls.filter((call) => call.method === 'reset')).toHaveLength(2);
  });

  it('ignores an unknown product with only a console warning', async () => {
    const { sbl } = renderApp('/checkout?product=not-for-sale', { initialCart: { 'note-router': 1 } });
    sbl.load();
    expect(await screen.findByTitle('Fake checkout', {}, { timeout: 2_000 })).toBeInTheDocument();
    expect(console.warn).toHaveBeenCalledWith('Checkout: ignoring the unknown product "not-for-sale" from the link');
    // The checkout's analytics code is pushed to the session just before it opens.
    expect(sbl.calls.map((call) => call.method)).toEqual(['push', 'checkout']);
  });

  it('stays on the checkout when it is closed without an order', async () => {
    const { sbl, router } = renderApp('/checkout', { initialCart: { 'note-router': 1 } });
    sbl.load();
    await screen.findByTitle('Fake checkout', {}, { timeout: 2_000 });
    sbl.closeWithoutOrder();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/checkout');
    expect(sbl.quantityOf('note-router')).toBe(1);
  });
});
