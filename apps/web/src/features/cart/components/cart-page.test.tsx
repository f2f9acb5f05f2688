import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartLine } from '#web/types/cart-line.ts';
import type { CartResult, CartView } from '../types';
import { CartPage, type CartPageProps } from './cart-page';

beforeAll(() => {
  // jsdom has <dialog> but not its modal methods.
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const OK: CartResult = { ok: true };

function line(path: string, overrides: Partial<CartLine> = {}): CartLine {
  // No discount unless a test gives a list price of its own.
  const unitPrice = overrides.unitPrice ?? '$10.00';
  return {
    path,
    display: `Product ${path}`,
    image: `/media/${path}.svg`,
    summaryHtml: `<p>About <strong>${path}</strong></p>`,
    quantity: 1,
    unitPrice,
    price: unitPrice,
    total: '$10.00',
    totalValue: null,
    ...overrides,
  };
}

function cartOf(items: CartLine[], overrides: Partial<CartView> = {}): CartView {
  return { items, count: items.reduce((sum, item) => sum + item.quantity, 0), total: '$10.00', totalValue: 10, totalPending: false, coupons: [], ...overrides };
}

function renderCart(overrides: Partial<CartPageProps> = {}) {
  const props: CartPageProps = {
    storeName: 'SongWish',
    status: 'ready',
    cart: cartOf([line('pad-mapper')]),
    busy: false,
    onUpdateQuantity: vi.fn(async () => OK),
    onRemove: vi.fn(async () => OK),
    onClear: vi.fn(async () => OK),
    onApplyCoupon: vi.fn(async () => OK),
    onRemoveCoupon: vi.fn(async () => OK),
    onCheckout: vi.fn(),
    onRetry: vi.fn(),
    ...overrides,
  };
  const router = createMemoryRouter([{ path: '*', element: <CartPage {...props} /> }], { initialEntries: ['/cart'] });
  const result = render(<RouterProvider router={router} />);
  return { ...result, props, user: userEvent.setup() };
}

describe('cart page states (docs/behaviour/cart.md#cart-page)', () => {
  it("shows 'Loading cart...' until the provider is ready", () => {
    renderCart({ status: 'loading', cart: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Your cart' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Loading cart...');
  });

  it("keeps 'Loading cart...' while the provider is ready but has not sent the cart", () => {
    renderCart({ status: 'ready', cart: null });
    expect(screen.getByText('Loading cart...')).toBeInTheDocument();
  });

  it('says the cart cannot be shown when the provider failed', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderCart({ status: 'failed', cart: null });
    expect(screen.getByText("Your cart can't be shown right now.")).toBeInTheDocument();
    expect(screen.queryByText('Loading cart...')).not.toBeInTheDocument();
  });

  describe('asks GET /status when the provider failed (storefront spec §7)', () => {
    it.each([
      ['answers OK', async () => new Response('{"status":"ok"}', { status: 200 }), "The store is up, but the payment service your cart needs isn't reachable."],
      ['answers 503', async () => new Response('{"status":"unavailable"}', { status: 503 }), 'The store is down for a moment. Try again in a minute.'],
      ['cannot be reached', async () => Promise.reject(new TypeError('Failed to fetch')), 'Check your internet connection and try again.'],
    ])('when it %s, says so, with Try again', async (_case, answer, message) => {
      const fetchMock = vi.fn(answer);
      vi.stubGlobal('fetch', fetchMock);
      const { props, user } = renderCart({ status: 'failed', cart: null });
      expect(await screen.findByText(message, { exact: false })).toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledExactlyOnceWith('/status', expect.objectContaining({ credentials: 'include' }));
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(props.onRetry).toHaveBeenCalledOnce();
    });
  });

  it("shows 'Your cart is empty' with Continue Shopping to /products", () => {
    renderCart({ cart: cartOf([], { total: '$0.00', totalValue: 0 }) });
    expect(screen.getByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(screen.queryByRole('button', { name: 'Clear Cart' })).not.toBeInTheDocument();
  });

  it("shows 'No cart items to display' for a positive count without lines", () => {
    renderCart({ cart: cartOf([], { count: 2 }) });
    expect(screen.getByText('No cart items to display')).toBeInTheDocument();
    expect(screen.queryByText('Your cart is empty')).not.toBeInTheDocument();
  });

  it('lists each line: image with its size, name, sanitised summary, unit price, quantity and line total', () => {
    renderCart({
      cart: cartOf(
        [
          line('pad-mapper', {
            display: 'Pad Mapper',
            quantity: 2,
            unitPrice: '$79.00',
            total: '$158.00',
            summaryHtml: '<p onclick="steal()">MIDI <em>pads</em><script>alert(1)</script><img src=x onerror=alert(2)><a href="javascript:x">link</a></p>',
          }),
        ],
        { total: '$158.00', totalValue: 158 },
      ),
    });
    const item = screen.getByRole('listitem');
    const image = item.querySelector('img')!;
    expect(image).toHaveAttribute('width', '96');
    expect(image).toHaveAttribute('height', '96');
    expect(image).toHaveAttribute('src', '/media/pad-mapper.svg');
    expect(within(item).getByRole('link', { name: 'Pad Mapper' })).toHaveAttribute('href', '/products/pad-mapper');
    const summary = within(item).getByText('pads').closest('div')!;
    expect(summary.innerHTML).toBe('<p>MIDI <em>pads</em>link</p>');
    expect(item.querySelector('script, [onclick], [onerror], a[href^="javascript"]')).toBeNull();
    expect(within(item).getByText('$79.00 each')).toBeInTheDocument();
    expect(within(item).getByText('$158.00')).toBeInTheDocument();
    expect(within(item).getByRole('group', { name: 'Quantity of Pad Mapper' })).toHaveTextContent('2');
  });

  it('strikes through the list price when a discount lowers the unit price', () => {
    renderCart({ cart: cartOf([line('a', { unitPrice: '$71.10', price: '$79.00', total: '$71.10' }), line('b', { price: '$10.00' })]) });
    const [discounted, full] = screen.getAllByRole('listitem');
    expect(within(discounted!).getByText('$79.00').closest('s')).toHaveTextContent('was $79.00');
    expect(full!.querySelector('s')).toBeNull();
  });

  it('shows the item count and the total in the Order Summary', () => {
    renderCart({ cart: cartOf([line('a', { quantity: 2 }), line('b')], { total: '$30.00', totalValue: 30 }) });
    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Items').nextElementSibling).toHaveTextContent('3');
    expect(within(summary).getByText('Total').nextElementSibling).toHaveTextContent('$30.00');
    expect(within(summary).getByRole('button', { name: 'Secure Checkout' })).toBeEnabled();
    expect(screen.queryByText('Free checkout - no payment required!')).not.toBeInTheDocument();
  });

  it("shows 'Calculating...' while a change is in flight or the total is pending", () => {
    const { unmount } = renderCart({ busy: true });
    expect(screen.getByText('Calculating...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Secure Checkout' })).toBeDisabled();
    unmount();
    renderCart({ cart: cartOf([line('a')], { total: '', totalValue: null, totalPending: true }) });
    expect(screen.getByText('Calculating...')).toBeInTheDocument();
  });

  it("offers 'Get Free Products' and says the checkout is free when the total is $0.00", () => {
    renderCart({ cart: cartOf([line('trial', { unitPrice: '$0.00', total: '$0.00' })], { total: '$0.00', totalValue: 0 }) });
    expect(screen.getByRole('button', { name: 'Get Free Products' })).toBeEnabled();
    expect(screen.getByText('Free checkout - no payment required!')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Secure Checkout' })).not.toBeInTheDocument();
  });

  it('starts the checkout from Secure Checkout', async () => {
    const { user, props } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Secure Checkout' }));
    expect(props.onCheckout).toHaveBeenCalledTimes(1);
  });
});

describe('cart lines (docs/behaviour/cart.md#quantities)', () => {
  it('disables decreasing at quantity 1, and steps the quantity up and down', async () => {
    const { user, props, unmount } = renderCart({ cart: cartOf([line('a', { display: 'A', quantity: 1 })]) });
    expect(screen.getByRole('button', { name: 'Decrease quantity of A' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A' }));
    expect(props.onUpdateQuantity).toHaveBeenCalledWith('a', 2);
    unmount();

    const second = renderCart({ cart: cartOf([line('a', { display: 'A', quantity: 3 })]) });
    await second.user.click(screen.getByRole('button', { name: 'Decrease quantity of A' }));
    expect(second.props.onUpdateQuantity).toHaveBeenCalledWith('a', 2);
  });

  it('is busy while its update is in flight', async () => {
    let finish!: (result: CartResult) => void;
    const { user } = renderCart({
      cart: cartOf([line('a', { display: 'A', quantity: 2 })]),
      onUpdateQuantity: vi.fn(() => new Promise<CartResult>((resolve) => (finish = resolve))),
    });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A' }));
    const item = screen.getByRole('listitem');
    expect(item).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Increase quantity of A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Decrease quantity of A' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove A' })).toBeDisabled();
    finish(OK);
    await vi.waitFor(() => expect(item).toHaveAttribute('aria-busy', 'false'));
  });

  it('removes a line', async () => {
    const { user, props } = renderCart({ cart: cartOf([line('a', { display: 'A' })]) });
    await user.click(screen.getByRole('button', { name: 'Remove A' }));
    expect(props.onRemove).toHaveBeenCalledWith('a');
  });

  it('tells the shopper when a change failed, and stops once one works', async () => {
    const onUpdateQuantity = vi
      .fn<CartPageProps['onUpdateQuantity']>()
      .mockResolvedValueOnce({ ok: false, message: "We couldn't change the quantity.", detail: 'Storefront unavailable' })
      .mockResolvedValueOnce(OK);
    const { user } = renderCart({ cart: cartOf([line('a', { display: 'A', quantity: 2 })]), onUpdateQuantity });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't change the quantity.");
    expect(alert).toHaveTextContent('Storefront unavailable');
    await user.click(screen.getByRole('button', { name: 'Increase quantity of A' }));
    await vi.waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('promo code (docs/behaviour/cart.md#promo-codes)', () => {
  it('enables Apply only for a code that is not blank, and sends it trimmed', async () => {
    const { user, props } = renderCart();
    const input = screen.getByLabelText('Promo code');
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(input, '   ');
    expect(apply).toBeDisabled();
    await user.type(input, 'save10  ');
    expect(apply).toBeEnabled();
    await user.click(apply);
    expect(props.onApplyCoupon).toHaveBeenCalledWith('save10');
  });

  it('submits with Enter and clears the input after a successful promo', async () => {
    const { user, props } = renderCart();
    const input = screen.getByLabelText('Promo code');
    await user.type(input, 'SPRING{Enter}');
    expect(props.onApplyCoupon).toHaveBeenCalledWith('SPRING');
    await vi.waitFor(() => expect(input).toHaveValue(''));
    expect(screen.getByText('Promo code SPRING applied.')).toBeInTheDocument();
  });

  it('does not submit a blank code with Enter', async () => {
    const { user, props } = renderCart();
    await user.type(screen.getByLabelText('Promo code'), '  {Enter}');
    expect(props.onApplyCoupon).not.toHaveBeenCalled();
  });

  it('keeps a rejected code and shows the provider’s message', async () => {
    const { user } = renderCart({
      onApplyCoupon: vi.fn(async () => ({ ok: false as const, message: "This promo code wasn't accepted.", detail: 'Coupon code "bogus" is not valid.' })),
    });
    const input = screen.getByLabelText('Promo code');
    await user.type(input, 'bogus{Enter}');
    expect(await screen.findByText('Promo code BOGUS wasn\'t accepted. Coupon code "bogus" is not valid.')).toBeInTheDocument();
    expect(input).toHaveValue('bogus');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('says what to do when a code is rejected without a message', async () => {
    const { user } = renderCart({ onApplyCoupon: vi.fn(async () => ({ ok: false as const, message: "This promo code wasn't accepted." })) });
    await user.type(screen.getByLabelText('Promo code'), 'nope{Enter}');
    expect(await screen.findByText("Promo code NOPE wasn't accepted. Check the code and try again.")).toBeInTheDocument();
  });

  it('lists applied coupons with a remove control', async () => {
    const { user, props } = renderCart({ cart: cartOf([line('a')], { coupons: ['SAVE10'] }) });
    const list = screen.getByRole('list', { name: 'Applied promo codes' });
    expect(list).toHaveTextContent('SAVE10');
    await user.click(within(list).getByRole('button', { name: 'Remove promo code SAVE10' }));
    expect(props.onRemoveCoupon).toHaveBeenCalledWith('SAVE10');
    expect(await screen.findByText('Promo code SAVE10 removed.')).toBeInTheDocument();
  });
});

describe('Clear Cart', () => {
  it('asks for confirmation in a dialog; Keep items does nothing', async () => {
    const { user, props } = renderCart();
    const trigger = screen.getByRole('button', { name: 'Clear Cart' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Clear your cart?' });
    expect(dialog).toHaveAccessibleDescription('Every item and promo code will be removed from your cart.');
    expect(within(dialog).getByRole('button', { name: 'Keep items' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Keep items' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(props.onClear).not.toHaveBeenCalled();
    expect(trigger).toHaveFocus();
  });

  it('closes on Escape without clearing', async () => {
    const { user, props } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(props.onClear).not.toHaveBeenCalled();
  });

  it('clears after confirmation', async () => {
    const { user, props } = renderCart();
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Cart' }));
    expect(props.onClear).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so when clearing failed', async () => {
    const { user } = renderCart({ onClear: vi.fn(async () => ({ ok: false as const, message: "We couldn't clear your cart." })) });
    await user.click(screen.getByRole('button', { name: 'Clear Cart' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't clear your cart.");
  });
});
