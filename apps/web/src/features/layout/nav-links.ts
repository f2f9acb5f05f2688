import type { Category } from '@store/contracts';
import { paths } from '@store/contracts/paths';
import { useCategories } from '#web/lib/categories.ts';

export interface NavLinkItem {
  to: string;
  label: string;
}

export const PAGE_LINKS: readonly NavLinkItem[] = [
  { to: paths.content.about.getHref(), label: 'About Us' },
  { to: paths.content.support.getHref(), label: 'Support' },
];

/**
 * The product lists in menu order: all products, each category (`GET /api/categories`), free
 * downloads and deals. The fixed ones are there from the first paint; the categories join them
 * when known, inside menus and the footer, so the header itself never moves.
 */
export function productLinks(categories: readonly Category[] | undefined): NavLinkItem[] {
  return [
    { to: paths.productLists.all.getHref(), label: 'All Products' },
    ...(categories ?? []).map((category) => ({ to: paths.category.getHref(category.slug), label: category.name })),
    { to: paths.productLists.freeDownloads.getHref(), label: 'Free Downloads' },
    { to: paths.productLists.deals.getHref(), label: 'Deals' },
  ];
}

export function useProductLinks(): NavLinkItem[] {
  return productLinks(useCategories().data);
}

export const POLICY_LINKS: readonly NavLinkItem[] = [
  { to: paths.content['privacy-policy'].getHref(), label: 'Privacy Policy' },
  { to: paths.content['cookie-policy'].getHref(), label: 'Cookie Policy' },
  { to: paths.content['terms-and-conditions'].getHref(), label: 'Terms and Conditions' },
  { to: paths.content['refund-policy'].getHref(), label: 'Refund Policy' },
  { to: paths.content['marketing-policy'].getHref(), label: 'Marketing Policy' },
];
