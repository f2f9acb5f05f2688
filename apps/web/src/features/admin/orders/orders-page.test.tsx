import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAdminPage, listItem, type FakeAnswer, type SentRequest } from '../products/testing';
import OrdersPage from './orders-page';
import { orderList, orderRow } from './testing';

afterEach(() => vi.unstubAllGlobals());

const PRODUCTS = { products: [listItem(), listItem({ id: 2, path: 'loop-kit', displayName: 'Loop Kit' })], currency: 'USD' };

function answer(request: SentRequest): FakeAnswer {
  if (request.path.startsWith('/products')) return { body: PRODUCTS };
  if (request.path.startsWith('/orders')) return { body: orderList() };
  return { status: 404 };
}

const orderRequests = (sent: SentRequest[]) => sent.filter((request) => request.path.startsWith('/orders')).map((request) => request.path);
const searchOf = (router: { state: { location: { search: string } } }) => new URLSearchParams(router.state.location.search);

function renderList(url = '/admin/orders', respond = answer) {
  return renderAdminPage(OrdersPage, { url, pattern: '/admin/orders', answer: respond });
}

describe('the orders list', { timeout: 15_000 }, () => {
  it('shows each order with its customer, products, total, status and the totals of the filtered set', async () => {
    renderList('/admin/orders', (request) =>
      request.path.startsWith('/orders')
        ? {
            body: orderList({
              orders: [
                orderRow({ status: 'partially_refunded', refundedMinor: 3000, couponCodes: ['LOOPS-10'] }),
                orderRow({ id: 8, reference: 'SW-1008', kind: 'complimentary', totalMinor: 0, products: ['Loop Kit'], customerName: null }),
              ],
              totals: [{ currency: 'USD', orders: 2, totalMinor: 7800, refundedMinor: 3000, netMinor: 4800 }],
            }),
          }
        : answer(request),
    );
    const table = await screen.findByRole('table', { name: 'Orders' });
    const first = within(table).getByRole('link', { name: 'SW-1007' }).closest('tr')!;
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('Pad Mapper, Loop Kit');
    expect(first).toHaveTextContent('LOOPS-10');
    expect(within(first).getByText('$78.00')).toBeInTheDocument();
    expect(within(first).getByText('$30.00 refunded')).toBeInTheDocument();
    expect(within(first).getByText('Partially refunded')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'SW-1007' })).toHaveAttribute('href', '/admin/orders/7');
    const second = within(table).getByRole('link', { name: 'SW-1008' }).closest('tr')!;
    expect(within(second).getByText('Complimentary')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Totals of these orders' });
    expect(within(totals).getByText('$48.00')).toBeInTheDocument();
    expect(within(totals).getByText('2')).toBeInTheDocument();
  });

  it('reads its filters from the address, sends them, and keeps new ones there', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderList('/admin/orders?status=refunded&from=2026-11-01');
    await screen.findByRole('table', { name: 'Orders' });
    expect(screen.getByLabelText('Status')).toHaveValue('refunded');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(orderRequests(sent)).toContain('/orders?from=2026-11-01&status=refunded');

    await user.selectOptions(screen.getByLabelText('Product'), 'Loop Kit');
    await user.selectOptions(screen.getByLabelText('Kind'), 'complimentary');
    await waitFor(() => expect(orderRequests(sent)).toContain('/orders?from=2026-11-01&productId=2&status=refunded&kind=complimentary'));
    expect(searchOf(router).get('productId')).toBe('2');

    await user.type(screen.getByLabelText('Search'), 'PADM-AAAA');
    await waitFor(() => expect(searchOf(router).get('q')).toBe('PADM-AAAA'));
    await waitFor(() => expect(orderRequests(sent)).toContain('/orders?q=PADM-AAAA&from=2026-11-01&productId=2&status=refunded&kind=complimentary'));
    // Typing waits for a pause: no request for each letter.
    expect(orderRequests(sent).filter((path) => path.includes('q=PADM'))).toHaveLength(1);
  });

  it('appends the next older page, asking for it after the last one', async () => {
    const user = userEvent.setup();
    const { sent } = renderList('/admin/orders', (request) => {
      if (!request.path.startsWith('/orders')) return answer(request);
      return request.path.includes('after=')
        ? { body: orderList({ orders: [orderRow({ id: 6, reference: 'SW-1006' })], next: null }) }
        : { body: orderList({ next: 'cursor-1' }) };
    });
    await user.click(await screen.findByRole('button', { name: 'Show older orders' }));
    await screen.findByRole('link', { name: 'SW-1006' });
    expect(screen.getByRole('link', { name: 'SW-1007' })).toBeInTheDocument();
    expect(orderRequests(sent)).toContain('/orders?after=cursor-1');
    expect(screen.queryByRole('button', { name: 'Show older orders' })).not.toBeInTheDocument();
  });

  it('says when the dates are in the wrong order, beside the end date, without asking the store', async () => {
    const { sent } = renderList('/admin/orders?from=2026-11-20&to=2026-11-01');
    expect(await screen.findByText('The end date is before the start date: swap them, or pick a later end.')).toBeInTheDocument();
    expect(screen.getByLabelText('To')).toHaveAttribute('aria-invalid', 'true');
    expect(orderRequests(sent)).toHaveLength(0);
  });

  it('shows the store’s message beside the field it refused', async () => {
    renderList('/admin/orders?q=x', (request) =>
      request.path.startsWith('/orders')
        ? { status: 400, body: { error: 'Bad Request', message: 'Check the filters.', fields: { q: 'Search for at most 200 characters.' } } }
        : answer(request),
    );
    expect(await screen.findByText('Search for at most 200 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says what to change when nothing matches', async () => {
    renderList('/admin/orders?q=nobody', (request) => (request.path.startsWith('/orders') ? { body: orderList({ orders: [], totals: [] }) } : answer(request)));
    expect(await screen.findByText(/No order matches these filters/)).toBeInTheDocument();
  });

  it('exports the filtered orders as a CSV, and says so when it fails', async () => {
    const user = userEvent.setup();
    URL.createObjectURL = vi.fn(() => 'blob:orders');
    URL.revokeObjectURL = vi.fn();
    let fail = false;
    const { sent } = renderList('/admin/orders?status=refunded', (request) =>
      request.path.startsWith('/orders/export.csv')
        ? fail
          ? { status: 500, body: { message: 'The database is not answering.' } }
          : { body: 'csv' }
        : answer(request),
    );
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(orderRequests(sent)).toContain('/orders/export.csv?status=refunded'));
    expect(URL.createObjectURL).toHaveBeenCalled();
    fail = true;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The CSV was not exported');
    expect(alert).toHaveTextContent('The database is not answering.');
  });
});
