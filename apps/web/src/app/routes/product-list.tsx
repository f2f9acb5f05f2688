import { useMatches } from 'react-router';
import { ProductListPage } from '#web/features/catalog/components/product-list-page.tsx';
import type { ProductListView } from '#web/features/catalog/types.ts';
import { isProductListView, PRODUCT_LIST_VIEWS } from '#web/features/catalog/utils/product-list-views.ts';
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

/** /products and its fixed filtered views (a category's list is `/products/{slug}`, see product.tsx). */
export function Component() {
  return <ProductListPage view={PRODUCT_LIST_VIEWS[useProductListView()]} renderAction={renderProductCartAction} />;
}
