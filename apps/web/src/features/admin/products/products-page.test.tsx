import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductsPage from './products-page';
import { CATEGORIES, listItem, productDetail, renderAdminPage, type SentRequest } from './testing';

afterEach(() => vi.unstubAllGlobals());

const items = [
  listItem(),
  listItem({ id: 2, path: 'loop-kit', displayName: 'Loop Kit', category: 'Loops', live: false, deal: { kind: 'percent', percent: 20 }, dealActive: true }),
];

function answer(request: SentRequest) {
  if (request.path === '/categories') return { body: CATEGORIES };
  if (request.method === 'GET' && request.path.startsWith('/products')) return { body: { products: items, currency: 'USD' } };
  if (request.path.endsWith('/live')) return { body: productDetail({ live: false, version: 5 }) };
  return { status: 404 };
}

const listRequests = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.path.startsWith('/products')).map((request) => request.path);

describe('the products list', () => {
  it('shows each product’s price, deal, status and sales', async () => {
    renderAdminPage(ProductsPage, { url: '/admin/products', pattern: '/admin/products', answer });
    const table = await screen.findByRole('table', { name: 'Products' });
    const loopKit = within(table).getByRole('link', { name: 'Loop Kit' }).closest('tr')!;
    expect(within(loopKit).getByText('20% off')).toBeInTheDocument();
    expect(within(loopKit).getByText('Draft')).toBeInTheDocument();
    expect(within(table).getAllByText('$49.00')).toHaveLength(2);
  });

  it('reads its filters from the address and keeps new ones there', async () => {
    const user = userEvent.setup();
    const { sent, router } = renderAdminPage(ProductsPage, { url: '/admin/products?status=draft', pattern: '/admin/products', answer });
    await screen.findByRole('table', { name: 'Products' });
    expect(screen.getByLabelText('Status')).toHaveValue('draft');
    expect(listRequests(sent)).toContain('/products?status=draft');

    await user.selectOptions(screen.getByLabelText('Category'), 'Loops');
    await user.selectOptions(screen.getByLabelText('Deal'), 'true');
    await waitFor(() => expect(listRequests(sent)).toContain('/products?category=Loops&status=draft&deal=true'));
    expect(new URLSearchParams(router.state.location.search).get('category')).toBe('Loops');
    expect(new URLSearchParams(router.state.location.search).get('deal')).toBe('true');

    await user.type(screen.getByLabelText('Search'), 'kit');
    await waitFor(() => expect(listRequests(sent)).toContain('/products?search=kit&category=Loops&status=draft&deal=true'));
  });

  it('takes a product offline only after it is confirmed, naming the version it saw', async () => {
    const user = userEvent.setup();
    const { sent } = renderAdminPage(ProductsPage, { url: '/admin/products', pattern: '/admin/products', answer });
    await user.click(await screen.findByRole('button', { name: 'Take offline: Pad Mapper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take Pad Mapper offline?' });
    expect(sent.some((request) => request.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Take offline' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: '/products/1/live', body: { live: false, version: 4 } }),
    );
  });
});
