import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { CATALOG, mockApi } from '#web/features/catalog/testing/catalog-fixtures.tsx';
import { Component as ProductList } from './product-list';

const VIEWS = [
  { path: '/products', productList: 'all', title: 'Products', nav: 'All Products', first: 'reMIDI 4' },
  { path: '/products/plugins', productList: 'plugins', title: 'Plugins', nav: 'Plugins', first: 'reMIDI 4' },
  { path: '/products/sample-packs', productList: 'samplePacks', title: 'Sample Packs', nav: 'Sample Packs', first: 'SW SELECT: SAMPLE LOOPS vol.1' },
  { path: '/products/free-downloads', productList: 'freeDownloads', title: 'Free Downloads & Trials', nav: 'Free Downloads', first: 'reMIDI 4 Trial' },
  { path: '/products/deals', productList: 'deals', title: 'Deals', nav: 'Deals', first: 'reChannel' },
] as const;

function renderAt(path: string) {
  const router = createMemoryRouter(
    VIEWS.map((view) => ({ path: view.path, handle: { productList: view.productList }, element: <ProductList /> })),
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

describe('product list route', () => {
  it.each(VIEWS)('titles $path from its route handle and marks it in the category nav', async (view) => {
    mockApi({ '/api/products/': { body: CATALOG } });
    renderAt(view.path);
    expect(screen.getByRole('heading', { level: 1, name: view.title })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Product categories' });
    expect(nav.querySelector('[aria-current="page"]')).toHaveTextContent(view.nav);
    expect(nav.querySelectorAll('[aria-current="page"]')).toHaveLength(1);
    expect((await screen.findAllByRole('heading', { level: 2 }))[0]).toHaveTextContent(view.first);
    await waitFor(() => expect(document.title).toBe(`${view.title} — SongWish`));
    expect(document.head.querySelector('meta[name="description"]')?.getAttribute('content')).toBeTruthy();
  });
});
