import type { ImageVariant } from '@store/contracts';
import { apiAssetUrl } from '../../../lib/api-client';

/**
 * The `srcset` of an image stored at several widths, or undefined when there is nothing to
 * choose from. A URL with a space or comma would split the list, so such a variant is left out.
 */
export function srcSetOf(variants: readonly ImageVariant[] | undefined): string | undefined {
  const usable = (variants ?? []).filter((variant) => !/[\s,]/.test(variant.src));
  if (usable.length < 2) return undefined;
  return usable.map((variant) => `${apiAssetUrl(variant.src)} ${variant.width}w`).join(', ');
}

/** The narrowest stored width of an image (for thumbnails), else the image itself. */
export function narrowestSrc(src: string, variants: readonly ImageVariant[] | undefined): string {
  const narrowest = [...(variants ?? [])].sort((a, b) => a.width - b.width)[0];
  return narrowest?.src ?? src;
}
