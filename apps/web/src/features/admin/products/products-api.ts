import { useQuery } from '@tanstack/react-query';
import { adminCategoryListSchema, adminProductDetailSchema, adminProductListSchema, type AdminProductQuery } from '@store/contracts/admin';
import { useAdminApi } from '../api/admin-api-context';

export const productsKey = ['admin', 'products'] as const;
export const categoriesKey = ['admin', 'categories'] as const;
export const productKey = (productId: number) => [...productsKey, 'detail', productId] as const;
/** Every filtered list (not the product forms, which a list change must not reload). */
export const productListsKey = [...productsKey, 'list'] as const;

/** The product list as the filters ask for it (every product when there are none). */
export function useProductList(filters: AdminProductQuery = {}) {
  const api = useAdminApi();
  const query = new URLSearchParams(Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
  return useQuery({
    queryKey: [...productListsKey, query],
    queryFn: async ({ signal }) => adminProductListSchema.parse(await api.get(`/products${query ? `?${query}` : ''}`, signal)),
  });
}

export function useProduct(productId: number) {
  const api = useAdminApi();
  return useQuery({
    queryKey: productKey(productId),
    queryFn: async ({ signal }) => adminProductDetailSchema.parse(await api.get(`/products/${productId}`, signal)),
  });
}

export function useCategories() {
  const api = useAdminApi();
  return useQuery({
    queryKey: categoriesKey,
    queryFn: async ({ signal }) => adminCategoryListSchema.parse(await api.get('/categories', signal)),
  });
}
