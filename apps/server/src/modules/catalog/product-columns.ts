import type { KeyFact, MediaItem, UpgradeOffer } from '@store/contracts';
import type { NewProductRow } from '#server/db/schema.ts';

/**
 * A product's own fields, as the seed catalogue and the back office both hold them before they
 * become a row. One mapping to columns for both, so a column added to products is written the
 * same way whichever of them creates the product.
 */
export interface ProductFields {
  path: string;
  displayName: string;
  category: string;
  priceMinor: number;
  discountPercent: number;
  discountPercentStyle: 'number' | 'text';
  discountAmountMinor: number | null;
  discountReason: string | null;
  dealStartsAt: string | null;
  dealEndsAt: string | null;
  live: boolean;
  downloadable: boolean;
  licenceSeats: number | null;
  summaryMarkdown: string;
  descriptionMarkdown: string;
  keyFacts: KeyFact[];
  upgradeOffers: UpgradeOffer[];
  media: MediaItem[];
  relatedPaths: string[];
  sortOrder: number;
}

/** What the writer decides beside the fields: the store currency, the rendered summary, the cover. */
export interface ProductColumnsExtra {
  currency: string;
  summaryHtml: string;
  imagePath: string;
}

export type ProductFieldColumns = Omit<NewProductRow, 'id' | 'sku' | 'trialOfProductId' | 'createdAt' | 'updatedAt' | 'version'>;

/** Picks each column by name: callers pass objects with more fields, which never reach the row. */
export function productColumns(fields: ProductFields, extra: ProductColumnsExtra): ProductFieldColumns {
  return {
    path: fields.path,
    displayName: fields.displayName,
    category: fields.category,
    priceMinor: fields.priceMinor,
    currency: extra.currency,
    discountPercent: fields.discountPercent,
    discountPercentStyle: fields.discountPercentStyle,
    discountAmountMinor: fields.discountAmountMinor,
    discountReason: fields.discountReason,
    dealStartsAt: fields.dealStartsAt ? new Date(fields.dealStartsAt) : null,
    dealEndsAt: fields.dealEndsAt ? new Date(fields.dealEndsAt) : null,
    live: fields.live,
    downloadable: fields.downloadable,
    licenceSeats: fields.licenceSeats,
    summaryMarkdown: fields.summaryMarkdown,
    summaryHtml: extra.summaryHtml,
    descriptionMarkdown: fields.descriptionMarkdown,
    keyFacts: fields.keyFacts,
    upgradeOffers: fields.upgradeOffers,
    imagePath: extra.imagePath,
    media: fields.media,
    relatedPaths: fields.relatedPaths,
    sortOrder: fields.sortOrder,
  };
}
