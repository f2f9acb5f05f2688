import { filterProducts, type NormalizedProduct, type ProductFilter } from '@store/contracts/catalog/normalize';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useProducts } from '../api/get-products';
import type { RenderProductAction } from '../types';
import { LoadError } from './load-error';
import { ProductCard, ProductCardSkeleton } from './product-card';
import { paths } from '@store/contracts/paths';

/**
 * Cards in the first row (three on large screens) load their image eagerly; the first card's image
 * is the largest paint, the others wait behind it (on a phone they are below the fold).
 */
const FIRST_ROW = 3;
const GRID = 'grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3';

export interface ProductGridProps {
  /** Which products a list view shows (docs/behaviour/catalogue.md#list-views); none: every live product. */
  filter?: ProductFilter;
  /** Whether this is a narrowed view, whose empty state offers the full list. */
  filtered?: boolean;
  /** Show at most this many products (e.g. a home page teaser). */
  limit?: number;
  /** Renders each card's action (the cart's button); default: a disabled 'Loading...' button. */
  renderAction?: RenderProductAction;
  /** Heading level of product names; h3 when the grid sits under a section heading. */
  headingLevel?: 'h2' | 'h3';
}

/** The catalogue as a grid of product cards, with loading, empty and error states. */
export function ProductGrid({ filter, filtered = filter !== undefined, limit, renderAction, headingLevel }: ProductGridProps) {
  const { data, error, isPending, isError, refetch } = useProducts();
  const products = useMemo(() => {
    if (!data) return [];
    const listed = filterProducts(data, filter);
    return limit === undefined ? listed : listed.slice(0, Math.max(0, limit));
  }, [data, filter, limit]);

  if (isPending) return <ProductGridSkeleton count={limit ?? 6} />;
  if (isError) return <LoadError title="We couldn't load the products." error={error} onRetry={() => void refetch()} />;
  if (products.length === 0) {
    return (
      <div className="rounded-xl border border-border bg-tertiary px-6 py-12 text-center">
        <p className="text-lg font-semibold">No products available in this category.</p>
        {filtered && (
          <Link
            to={paths.productLists.all.getHref()}
            className="mt-3 inline-flex min-h-11 items-center font-semibold underline decoration-2 underline-offset-4 hover:decoration-accent focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          >
            Browse all products
          </Link>
        )}
      </div>
    );
  }
  return <ProductCardList products={products} renderAction={renderAction} headingLevel={headingLevel} />;
}

export function ProductCardList({
  products,
  renderAction,
  headingLevel,
  eager = true,
}: {
  products: readonly NormalizedProduct[];
  renderAction?: RenderProductAction;
  headingLevel?: 'h2' | 'h3';
  /** Whether the first row's images load eagerly (false below the fold). */
  eager?: boolean;
}) {
  return (
    <ul className={GRID}>
      {products.map((product, index) => (
        <li key={product.path}>
          <ProductCard
            product={product}
            renderAction={renderAction}
            headingLevel={headingLevel}
            imageLoading={eager && index < FIRST_ROW ? 'eager' : 'lazy'}
            imagePriority={eager && index < FIRST_ROW ? (index === 0 ? 'high' : 'low') : undefined}
          />
        </li>
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading products…</span>
      <div className={GRID}>
        {Array.from({ length: Math.max(1, count) }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
