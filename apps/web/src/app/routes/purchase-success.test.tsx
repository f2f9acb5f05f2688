import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Component as PurchaseSuccess } from './purchase-success';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/products/purchase-success', Component: PurchaseSuccess }], { initialEntries: [url] });
  const queryClient = new QueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const jsonResponse = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('thank-you page', () => {
  it('thanks the customer and offers the next steps', () => {
    const { container } = renderAt('/products/purchase-success');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Thanks for your order! Please check your email for your download(s).');
    expect(screen.getByText('Thanks for your order! Please check your email for your download(s).')).toBeInTheDocument();
    expect(screen.getByText('Happy producing :)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/products');
    expect(screen.getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute('href', '/account');
    expect(document.title).toBe('Thank you for your order');

    // The hero is decorative and has its size set, so it takes its space before it loads.
    const hero = container.querySelector('img');
    expect(hero).toHaveAttribute('alt', '');
    expect(hero).toHaveAttribute('width', '640');
    expect(hero).toHaveAttribute('height', '400');
    expect(screen.queryByText('Order reference')).not.toBeInTheDocument();
  });

  it('shows a valid order reference and, once recorded, what was bought', async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(jsonResponse(404, { error: 'Not Found', message: 'No completed order' }))
      .mockResolvedValue(
        jsonResponse(200, {
          reference: 'SW-12345_a',
          total: '$102.20',
          items: [{ path: 'pad-mapper', display: 'Pad Mapper', quantity: 1 }, { path: 'note-router', display: 'Note Router', quantity: 2 }, 'not an item'],
        }),
      );
    vi.stubGlobal('fetch', fetchMock);
    renderAt('/products/purchase-success?order=SW-12345_a');
    expect(screen.getByText('Order reference')).toBeInTheDocument();
    expect(screen.getByText('SW-12345_a')).toBeInTheDocument();
    expect(screen.getByText('Confirming your order…')).toBeInTheDocument();

    expect(await screen.findByRole('link', { name: 'Pad Mapper' }, { timeout: 4000 })).toHaveAttribute('href', '/products/pad-mapper');
    expect(screen.getByText('× 2')).toBeInTheDocument();
    expect(screen.getByText('$102.20')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/orders/');
    expect(JSON.parse(init.body as string)).toEqual({ reference: 'SW-12345_a' });
  });

  it('says the order is still being confirmed when the store never hears of it', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(500, { error: 'Internal Server Error', message: 'x' })));
    renderAt('/products/purchase-success?order=SW-1');
    expect(await screen.findByText(/We are still confirming this order/, undefined, { timeout: 8000 })).toBeInTheDocument();
  }, 10_000);

  it.each(['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', 'Your refund was refused, call +1 555 0100', 'SW-12345 ', 'A'.repeat(65), ''])(
    'never shows an order reference that is not one: %j',
    (order) => {
      const { container } = renderAt(`/products/purchase-success?order=${encodeURIComponent(order)}`);
      expect(screen.queryByText('Order reference')).not.toBeInTheDocument();
      expect(container.innerHTML).not.toContain('alert(1)');
      expect(container).not.toHaveTextContent('refused');
      expect(container.querySelectorAll('img')).toHaveLength(1);
    },
  );
});
