import type { QueryClient } from '@tanstack/react-query';
import { contentPages, type ContentSlug } from '@store/content';
import { normalizeProductList } from '@store/contracts/catalog/normalize';
import type { ApiAnswer } from '@store/contracts/server-rendering';
import { productsQueryKey } from '#web/features/catalog/api/get-products.ts';
import { parseProductDetails, productQueryOptions, type ProductResult } from '#web/features/catalog/api/get-product.ts';
import { categoriesQueryOptions, parseCategories } from '#web/lib/categories.ts';

const PRODUCT_ANSWER = /^\/api\/products\/([^/]+)$/;

/**
 * Puts the API answers a page was rendered with into the query cache, under the keys and in
 * the shapes the pages' hooks read, so the server renders what the browser would once its
 * own fetches answered. An answer not listed here is left for the browser to fetch.
 */
export function seedPageQueries(client: QueryClient, answers: readonly ApiAnswer[]): void {
  for (const { path, status, body } of answers) {
    if (path === '/api/products/' && status === 200) client.setQueryData(productsQueryKey, normalizeProductList(body));
    else if (path === '/api/categories' && status === 200) client.setQueryData(categoriesQueryOptions().queryKey, parseCategories(body));
    else {
      const productPath = PRODUCT_ANSWER.exec(path)?.[1];
      if (productPath === undefined) continue;
      const result: ProductResult | undefined =
        status === 200 ? { status: 'found', product: parseProductDetails(body) } : status === 404 ? { status: 'not-found', path: productPath } : undefined;
      if (result) client.setQueryData(productQueryOptions(productPath).queryKey, result);
    }
  }
}

/** Loads a content page's Markdown into the cache, as its page's query would. */
export async function seedContentPage(client: QueryClient, slug: ContentSlug): Promise<void> {
  client.setQueryData(['content', slug], await contentPages[slug].load());
}
