import { formatMoney, minorToMajor, type DiscountPercent, type ImageVariant, type Product, type ProductCategory, type ProductDetail } from '@store/contracts';
import type { ProductRow } from '#server/db/schema.ts';
import { currentPrice, type CurrentPrice } from '#server/lib/deal.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import type { VersionWithFiles } from './catalog.repository';

/**
 * A database row as the storefront contract publishes it at `at` (docs/behaviour/catalogue.md#product-fields):
 * a deal counts only between its dates, so the same row may publish two prices at two moments.
 */
export function toProductView(row: ProductRow, at: Date = new Date()): Product {
  const now = currentPrice(row, at);
  return {
    path: row.path,
    sku: row.sku,
    display: row.displayName,
    image: row.imagePath,
    ...imageVariantsOf(row),
    price: formatMoney(row.priceMinor, row.currency),
    priceValue: minorToMajor(row.priceMinor, row.currency),
    total: formatMoney(now.totalMinor, row.currency),
    totalValue: minorToMajor(now.totalMinor, row.currency),
    currency: row.currency,
    description: { summary: row.summaryHtml },
    attributes: {
      live: row.live ? 'true' : 'false',
      category: row.category as ProductCategory,
      download: row.downloadable ? 'true' : 'false',
    },
    discount: now.reason && now.percent > 0 ? { reason: now.reason } : {},
    discountPercent: publishedDiscount(row, now),
    deal: now.percent > 0 ? { endsAt: now.endsAt ? now.endsAt.toISOString() : null } : null,
  };
}

/**
 * The renditions of the product's image, known from its media item with the same `src`.
 * An image that no media item describes (a maker pointed the product elsewhere) has none.
 */
export function imageVariantsOf(row: ProductRow): { imageVariants?: ImageVariant[] } {
  const variants = row.media.find((item) => item.kind === 'image' && item.src === row.imagePath)?.variants;
  return variants && variants.length > 0 ? { imageVariants: variants } : {};
}

function publishedDiscount(row: ProductRow, now: CurrentPrice): DiscountPercent {
  return row.discountPercentStyle === 'text' ? `${now.percent}%` : now.percent;
}

/** What a product page shows beside the row: its trial, or the paid product a trial belongs to. */
export interface ProductLinks {
  trial: { path: string; display: string } | null;
  trialOf: string | null;
}

export const NO_LINKS: ProductLinks = { trial: null, trialOf: null };

export function toProductDetailView(
  row: ProductRow,
  latest: VersionWithFiles | undefined,
  links: ProductLinks = NO_LINKS,
  at: Date = new Date(),
): ProductDetail {
  return {
    ...toProductView(row, at),
    longDescription: row.descriptionMarkdown,
    descriptionHtml: renderMarkdown(row.descriptionMarkdown),
    media: row.media,
    related: row.relatedPaths,
    upgradeOffers: row.upgradeOffers,
    latestVersion: latest
      ? {
          version: latest.version,
          releasedAt: latest.releasedAt.toISOString(),
          changelog: latest.changelogMarkdown,
          changelogHtml: renderMarkdown(latest.changelogMarkdown, { topHeading: 3 }),
          files: latest.files.map((file) => ({
            os: file.os,
            format: file.format,
            filename: file.filename,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
          })),
        }
      : null,
    keyFacts: row.keyFacts,
    trial: links.trial,
    trialOf: links.trialOf,
  };
}
