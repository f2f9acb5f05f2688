import { paths } from '@store/contracts/paths';
import type { ProductListView } from '../types';

export interface ProductListViewInfo {
  /** Where the view lives (docs/behaviour/catalogue.md#list-views). */
  path: string;
  /** Page title and h1. */
  title: string;
  /** Shorter label for the category navigation. */
  navLabel: string;
  /** The one-line introduction under the h1, also the meta description. */
  intro: string;
}

export const PRODUCT_LIST_VIEWS: Readonly<Record<ProductListView, ProductListViewInfo>> = {
  all: {
    path: paths.productLists.all.getHref(),
    title: 'Products',
    navLabel: 'All Products',
    intro: 'MIDI plugins, sample packs and free downloads for producers and songwriters.',
  },
  plugins: {
    path: paths.productLists.plugins.getHref(),
    title: 'Plugins',
    navLabel: 'Plugins',
    intro: 'MIDI plugins for macOS and Windows that turn your ideas into playable parts.',
  },
  samplePacks: {
    path: paths.productLists.samplePacks.getHref(),
    title: 'Sample Packs',
    navLabel: 'Sample Packs',
    intro: 'Royalty-free MIDI and WAV loops and chord progressions for your next track.',
  },
  freeDownloads: {
    path: paths.productLists.freeDownloads.getHref(),
    title: 'Free Downloads & Trials',
    navLabel: 'Free Downloads',
    intro: 'Free packs and trial versions: check out at $0, no payment required.',
  },
  deals: {
    path: paths.productLists.deals.getHref(),
    title: 'Deals',
    navLabel: 'Deals',
    intro: 'Products on sale right now, with the discount shown on every card.',
  },
};

export const PRODUCT_LIST_VIEW_ORDER: readonly ProductListView[] = ['all', 'plugins', 'samplePacks', 'freeDownloads', 'deals'];

export function isProductListView(value: unknown): value is ProductListView {
  return typeof value === 'string' && Object.hasOwn(PRODUCT_LIST_VIEWS, value);
}

const CATEGORY_VIEWS: Readonly<Record<string, ProductListView>> = { Plugins: 'plugins', 'Sample Packs': 'samplePacks' };

/** The list view of a product's `attributes.category`, for breadcrumbs. */
export function categoryView(category: unknown): ProductListViewInfo | undefined {
  if (typeof category !== 'string' || !Object.hasOwn(CATEGORY_VIEWS, category)) return undefined;
  const view = CATEGORY_VIEWS[category];
  return view ? PRODUCT_LIST_VIEWS[view] : undefined;
}
