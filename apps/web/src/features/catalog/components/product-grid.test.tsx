import { inCategory, NO_PRODUCTS_ARRAY, productFilters, type ProductFilter } from '@store/contracts/catalog/normalize';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, mockApi, rawProduct, renderWithProviders, requestedPaths } from '../testing/catalog-fixtures';
import { ProductGrid } from './product-grid';

async function shownProducts(): Promise<string[]> {
  const list = await screen.findByRole('list');
  return within(list)
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent ?? '');
}

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProductGrid list views', () => {
  const views: Record<string, ProductFilter | undefined> = {
    all: undefined,
    tools: inCategory('Tools'),
    loops: inCategory('Loops'),
    freeDownloads: productFilters.freeDownloads,
    deals: productFilters.deals,
  };
  const expected: Record<string, string[]> = {
    all: ['Pad Mapper', 'Pad Mapper Trial', 'Note Router', 'Loop Kit One', 'Loop Kit Two', 'Chord Library', 'Free Chord Sampler'],
    tools: ['Pad Mapper', 'Pad Mapper Trial', 'Note Router'],
    loops: ['Loop Kit One', 'Loop Kit Two', 'Chord Library', 'Free Chord Sampler'],
    freeDownloads: ['Pad Mapper Trial', 'Free Chord Sampler'],
    // Note Router has discountPercent '20%' (text), Loop Kit Two has 15 (number).
    deals: ['Note Router', 'Loop Kit Two'],
  };

  it.each(Object.entries(expected))('shows the %s view, without non-live products', async (view, names) => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderWithProviders(<ProductGrid filter={views[view]} />);
    expect(await shownProducts()).toEqual(names);
    expect(screen.queryByText('Old Plugin')).not.toBeInTheDocument();
    expect(screen.queryByText('Hidden Free Pack')).not.toBeInTheDocument();
  });

  it("reads an object answer's data.items and drops entries that are not objects", async () => {
    mockApi({ '/api/products/': { body: { data: { items: [rawProduct('a-plugin', { display: 'A plugin' }), 'junk', null, 42] } } } });
    renderWithProviders(<ProductGrid />);
    expect(await shownProducts()).toEqual(['A plugin']);
  });

  it('leaves out only the product whose filter throws', async () => {
    const exploding = rawProduct('exploding', { display: 'Exploding' });
    exploding.attributes = {
      live: 'true',
      get category(): string {
        throw new Error('broken category');
      },
    };
    const payload = [rawProduct('fine-plugin', { display: 'Fine plugin' }), exploding, rawProduct('other-plugin', { display: 'Other plugin' })];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => ({ ok: true, status: 200, statusText: 'OK', json: async () => payload })),
    );
    renderWithProviders(<ProductGrid filter={inCategory('Tools')} />);
    expect(await shownProducts()).toEqual(['Fine plugin', 'Other plugin']);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining('exploding'), expect.any(Error));
  });

  it('shows at most `limit` products', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderWithProviders(<ProductGrid limit={2} />);
    expect(await shownProducts()).toEqual(['Pad Mapper', 'Pad Mapper Trial']);
  });

  it('lays out 1, 2 and 3 columns', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderWithProviders(<ProductGrid />);
    expect(await screen.findByRole('list')).toHaveClass('grid-cols-1', 'md:grid-cols-2', 'lg:grid-cols-3');
  });

  it('uses renderAction for every card', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    const renderAction = vi.fn((product: { path: string }) => <button type="button">Add {product.path}</button>);
    renderWithProviders(<ProductGrid filter={productFilters.deals} renderAction={renderAction} />);
    expect(await screen.findByRole('button', { name: 'Add note-router' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add loop-kit-two' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
  });
});

describe('ProductGrid states', () => {
  it('shows skeleton cards while loading', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise(() => {})),
    );
    renderWithProviders(<ProductGrid limit={3} />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
  });

  it('says when a view has no products', async () => {
    mockApi({ '/api/products/': { body: [rawProduct('paid', { display: 'Paid' })] } });
    renderWithProviders(<ProductGrid filter={productFilters.deals} />);
    expect(await screen.findByText('No products available in this category.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse all products' })).toHaveAttribute('href', '/products');
  });

  it('says what went wrong, asks GET /status why, and tries again on request (storefront spec §7)', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      '/api/products/': () => (++calls === 1 ? { status: 503, statusText: 'Service Unavailable', body: {} } : { body: CATALOG }),
      '/status': { status: 503, statusText: 'Service Unavailable', body: { status: 'unavailable' } },
    });
    renderWithProviders(<ProductGrid filter={inCategory('Tools')} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load the products.");
    expect(alert).toHaveTextContent('HTTP 503: Service Unavailable');
    await waitFor(() => expect(alert).toHaveTextContent('The store is down for a moment. Try again in a minute.'));

    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await shownProducts()).toEqual(['Pad Mapper', 'Pad Mapper Trial', 'Note Router']);
    expect(requestedPaths(fetchMock)).toEqual(['/api/products/', '/status', '/api/products/']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the store is having trouble when /status answers OK (storefront spec §7)', async () => {
    mockApi({ '/api/products/': { body: { data: { products: [] } } }, '/status': { body: { status: 'ok' } } });
    renderWithProviders(<ProductGrid />);
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert).toHaveTextContent('The store is up but having trouble with this. Try again in a moment.'));
  });

  it(`reports '${NO_PRODUCTS_ARRAY}' for an answer without a product array`, async () => {
    mockApi({ '/api/products/': { body: { data: { products: [] } } } });
    renderWithProviders(<ProductGrid />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(NO_PRODUCTS_ARRAY);
    expect(alert).toHaveTextContent("We couldn't load the products.");
  });

  it('explains an unreachable server in plain words', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithProviders(<ProductGrid />);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent("The store server couldn't be reached."));
    // GET /status cannot be reached either.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Check your internet connection and try again.'));
  });
});
