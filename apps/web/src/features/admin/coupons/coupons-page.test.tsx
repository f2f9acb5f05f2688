import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AdminCoupon, CouponList } from '@store/contracts/admin';
import { AdminApiProvider } from '../api/admin-api-context';
import CouponsPage from './coupons-page';

const base: AdminCoupon = {
  id: 1,
  code: 'LOOPS-20',
  description: '',
  kind: 'percent',
  percentOff: 20,
  amountOffMinor: null,
  currency: null,
  products: [{ path: 'loop-kit', name: 'Loop Kit' }],
  validFrom: null,
  validUntil: null,
  maxRedemptions: 50,
  oncePerCustomer: false,
  active: true,
  uses: 3,
  status: 'active',
  version: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const list: CouponList = {
  currency: 'USD',
  products: [{ path: 'loop-kit', name: 'Loop Kit' }],
  coupons: [
    base,
    { ...base, id: 2, code: 'FIVE-OFF', kind: 'amount', percentOff: null, amountOffMinor: 500, currency: 'USD', products: [], maxRedemptions: null, uses: 0 },
    { ...base, id: 3, code: 'OLD-SALE', validUntil: '2025-01-01T00:00:00.000Z', status: 'expired', uses: 12 },
  ],
};

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderPage(fetchMock: ReturnType<typeof vi.fn>) {
  vi.stubGlobal('fetch', fetchMock);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AdminApiProvider getAccessToken={() => Promise.resolve('admin-token')}>
        <MemoryRouter>
          <CouponsPage />
        </MemoryRouter>
      </AdminApiProvider>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

beforeAll(() => {
  // jsdom has no <dialog> methods.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
  };
});
afterEach(() => vi.unstubAllGlobals());

describe('CouponsPage', () => {
  it('lists each coupon with its discount, products, usage and status, and filters by status', async () => {
    const user = renderPage(vi.fn(() => Promise.resolve(json(200, list))));
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(table).getByRole('link', { name: 'LOOPS-20' }).closest('tr')!;
    expect(within(row).getByText('20% off')).toBeInTheDocument();
    expect(within(row).getByText('Loop Kit')).toBeInTheDocument();
    expect(within(row).getByText('3 / 50')).toBeInTheDocument();
    expect(within(row).getByText('Active')).toBeInTheDocument();
    const amountRow = within(table).getByRole('link', { name: 'FIVE-OFF' }).closest('tr')!;
    expect(within(amountRow).getByText('$5.00 off')).toBeInTheDocument();
    expect(within(amountRow).getByText('Every product')).toBeInTheDocument();
    expect(within(amountRow).getByText('0 / no cap')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New coupon' })).toHaveAttribute('href', '/admin/coupons/new');

    await user.selectOptions(screen.getByLabelText('Show'), 'expired');
    expect(screen.getByRole('link', { name: 'OLD-SALE' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'LOOPS-20' })).not.toBeInTheDocument();
    // An expired coupon has nothing left to expire.
    expect(screen.queryByRole('button', { name: 'Expire OLD-SALE' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Show'), 'scheduled');
    expect(screen.getByText('No coupon is scheduled right now.')).toBeInTheDocument();
  });

  it('expires a coupon after the maker confirms, and shows the new list', async () => {
    let expired = false;
    const fetchMock = vi.fn((url: string, init?: RequestInit) => {
      if (url === '/api/admin/coupons/1/expire' && init?.method === 'POST') {
        expired = true;
        return Promise.resolve(json(200, { coupon: { ...base, status: 'expired', version: 2 }, currency: 'USD', products: list.products }));
      }
      const coupons = expired ? list.coupons.map((coupon) => (coupon.id === 1 ? { ...coupon, status: 'expired' } : coupon)) : list.coupons;
      return Promise.resolve(json(200, { ...list, coupons }));
    });
    const user = renderPage(fetchMock);
    await user.click(await screen.findByRole('button', { name: 'Expire LOOPS-20' }));
    expect(screen.getByRole('dialog', { name: 'Expire LOOPS-20?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Expire now' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Expire LOOPS-20' })).not.toBeInTheDocument());
    const expireCall = fetchMock.mock.calls.find(([url]) => url === '/api/admin/coupons/1/expire');
    expect(expireCall?.[1]).toMatchObject({ method: 'POST', headers: expect.objectContaining({ authorization: 'Bearer admin-token' }) });
    const row = screen.getByRole('link', { name: 'LOOPS-20' }).closest('tr')!;
    expect(within(row).getByText('Expired')).toBeInTheDocument();
  });

  it('says what failed when the list cannot be loaded', async () => {
    renderPage(vi.fn(() => Promise.resolve(json(500, { message: 'The database is not answering.' }))));
    expect(await screen.findByRole('alert')).toHaveTextContent('The coupons could not be loaded');
  });
});
