import {
  applyPercentDiscount,
  formatMoney,
  minorToMajor,
  type DiscountPercent,
  type ImageVariant,
  type Product,
  type ProductCategory,
  type ProductDetail,
} from '@store/contracts';
import type { ProductRow } from '#server/db/schema.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import type { VersionWithFiles } from './catalog.repository';

/** A database row as the storefront contract publishes it (docs/behaviour/catalogue.md#product-fields). */
export function toProductView(row: ProductRow): Product {
  const totalMinor = applyPercentDiscount(row.priceMinor, row.discountPercent);
  return {
    path: row.path,
    sku: row.sku,
    display: row.displayName,
    image: row.imagePath,
    ...imageVariantsOf(row),
    price: formatMoney(row.priceMinor, row.currency),
    priceValue: minorToMajor(row.priceMinor, row.currency),
    total: formatMoney(totalMinor, row.currency),
    totalValue: minorToMajor(totalMinor, row.currency),
    currency: row.currency,
    description: { summary: row.summaryHtml },
    attributes: {
      live: row.live ? 'true' : 'false',
      category: row.category as ProductCategory,
      download: row.downloadable ? 'true' : 'false',
    },
    discount: row.discountReason && row.discountPercent > 0 ? { reason: row.discountReason } : {},
    discountPercent: publishedDiscount(row),
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

function publishedDiscount(row: ProductRow): DiscountPercent {
  return row.discountPercentStyle === 'text' ? `${row.discountPercent}%` : row.discountPercent;
}

export function toProductDetailView(row: ProductRow, latest: VersionWithFiles | undefined): ProductDetail {
  return {
    ...toProductView(row),
    longDescription: row.descriptionMarkdown,
    descriptionHtml: renderMarkdown(row.descriptionMarkdown),
    media: row.media,
    related: row.relatedPaths,
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
  };
}
