import type { ImageVariant } from '@store/contracts';
import { imageSrcSet } from '@store/contracts/catalog/card-image';
import { apiAssetUrl } from '#web/lib/api-client.ts';

/** The `srcset` of an image stored at several widths (on the API host), or undefined. */
export function srcSetOf(variants: readonly ImageVariant[] | undefined): string | undefined {
  return imageSrcSet(variants, apiAssetUrl);
}

/** The narrowest stored width of an image (for thumbnails), else the image itself. */
export function narrowestSrc(src: string, variants: readonly ImageVariant[] | undefined): string {
  const narrowest = [...(variants ?? [])].sort((a, b) => a.width - b.width)[0];
  return narrowest?.src ?? src;
}
