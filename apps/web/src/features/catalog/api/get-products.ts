import { queryOptions, useQuery } from '@tanstack/react-query';
import { normalizeProductList, type NormalizedProduct } from '@store/contracts/catalog/normalize';
import { apiGet } from '../../../lib/api-client';

export async function getProducts(signal?: AbortSignal): Promise<NormalizedProduct[]> {
  return normalizeProductList(await apiGet('/api/products/', signal));
}

export const productsQueryOptions = () =>
  queryOptions({ queryKey: ['products'], queryFn: ({ signal }) => getProducts(signal) });

export function useProducts() {
  return useQuery(productsQueryOptions());
}
