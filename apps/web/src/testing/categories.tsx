import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Category } from '@store/contracts';
import type { ReactNode } from 'react';
import { categoriesQueryOptions } from '#web/lib/categories.ts';

/** Invented categories, in menu order, for components that list them. */
export const TEST_CATEGORIES: Category[] = [
  { slug: 'loops', name: 'Loops', intro: 'Royalty-free loops for your next track.' },
  { slug: 'tools', name: 'Tools', intro: 'Tools that turn ideas into playable parts.' },
];

/** A query client that already knows the categories (as if `GET /api/categories` had answered; null: not yet), and its provider. */
export function withCategories(categories: Category[] | null = TEST_CATEGORIES) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  if (categories) client.setQueryData(categoriesQueryOptions().queryKey, categories);
  const Provider = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, Provider };
}
