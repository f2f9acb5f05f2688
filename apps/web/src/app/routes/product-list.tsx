import { useMatches } from 'react-router';
import { Container } from '#web/components/ui/container.tsx';
import { ProductGrid } from '#web/features/catalog/components/product-grid.tsx';
import { ProductListNav } from '#web/features/catalog/components/product-list-nav.tsx';
import type { ProductListView } from '#web/features/catalog/types.ts';
import { isProductListView, PRODUCT_LIST_VIEWS } from '#web/features/catalog/utils/product-list-views.ts';
import { storeConfig } from '#web/lib/store-config.ts';
import { renderProductCartAction } from '../product-cart-action';

/** Reads `handle.productList` of the deepest route that sets it (router.tsx); defaults to all products. */
function useProductListView(): ProductListView {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as { productList?: unknown } | undefined;
    if (isProductListView(handle?.productList)) return handle.productList;
  }
  return 'all';
}

/** /products and its four filtered views (docs/behaviour/catalogue.md#list-views). */
export function Component() {
  const view = useProductListView();
  const info = PRODUCT_LIST_VIEWS[view];
  return (
    <Container className="py-10 sm:py-14">
      <title>{`${info.title} — ${storeConfig.storeName}`}</title>
      <meta name="description" content={info.intro} />
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{info.title}</h1>
        <p className="mt-3 text-lg text-secondary">{info.intro}</p>
      </header>
      <div className="mt-8">
        <ProductListNav current={view} />
      </div>
      <div className="mt-8">
        <ProductGrid filter={view} renderAction={renderProductCartAction} />
      </div>
    </Container>
  );
}
