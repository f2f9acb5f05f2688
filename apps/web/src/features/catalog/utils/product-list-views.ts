import type { Category } from '@store/contracts';
import { inCategory, productFilters, type ProductFilter } from '@store/contracts/catalog/normalize';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { storeConfig } from '#web/lib/store-config.ts';
import type { ProductListView } from '../types';

export interface ProductListViewInfo {
  /** Identifies the view in the navigation: a fixed view's name, or `category:{slug}`. */
  key: string;
  /** Where the view lives (docs/behaviour/catalogue.md#list-views). */
  path: string;
  /** Page title and h1. */
  title: string;
  /** Shorter label for the category navigation. */
  navLabel: string;
  /** The one-line introduction under the h1, also the meta description. */
  intro: string;
  /** Which products it lists; undefined lists them all. */
  filter?: ProductFilter;
}

const free = formatMoney(0, storeConfig.currency);

/** The views every store has; the categories' views come from `GET /api/categories`. */
export const PRODUCT_LIST_VIEWS: Readonly<Record<ProductListView, ProductListViewInfo>> = {
  all: {
    key: 'all',
    path: paths.productLists.all.getHref(),
    title: 'Products',
    navLabel: 'All Products',
    intro: `Everything ${storeConfig.storeName} makes, from free downloads to full products, for producers and songwriters.`,
  },
  freeDownloads: {
    key: 'freeDownloads',
    path: paths.productLists.freeDownloads.getHref(),
    title: 'Free Downloads & Trials',
    navLabel: 'Free Downloads',
    intro: `Free packs and trial versions: check out at ${free}, no payment required.`,
    filter: productFilters.freeDownloads,
  },
  deals: {
    key: 'deals',
    path: paths.productLists.deals.getHref(),
    title: 'Deals',
    navLabel: 'Deals',
    intro: 'Products on sale right now, with the discount shown on every card.',
    filter: productFilters.deals,
  },
};

export function isProductListView(value: unknown): value is ProductListView {
  return typeof value === 'string' && Object.hasOwn(PRODUCT_LIST_VIEWS, value);
}

/** A category's list: titled with its name and introduced by its intro. */
export function categoryListView(category: Category): ProductListViewInfo {
  return {
    key: `category:${category.slug}`,
    path: paths.category.getHref(category.slug),
    title: category.name,
    navLabel: category.name,
    intro: category.intro || `Every product in ${category.name}.`,
    filter: inCategory(category.name),
  };
}

/** The navigation's order: all products, each category, then the free downloads and deals. */
export function listViewsInOrder(categories: readonly Category[] | undefined): ProductListViewInfo[] {
  return [PRODUCT_LIST_VIEWS.all, ...(categories ?? []).map(categoryListView), PRODUCT_LIST_VIEWS.freeDownloads, PRODUCT_LIST_VIEWS.deals];
}
