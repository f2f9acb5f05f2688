import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminCustomerRow, CustomerList } from '@store/contracts/admin';
import { AdminApiProvider } from '../api/admin-api-context';
import CustomersPage from './customers-page';

const row = (id: number, overrides: Partial<AdminCustomerRow> = {}): AdminCustomerRow => ({
  id,
  email: `buyer${id}@example.com`,
  name: `Buyer ${id}`,
  country: 'CA',
  orders: 1,
  revenueMinor: 7900,
  refundedMinor: 0,
  firstOrderAt: '2026-11-01T10:00:00.000Z',
  lastOrderAt: '2026-11-01T10:00:00.000Z',
  erasedAt: null,
  ...overrides,
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Location() {
  return <p data-testid="location">{useLocation().search}</p>;
}

function renderPage(fetchMock: ReturnType<typeof vi.fn>, at = '/admin/customers') {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminApiProvider getAccessToken={() => Promise.resolve('admin-token')}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route
              path="/admin/customers"
              element={
                <>
                  <CustomersPage />
                  <Location />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </AdminApiProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('CustomersPage', () => {
  it('lists customers with their orders and revenue, links each to its page, and shows more on request', async () => {
    const first: CustomerList = {
      currency: 'USD',
      next: 'cursor-1',
      customers: [row(3, { refundedMinor: 2500 }), row(2, { erasedAt: '2026-11-20T00:00:00.000Z', email: 'erased-2@erased.invalid', name: null })],
    };
    const second: CustomerList = { currency: 'USD', next: null, customers: [row(1)] };
    const fetchMock = vi.fn((url: string) => Promise.resolve(json(200, url.includes('after=cursor-1') ? second : first)));
    const user = renderPage(fetchMock);
    const table = await screen.findByRole('table', { name: 'Customers, newest first' });
    const buyer = within(table).getByRole('link', { name: 'buyer3@example.com' });
    expect(buyer).toHaveAttribute('href', '/admin/customers/3');
    const buyerRow = buyer.closest('tr')!;
    expect(within(buyerRow).getByText('$79.00')).toBeInTheDocument();
    expect(within(buyerRow).getByText('$25.00 refunded')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Erased customer' })).toHaveAttribute('href', '/admin/customers/2');

    await user.click(screen.getByRole('button', { name: 'Show more customers' }));
    expect(await within(table).findByRole('link', { name: 'buyer1@example.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more customers' })).not.toBeInTheDocument();
  });

  it('keeps the search in the URL, sends it to the API, and says when nobody matches', async () => {
    const fetchMock = vi.fn((url: string) =>
      Promise.resolve(json(200, { currency: 'USD', next: null, customers: url.includes('q=') ? [] : [row(1)] } satisfies CustomerList)),
    );
    const user = renderPage(fetchMock);
    await screen.findByRole('link', { name: 'buyer1@example.com' });
    await user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'Zoë');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?q=Zo%C3%AB'));
    expect(await screen.findByText('No customer’s email starts with “Zoë”, and no name contains it.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/admin/customers?q=Zo%C3%AB')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Show everyone' }));
    expect(await screen.findByRole('link', { name: 'buyer1@example.com' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('');
  });

  it('opens with the search of the URL and shows the API’s message when it refuses', async () => {
    renderPage(
      vi.fn(() => Promise.resolve(json(400, { error: 'Bad Request', message: 'Search for at most 200 characters.' }))),
      '/admin/customers?q=abc',
    );
    expect(screen.getByRole('searchbox', { name: 'Search customers' })).toHaveValue('abc');
    expect(await screen.findByRole('alert')).toHaveTextContent('Search for at most 200 characters.');
  });
});
