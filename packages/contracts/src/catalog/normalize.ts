import { isRecord } from '../is-record';
import { parsePriceText } from '../money';
import type { ImageVariant } from './product';

/**
 * The storefront's reading of a product list answer (docs/behaviour/catalogue.md#product-list-answer). It is
 * deliberately lenient: the list may come from our API or from a payment provider's
 * catalogue, so it keeps fields as received and derives the numeric ones.
 */

export interface NormalizedProduct {
  path: string;
  display: string;
  image: string;
  /** `image` at other widths, for `srcset`; empty when the answer has none. */
  imageVariants: ImageVariant[];
  price: string;
  total: string;
  priceValue: number;
  totalValue: number;
  discountPercent: number | string;
  description: { summary: string };
  attributes: { live?: unknown; category?: unknown; download?: unknown };
  discount: { reason?: string };
  sku: string;
  [key: string]: unknown;
}

export type Warn = (message: string, detail?: unknown) => void;

export const NO_PRODUCTS_ARRAY = 'No products array found in response';

/** Accepts an array, or an object holding `data.items`; anything else is an error. */
export function extractProductArray(payload: unknown): unknown[] {
  if (Array.isArray(payload)) return payload;
  if (isRecord(payload) && isRecord(payload.data) && Array.isArray(payload.data.items)) return payload.data.items;
  throw new Error(NO_PRODUCTS_ARRAY);
}

/** `20` → 20, `'20%'` → 20, anything else → 0. */
export function discountPercentValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value === 'string') {
    const parsed = Number.parseFloat(value.replace('%', '').trim());
    return Number.isFinite(parsed) ? parsed : 0;
  }
  return 0;
}

export function normalizeProduct(raw: Record<string, unknown>): NormalizedProduct {
  const priceValue = typeof raw.priceValue === 'number' && Number.isFinite(raw.priceValue) ? raw.priceValue : (parsePriceText(raw.price) ?? 0);
  const totalValue = typeof raw.totalValue === 'number' && Number.isFinite(raw.totalValue) ? raw.totalValue : (parsePriceText(raw.total) ?? 0);
  const description = isRecord(raw.description) ? raw.description : {};
  const discount = isRecord(raw.discount) ? raw.discount : {};
  return {
    ...raw,
    path: String(raw.path ?? raw.product ?? ''),
    display: String(raw.display ?? ''),
    image: typeof raw.image === 'string' ? raw.image : '',
    imageVariants: imageVariants(raw.imageVariants),
    price: typeof raw.price === 'string' ? raw.price : '',
    total: typeof raw.total === 'string' ? raw.total : typeof raw.price === 'string' ? raw.price : '',
    priceValue,
    totalValue,
    discountPercent: typeof raw.discountPercent === 'string' || typeof raw.discountPercent === 'number' ? raw.discountPercent : 0,
    description: { summary: typeof description.summary === 'string' ? description.summary : '' },
    attributes: isRecord(raw.attributes) ? raw.attributes : {},
    discount: typeof discount.reason === 'string' ? { reason: discount.reason } : {},
    sku: typeof raw.sku === 'string' ? raw.sku : '',
  };
}

/**
 * Keeps only live products (attributes.live === 'true'); entries that are not objects are
 * dropped with a warning.
 */
export function normalizeProductList(payload: unknown, warn: Warn = console.warn): NormalizedProduct[] {
  const products: NormalizedProduct[] = [];
  for (const entry of extractProductArray(payload)) {
    if (!isRecord(entry)) {
      warn('Dropping a product entry that is not an object', entry);
      continue;
    }
    const product = normalizeProduct(entry);
    if (product.attributes.live === 'true') products.push(product);
  }
  return products;
}

export type ProductFilter = (product: NormalizedProduct) => boolean;

/** Applies a list view's filter; a filter that throws on a product excludes that product. */
export function filterProducts(products: NormalizedProduct[], filter: ProductFilter | undefined, warn: Warn = console.warn) {
  if (!filter) return products;
  return products.filter((product) => {
    try {
      return filter(product);
    } catch (error) {
      warn(`Filter failed for product ${product.path}; leaving it out`, error);
      return false;
    }
  });
}

/** The fixed list views (docs/behaviour/catalogue.md#list-views); each category's list is `inCategory`. */
export const productFilters = {
  freeDownloads: (product) => product.priceValue === 0,
  deals: (product) => discountPercentValue(product.discountPercent) > 0,
} satisfies Record<string, ProductFilter>;

/** The products of one category, by the category's name (`attributes.category`). */
export function inCategory(name: string): ProductFilter {
  return (product) => product.attributes.category === name;
}

/** Only well-formed entries: a non-empty `src` and a positive whole `width`. */
function imageVariants(value: unknown): ImageVariant[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) =>
    isRecord(entry) && typeof entry.src === 'string' && entry.src !== '' && Number.isInteger(entry.width) && (entry.width as number) > 0
      ? [{ src: entry.src, width: entry.width as number }]
      : [],
  );
}
