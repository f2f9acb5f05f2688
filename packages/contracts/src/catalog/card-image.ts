import type { ImageVariant } from './product';

/**
 * How wide a product card's image is drawn (the grid: one column, two from md, three from lg
 * in a 72rem container), so the browser picks the smallest stored width that stays sharp.
 * Shared with the server, which preloads the first card's image with the same choice.
 */
export const PRODUCT_CARD_IMAGE_SIZES = '(min-width: 1024px) 352px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)';

/**
 * The `srcset` of an image stored at several widths, or undefined when there is nothing to
 * choose from. A URL with a space or comma would split the list, so such a variant is left out.
 */
export function imageSrcSet(variants: readonly ImageVariant[] | undefined, resolve: (src: string) => string = (src) => src): string | undefined {
  const usable = (variants ?? []).filter((variant) => !/[\s,]/.test(variant.src));
  if (usable.length < 2) return undefined;
  return usable.map((variant) => `${resolve(variant.src)} ${variant.width}w`).join(', ');
}
