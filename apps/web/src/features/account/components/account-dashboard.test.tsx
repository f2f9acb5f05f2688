import type { AccountData, AccountOrder } from '@store/contracts/account';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, Toaster } from '#web/components/ui/toast.tsx';
import { AccountDashboard } from './account-dashboard';

const product = {
  product_id: 'pad-mapper',
  sku: 'RM4',
  display: 'Pad Mapper',
  quantity: 1,
  subtotal_display: '$79.00',
  coupon: 'N/A',
  has_update: false,
  is_major_update: false,
  user_version: null,
  current_version: '4.2.1',
  first_download: true,
  download_url: '/api/downloads/1?sig=x',
  download_expires: null,
  refunded_quantity: 0,
  previous_versions: [],
};

function order(index: number, extra: Partial<AccountOrder> = {}): AccountOrder {
  return {
    order_id: `id-${index}`,
    order_reference: `REF-${index}`,
    date: '2026-01-02T00:00:00Z',
    total: 79,
    currency: 'USD',
    status: 'completed',
    products: [product],
    files: [],
    licenses: [],
    ...extra,
  };
}

function account(orders: AccountOrder[]): AccountData {
  return {
    customer_info: { full_name: 'Robin Keys', first_name: 'Robin', last_name: 'Keys', email: 'robin@example.com' },
    total_orders: orders.length,
    total_products: orders.length,
    total_files: 0,
    total_licenses: 1,
    licensespring_licenses: [{ product_name: 'Pad Mapper', license_key: 'AAAA-BBBB-CCCC-DDDD', status: 'Active', activations_used: null, expiration: null }],
    orders,
  };
}

const user = { sub: 'u1', email: 'robin@example.com', emailVerified: true, name: 'Robin Keys', givenName: 'Robin', familyName: 'Keys' };

function respond(status: number, body: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    if (String(input).endsWith('/api/track-download')) return new Response('{}', { status: 201 });
    if (String(input).endsWith('/api/account/licences'))
      return new Response('{"licenses":[]}', { status: 200, headers: { 'content-type': 'application/json' } });
    if (String(input).endsWith('/api/account/preferences'))
      return new Response('{"releaseEmails":false}', { status: 200, headers: { 'content-type': 'application/json' } });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
}

function renderDashboard(path = '/account', props: Partial<Parameters<typeof AccountDashboard>[0]> = {}) {
  const onLogout = vi.fn();
  const onLoginAgain = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/account',
        element: (
          <AccountDashboard
            user={user}
            getAccessToken={async () => 'token'}
            onLogout={onLogout}
            onLoginAgain={onLoginAgain}
            avatar={<span>RK</span>}
            fetchDelayMs={0}
            {...props}
          />
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onLogout, onLoginAgain };
}

/** Moves fake timers on and lets React render what they started. */
async function advance(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

beforeEach(() => clearToasts());
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('AccountDashboard', () => {
  it('shows orders, licences with status colour, Free, the fallback reference and paging by 10', async () => {
    const orders = Array.from({ length: 12 }, (_, index) => order(index));
    orders[0] = order(0, { order_reference: '', total: 0, status: 'pending' });
    respond(200, account(orders));
    renderDashboard();
    const first = await screen.findByRole('listitem', { name: 'Order ORDER-id-0' });
    expect(within(first).getByText('Free')).toBeInTheDocument();
    expect(within(first).getByText('Pending').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(screen.getByText('Active').closest('[data-tone]')).toHaveAttribute('data-tone', 'green');
    expect(screen.getAllByRole('listitem', { name: /^Order / })).toHaveLength(10);
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('listitem', { name: /^Order / })).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
  });

  it('shows an order whose total is the string "$12.50", and one of "USD 0.00" as Free (account spec §3)', async () => {
    // Typed as the server's answer may be: the contract accepts either form.
    respond(200, account([order(1, { total: '$12.50' }), order(2, { total: 'USD 0.00' })]));
    renderDashboard();
    const first = await screen.findByRole('listitem', { name: 'Order REF-1' });
    expect(within(first).getByText('$12.50')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'Order REF-2' })).getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('Failed to load account data')).not.toBeInTheDocument();
  });

  it('tracks a first download and shows version states', async () => {
    const fetchMock = respond(
      200,
      account([
        order(1),
        order(2, {
          products: [
            {
              ...product,
              product_id: 'note-router',
              display: 'Note Router',
              first_download: false,
              has_update: true,
              is_major_update: true,
              user_version: '1.0.0',
              current_version: '2.0.0',
            },
          ],
        }),
        order(3, { products: [{ ...product, display: 'Loops', first_download: false, user_version: '4.2.1', download_url: null }] }),
      ]),
    );
    renderDashboard();
    expect(await screen.findByText(/Version tracking starts after your first download/)).toBeInTheDocument();
    expect(screen.getByText(/Major Update: 1.0.0 → 2.0.0/).closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByRole('link', { name: 'Download Update Note Router' })).toBeInTheDocument();
    expect(screen.getByText('Up to date (4.2.1)')).toBeInTheDocument();
    expect(screen.getByText('Download not available')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Download Pad Mapper' });
    link.addEventListener('click', (event) => event.preventDefault());
    await userEvent.click(link);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/api/track-download'))).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/track-download'))!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({ product_id: 'pad-mapper', version: '4.2.1', order_id: 'id-1' });
  });

  it('marks refunded orders and lines in words a shopper understands', async () => {
    respond(
      200,
      account([
        order(1, { status: 'refunded', products: [{ ...product, refunded_quantity: 1, download_url: null }] }),
        order(2, {
          status: 'partially_refunded',
          products: [
            { ...product, quantity: 2, refunded_quantity: 2, download_url: null },
            { ...product, product_id: 'note-router', sku: 'RC', display: 'Note Router', quantity: 3, refunded_quantity: 1 },
          ],
        }),
      ]),
    );
    renderDashboard();
    const refunded = await screen.findByRole('listitem', { name: 'Order REF-1' });
    expect(within(refunded).getAllByText('Refunded')[0]!.closest('[data-tone]')).toHaveAttribute('data-tone', 'grey');
    expect(within(refunded).getByText('Refunded: no downloads')).toBeInTheDocument();
    // Versions and updates mean nothing for a product no longer owned.
    expect(within(refunded).queryByText(/Version tracking starts/)).not.toBeInTheDocument();
    const partly = screen.getByRole('listitem', { name: 'Order REF-2' });
    expect(within(partly).getByText('Partly refunded').closest('[data-tone]')).toHaveAttribute('data-tone', 'yellow');
    expect(within(partly).getByText('Refunded')).toBeInTheDocument();
    expect(within(partly).getByText('1 of 3 refunded')).toBeInTheDocument();
    expect(within(partly).getByRole('link', { name: 'Download Note Router' })).toBeInTheDocument();
  });

  it("profile tab, and 'Tab Not Found'", async () => {
    respond(200, account([order(1)]));
    renderDashboard('/account?tab=profile');
    expect(await screen.findByRole('heading', { name: 'Purchase Summary' })).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    renderDashboard('/account?tab=nope');
    expect(screen.getByRole('heading', { name: 'Tab Not Found' })).toBeInTheDocument();
  });

  it("404: no customer for this email shows 'No orders found.', with the warning toast and banner (account spec §8)", async () => {
    respond(404, { message: 'No orders found' });
    renderDashboard();
    const history = await screen.findByRole('region', { name: 'Order History' });
    expect(await within(history).findByText('No orders found.')).toBeInTheDocument();
    expect(within(history).queryByText('No Orders Yet')).not.toBeInTheDocument();
    // The banner, and the toast once its code has loaded.
    await waitFor(() => expect(screen.getAllByText('No store purchases found for this email').length).toBeGreaterThanOrEqual(2));
  });

  it("a customer with no orders shows 'No Orders Yet - Your order history will appear here after you make a purchase.' (account spec §8)", async () => {
    respond(200, account([]));
    renderDashboard();
    const history = await screen.findByRole('region', { name: 'Order History' });
    expect(await within(history).findByText('No Orders Yet')).toBeInTheDocument();
    expect(within(history).getByText('Your order history will appear here after you make a purchase.')).toBeInTheDocument();
    expect(within(history).queryByText('No orders found.')).not.toBeInTheDocument();
    expect(screen.queryByText('No store purchases found for this email')).not.toBeInTheDocument();
  });

  it("a failed orders fetch: toast 'Failed to load account data', 'Unable to Load Orders', 'Failed to load orders' and 'Failed to fetch orders: 500' (account spec §8)", async () => {
    respond(500, {});
    renderDashboard();
    const history = await screen.findByRole('region', { name: 'Order History' });
    expect(await within(history).findByText('Unable to Load Orders', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(history).getByText(/^Failed to load orders\./)).toBeInTheDocument();
    expect(within(history).getByText('Error: Failed to fetch orders: 500')).toBeInTheDocument();
    expect(await screen.findByText('Failed to load account data')).toBeInTheDocument();
  });

  it('keeps an `error` field of an OK answer as the error (account spec §7)', async () => {
    respond(200, { error: 'Order history is being rebuilt', data: account([order(1)]) });
    renderDashboard();
    expect(await screen.findByText('Error: Order history is being rebuilt', undefined, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByText('Unable to Load Orders')).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: 'Order REF-1' })).not.toBeInTheDocument();
  });

  it("keeps a thrown failure's message, or 'Unknown error' when it has none (account spec §8)", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderDashboard();
    expect(await screen.findByText('Error: Failed to fetch', undefined, { timeout: 5_000 })).toBeInTheDocument();
    cleanup();
    clearToasts();
    vi.restoreAllMocks();
    vi.spyOn(globalThis, 'fetch').mockImplementation(() => Promise.reject(Object.freeze({})));
    renderDashboard();
    expect(await screen.findByText('Error: Unknown error', undefined, { timeout: 5_000 })).toBeInTheDocument();
  });

  it('reads the account from `data` or from the body itself (account spec §7)', async () => {
    respond(200, { data: account([order(7)]) });
    renderDashboard();
    expect(await screen.findByRole('listitem', { name: 'Order REF-7' })).toBeInTheDocument();
  });

  it('starts the account fetch 500 ms after login, not before (account spec §4)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchMock = respond(200, account([order(1)]));
    renderDashboard('/account', { fetchDelayMs: undefined });
    await advance(499);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByText('Loading your orders...')).toBeInTheDocument();
    await advance(1);
    // Let the enabled query ask for a token and send the request, without moving the clock on.
    for (let tick = 0; tick < 5 && fetchMock.mock.calls.length === 0; tick += 1) await advance(0);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]![0])).toMatch(/\/api\/account$/);
    for (let tick = 0; tick < 10 && !screen.queryByRole('listitem', { name: 'Order REF-1' }); tick += 1) await advance(10);
    expect(screen.getByRole('listitem', { name: 'Order REF-1' })).toBeInTheDocument();
    // The account once; the licence panel's computers follow it.
    expect(fetchMock.mock.calls.filter(([url]) => /\/api\/account$/.test(String(url)))).toHaveLength(1);
  });

  it("shows the 'Failed to load account data' toast for 5 s (account spec §9)", async () => {
    // The toast's code, loaded as the app loads it once it runs: a fetch would not finish on fake timers.
    await import('#web/components/ui/toast-item.tsx');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A 4xx is not retried, so the failure is known at once.
    respond(400, {});
    renderDashboard();
    for (let tick = 0; tick < 5 && !screen.queryByText('Failed to load account data'); tick += 1) await advance(0);
    expect(screen.getByText('Failed to load account data')).toBeInTheDocument();
    await advance(4_999);
    expect(screen.getByText('Failed to load account data')).toBeInTheDocument();
    await advance(1);
    expect(screen.queryByText('Failed to load account data')).not.toBeInTheDocument();
    expect(screen.getByText('Error: Failed to fetch orders: 400')).toBeInTheDocument();
  });

  it('403: asks the shopper to confirm their email', async () => {
    respond(403, {});
    renderDashboard();
    expect(await screen.findByText('Please confirm your email address')).toBeInTheDocument();
  });

  it("401: 'Session expired. Redirecting to login...' then logout after 2 s", async () => {
    respond(401, {});
    const { onLogout } = renderDashboard();
    expect(await screen.findAllByText('Session expired. Redirecting to login...')).not.toHaveLength(0);
    expect(onLogout).not.toHaveBeenCalled();
    await waitFor(() => expect(onLogout).toHaveBeenCalledOnce(), { timeout: 3_000 });
  });

  it("no token: 'Authentication failed. Redirecting to login...' then login", async () => {
    respond(200, {});
    const { onLoginAgain } = renderDashboard('/account', {
      getAccessToken: () => Promise.reject(Object.assign(new Error('popup'), { code: 'request_error' })),
    });
    expect(await screen.findAllByText('Authentication failed. Redirecting to login...')).not.toHaveLength(0);
    await waitFor(() => expect(onLoginAgain).toHaveBeenCalledOnce(), { timeout: 3_000 });
  });

  it('copies a licence key with feedback', async () => {
    respond(200, account([order(1)]));
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderDashboard();
    await userEvent.click(await screen.findByRole('button', { name: 'Copy licence key for Pad Mapper' }));
    expect(writeText).toHaveBeenCalledWith('AAAA-BBBB-CCCC-DDDD');
    expect(screen.getByText('Copied!')).toBeInTheDocument();
  });
});
