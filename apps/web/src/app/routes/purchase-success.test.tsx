import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Component as PurchaseSuccess } from './purchase-success';

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/products/purchase-success', Component: PurchaseSuccess }], { initialEntries: [url] });
  return render(<RouterProvider router={router} />);
}


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

  it('shows a valid order reference', () => {
    renderAt('/products/purchase-success?order=SW-12345_a');
    expect(screen.getByText('Order reference')).toBeInTheDocument();
    expect(screen.getByText('SW-12345_a')).toBeInTheDocument();
  });

  it.each([
    '<script>alert(1)</script>',
    '"><img src=x onerror=alert(1)>',
    'Your refund was refused, call +1 555 0100',
    'SW-12345 ',
    'A'.repeat(65),
    '',
  ])('never shows an order reference that is not one: %j', (order) => {
    const { container } = renderAt(`/products/purchase-success?order=${encodeURIComponent(order)}`);
    expect(screen.queryByText('Order reference')).not.toBeInTheDocument();
    expect(container.innerHTML).not.toContain('alert(1)');
    expect(container).not.toHaveTextContent('refused');
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });
});
