import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { Category } from '@store/contracts';
import { isRecord } from '@store/contracts/is-record';
import { PRODUCT_PATH_PATTERN } from '@store/contracts/paths';
import { apiGet } from './api-client';

/**
 * `GET /api/categories`: the store's categories in menu order. Shared by the navigation (layout)
 * and the lists (catalog); entries that are not well-formed are left out.
 */
export async function getCategories(signal?: AbortSignal): Promise<Category[]> {
  return parseCategories(await apiGet('/api/categories', signal));
}

/** Reads the `GET /api/categories` answer (also when the server renders a page with it). */
export function parseCategories(payload: unknown): Category[] {
  if (!Array.isArray(payload)) throw new Error('The categories answer was not a list');
  return payload.flatMap((entry) =>
    isRecord(entry) && typeof entry.slug === 'string' && PRODUCT_PATH_PATTERN.test(entry.slug) && typeof entry.name === 'string' && entry.name !== ''
      ? [{ slug: entry.slug, name: entry.name, intro: typeof entry.intro === 'string' ? entry.intro : '' }]
      : [],
  );
}

export const categoriesQueryOptions = () =>
  // Read once per visit and kept (no observer holds the query, so it must not be collected).
  queryOptions({ queryKey: ['categories'] as const, queryFn: ({ signal }) => getCategories(signal), staleTime: Infinity, gcTime: Infinity });

export interface CategoriesState {
  data: Category[] | undefined;
  isPending: boolean;
  isError: boolean;
}

/**
 * The categories, fetched once per visit. The header and footer (in the first chunk) use it, so
 * it reads the query cache directly instead of through `useQuery`, whose observer machinery
 * would otherwise join the first chunk; a failed answer is not retried (the lists fall back to
 * their fixed views and `/products/{slug}` to the product).
 */
export function useCategories(): CategoriesState {
  const client = useQueryClient();
  const { queryKey } = categoriesQueryOptions();
  const subscribe = useCallback((onChange: () => void) => client.getQueryCache().subscribe(onChange), [client]);
  const readState = () => client.getQueryState<Category[]>(queryKey);
  // The server rendered with the same cache the browser hydrates first: one snapshot serves both.
  const state = useSyncExternalStore(subscribe, readState, readState);
  useEffect(() => {
    // Only the first reader asks: asking again after a failure would put every reader back to
    // pending, and a page that waits for them would unmount and remount its readers in a loop.
    if (client.getQueryState(categoriesQueryOptions().queryKey) === undefined) void client.prefetchQuery(categoriesQueryOptions());
  }, [client]);
  return { data: state?.data, isPending: state?.data === undefined && state?.status !== 'error', isError: state?.status === 'error' };
}

/** The category with this slug, once the categories are known. */
export function findCategoryBySlug(categories: readonly Category[] | undefined, slug: string): Category | undefined {
  return categories?.find((category) => category.slug === slug);
}

/** The category a product's `attributes.category` names. */
export function findCategoryByName(categories: readonly Category[] | undefined, name: unknown): Category | undefined {
  return typeof name === 'string' ? categories?.find((category) => category.name === name) : undefined;
}
