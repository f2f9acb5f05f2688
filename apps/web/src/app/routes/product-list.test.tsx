import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CATALOG, CATEGORIES, mockApi, rawDetail } from '#web/features/catalog/testing/catalog-fixtures.tsx';
import { Component as ProductList } from './product-list';
import { Component as ProductRoute } from './product';

const FIXED_VIEWS = [
  { path: '/products', productList: 'all', title: 'Products', nav: 'All Products', first: 'Pad Mapper' },
  { path: '/products/free-downloads', productList: 'freeDownloads', title: 'Free Downloads & Trials', nav: 'Free Downloads', first: 'Pad Mapper Trial' },
  { path: '/products/deals', productList: 'deals', title: 'Deals', nav: 'Deals', first: 'Note Router' },
] as const;

const CATEGORY_VIEWS = [
  { path: '/products/tools', title: 'Tools', nav: 'Tools', first: 'Pad Mapper', intro: CATEGORIES[0]!.intro },
  { path: '/products/loops', title: 'Loops', nav: 'Loops', first: 'Loop Kit One', intro: CATEGORIES[1]!.intro },
] as const;

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      ...FIXED_VIEWS.map((view) => ({ path: view.path, handle: { productList: view.productList }, element: <ProductList /> })),
      { path: '/products/:productPath', element: <ProductRoute /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function expectListPage(view: { title: string; nav: string; first: string }) {
  expect(await screen.findByRole('heading', { level: 1, name: view.title })).toBeInTheDocument();
  const nav = screen.getByRole('navigation', { name: 'Product categories' });
  await waitFor(() => expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent(view.nav));
  expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
  expect((await screen.findAllByRole('heading', { level: 2 }))[0]).toHaveTextContent(view.first);
  await waitFor(() => expect(document.title).toBe(`${view.title} — SongWish`));
  expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
}

describe('product list route', () => {
  it.each(FIXED_VIEWS)('titles $path from its route handle and marks it in the category nav', async (view) => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderAt(view.path);
    await expectListPage(view);
  });

  it('lists every category from the API between all products and the fixed views', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderAt('/products');
    const nav = screen.getByRole('navigation', { name: 'Product categories' });
    await waitFor(() =>
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.getAttribute('href')),
      ).toEqual(['/products', '/products/tools', '/products/loops', '/products/free-downloads', '/products/deals']),
    );
  });

  it('says how to get the free downloads in the store currency', async () => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderAt('/products/free-downloads');
    expect(await screen.findByText('Free packs and trial versions: check out at $0.00, no payment required.')).toBeInTheDocument();
  });
});

describe('a category slug at /products/{slug}', () => {
  it.each(CATEGORY_VIEWS)("shows $path as that category's list, introduced by its intro", async (view) => {
    const fetchMock = mockApi({ '/api/products/': { body: CATALOG } });
    renderAt(view.path);
    await expectListPage(view);
    expect(screen.getByText(view.intro)).toBeInTheDocument();
    // A category is not looked up as a product.
    expect(fetchMock.mock.calls.map(([input]) => String(input))).not.toContain(`/api/products/${view.path.split('/').at(-1)}`);
  });

  it('shows a product page for a slug no category has', async () => {
    mockApi({ '/api/products/': { body: CATALOG }, '/api/products/note-router': { body: rawDetail('note-router') } });
    renderAt('/products/note-router');
    expect(await screen.findByRole('heading', { level: 1, name: 'Note Router' })).toBeInTheDocument();
  });

  it('still shows products when the categories cannot be loaded', async () => {
    mockApi({
      '/api/categories': { status: 503, statusText: 'Service Unavailable', body: {} },
      '/api/products/': { body: CATALOG },
      '/api/products/note-router': { body: rawDetail('note-router') },
    });
    renderAt('/products/note-router');
    expect(await screen.findByRole('heading', { level: 1, name: 'Note Router' })).toBeInTheDocument();
  });
});
