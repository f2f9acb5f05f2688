import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { useMemo } from 'react';
import { useProducts } from '../api/get-products';
import type { RenderProductAction } from '../types';
import { ProductCardList, ProductGridSkeleton } from './product-grid';

/** Live products for the given paths, in that order; unknown, non-live, excluded and repeated paths are skipped. */
export function resolveProducts(products: readonly NormalizedProduct[], paths: readonly string[], exclude: readonly string[] = []) {
  const byPath = new Map(products.map((product) => [product.path, product]));
  const seen = new Set(exclude);
  const resolved: NormalizedProduct[] = [];
  for (const path of paths) {
    const product = byPath.get(path);
    if (!product || seen.has(path)) continue;
    seen.add(path);
    resolved.push(product);
  }
  return resolved;
}

/** 'You may also like': cards for a product's related paths, resolved from the product list. */
export function RelatedProducts({
  paths,
  exclude,
  renderAction,
}: {
  paths: readonly string[];
  exclude?: readonly string[];
  renderAction?: RenderProductAction;
}) {
  const { data, isPending } = useProducts();
  const products = useMemo(() => (data ? resolveProducts(data, paths, exclude) : []), [data, paths, exclude]);
  const wanted = paths.filter((path) => !exclude?.includes(path)).length;
  // The section is a suggestion: if the list fails or nothing matches, it is left out.
  if (wanted === 0 || (!isPending && products.length === 0)) return null;
  return (
    <section aria-labelledby="related-heading" className="mt-16 border-t border-border pt-12">
      <h2 id="related-heading" className="text-2xl font-bold tracking-tight">
        You may also like
      </h2>
      <div className="mt-6">
        {isPending ? (
          <ProductGridSkeleton count={Math.min(wanted, 3)} />
        ) : (
          <ProductCardList products={products} renderAction={renderAction} headingLevel="h3" eager={false} />
        )}
      </div>
    </section>
  );
}
