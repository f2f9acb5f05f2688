import { normalizeProduct, type NormalizedProduct } from '@store/contracts/catalog/normalize';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CATALOG, mockApi, rawProduct, renderWithProviders } from '../testing/catalog-fixtures';
import { CARD_IMAGE_SIZES, ProductCard } from './product-card';

function product(path: string): NormalizedProduct {
  const raw = CATALOG.find((entry) => entry.path === path);
  if (!raw) throw new Error(`No fixture ${path}`);
  return normalizeProduct(raw);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ProductCard', () => {
  it('shows the total, the struck-through original price and the discount for a string percentage', () => {
    renderWithProviders(<ProductCard product={product('note-router')} />);
    expect(screen.getByText('$23.20')).toBeInTheDocument();
    const original = screen.getByText('$29.00');
    expect(original.tagName).toBe('S');
    expect(original).toHaveTextContent('was $29.00');
    expect(screen.getByText('-20%')).toBeInTheDocument();
    expect(screen.getByText('20% off')).toHaveClass('sr-only');
    // The reason ('Launch offer') is for the product page; cards keep one price-line height.
    expect(screen.queryByText('Launch offer')).not.toBeInTheDocument();
  });

  it('shows a numeric discount percentage', () => {
    renderWithProviders(<ProductCard product={product('loop-kit-two')} />);
    expect(screen.getByText('$21.24')).toBeInTheDocument();
    expect(screen.getByText('-15%')).toBeInTheDocument();
  });

  it("says 'Free' for a zero-priced product, without a badge or struck price", () => {
    renderWithProviders(<ProductCard product={product('free-chord-sampler')} />);
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText('$0.00')).not.toBeInTheDocument();
    expect(screen.queryByText(/%/)).not.toBeInTheDocument();
  });

  it('shows a full price without a discount', () => {
    renderWithProviders(<ProductCard product={product('pad-mapper')} />);
    expect(screen.getByText('$79.00')).toBeInTheDocument();
    expect(screen.queryByText(/was/)).not.toBeInTheDocument();
  });

  it('links the name to the product page and names the image', () => {
    renderWithProviders(<ProductCard product={product('note-router')} />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Note Router' });
    expect(within(heading).getByRole('link', { name: 'Note Router' })).toHaveAttribute('href', '/products/note-router');
    const image = screen.getByRole('img', { name: 'Note Router' });
    expect(image).toHaveAttribute('width', '800');
    expect(image).toHaveAttribute('height', '800');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('offers the image at each stored width, for the width the grid gives it', () => {
    renderWithProviders(<ProductCard product={product('note-router')} />);
    const image = screen.getByRole('img', { name: 'Note Router' });
    expect(image).toHaveAttribute('src', '/media/covers/note-router.800.webp');
    expect(image).toHaveAttribute(
      'srcset',
      '/media/covers/note-router.400.webp 400w, /media/covers/note-router.600.webp 600w, /media/covers/note-router.800.webp 800w',
    );
    expect(image).toHaveAttribute('sizes', CARD_IMAGE_SIZES);
  });

  it('shows the image alone when the answer has no variants', () => {
    renderWithProviders(<ProductCard product={normalizeProduct(rawProduct('odd', { image: '/media/odd.png', imageVariants: undefined }))} />);
    const image = screen.getByRole('img', { name: 'Product odd' });
    expect(image).toHaveAttribute('src', '/media/odd.png');
    expect(image).not.toHaveAttribute('srcset');
    expect(image).not.toHaveAttribute('sizes');
    expect(image).toHaveAttribute('width', '800');
  });

  it('goes to the product page when the card link is followed', async () => {
    mockApi({});
    const { router } = renderWithProviders(<ProductCard product={product('note-router')} />, { path: '/products' });
    await userEvent.click(screen.getByRole('link', { name: 'Note Router' }));
    expect(router.state.location.pathname).toBe('/products/note-router');
  });

  it('shows the summary as plain text, never as HTML', () => {
    const raw = rawProduct('odd', { description: { summary: '<p>Safe <strong>text</strong><img src=x onerror="alert(1)"></p>' } });
    const { container } = renderWithProviders(<ProductCard product={normalizeProduct(raw)} />);
    expect(screen.getByText('Safe text')).toHaveClass('line-clamp-2');
    expect(container.querySelector('strong')).toBeNull();
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it("shows the disabled 'Loading...' button until the cart supplies one", () => {
    renderWithProviders(<ProductCard product={product('pad-mapper')} />);
    expect(screen.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  });

  it('renders the given action with the product', async () => {
    const onAdd = vi.fn();
    const renderAction = vi.fn((item: NormalizedProduct) => (
      <button type="button" onClick={() => onAdd(item.path)}>
        Add to Cart
      </button>
    ));
    const { router } = renderWithProviders(<ProductCard product={product('pad-mapper')} renderAction={renderAction} />, { path: '/products' });
    expect(renderAction).toHaveBeenCalledWith(expect.objectContaining({ path: 'pad-mapper' }));
    expect(screen.queryByRole('button', { name: 'Loading...' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(onAdd).toHaveBeenCalledWith('pad-mapper');
    expect(router.state.location.pathname).toBe('/products');
  });

  it('loads the image eagerly when asked (first row)', () => {
    renderWithProviders(<ProductCard product={product('pad-mapper')} imageLoading="eager" headingLevel="h3" />);
    expect(screen.getByRole('img', { name: 'Pad Mapper' })).toHaveAttribute('loading', 'eager');
    expect(screen.getByRole('heading', { level: 3, name: 'Pad Mapper' })).toBeInTheDocument();
  });
});
