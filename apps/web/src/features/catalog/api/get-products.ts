import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeProductList, type NormalizedProduct } from '@store/contracts/catalog/normalize';
import { apiGet } from '#web/lib/api-client.ts';

/**
 * `GET /api/products/` (docs/behaviour/catalogue.md#product-list-answer): an array, or an object holding `data.items`;
 * anything else rejects with 'No products array found in response', and a non-OK answer
 * with 'HTTP {status}: {statusText}'. Only live products are kept (docs/behaviour/catalogue.md#live-products).
 */
export async function getProducts(signal?: AbortSignal): Promise<NormalizedProduct[]> {
  return normalizeProductList(await apiGet('/api/products/', signal));
}

export const productsQueryKey = ['products', 'list'] as const;

export const productsQueryOptions = () => queryOptions({ queryKey: productsQueryKey, queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
