import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_CARD_IMAGE_SIZES } from '@store/contracts/catalog/card-image';
import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { apiAssetUrl } from '#web/lib/api-client.ts';
import { productQueryOptions } from '../api/get-product';
import type { RenderProductAction } from '../types';
import { srcSetOf } from '../utils/image-srcset';
import { htmlToPlainText } from '../utils/plain-text';
import { ProductPrice } from './product-price';
import { paths } from '@store/contracts/paths';

export const PRODUCT_IMAGE_SIZE = 800;

/** How wide a card's image is drawn (shared with the server's preload of the first card's image). */
export const CARD_IMAGE_SIZES = PRODUCT_CARD_IMAGE_SIZES;

// Keyboard focus on the stretched name link outlines the whole card (black or white, then green in dark mode).
const CARD_FOCUS =
  'has-[[data-card-link]:focus-visible]:outline-3 has-[[data-card-link]:focus-visible]:outline-offset-2 has-[[data-card-link]:focus-visible]:outline-primary dark:has-[[data-card-link]:focus-visible]:outline-accent';

/** The card button's first state (docs/behaviour/cart.md#product-card-button): disabled 'Loading...' until the cart provider supplies the real one. */
export function PendingProductAction({ className = 'w-full' }: { className?: string }) {
  return (
    <Button disabled className={className}>
      Loading...
    </Button>
  );
}

export interface ProductCardProps {
  product: NormalizedProduct;
  /** The card's button; defaults to the disabled 'Loading...' button. */
  renderAction?: RenderProductAction;
  /** Heading level of the product name: h2 in a list page, h3 under a section heading. */
  headingLevel?: 'h2' | 'h3';
  /** Eager for cards in the first visible row; lazy (default) for the rest. */
  imageLoading?: 'eager' | 'lazy';
  /**
   * How urgent the image is: 'high' for the first card only (the page's largest paint); 'low' for the
   * other eager cards, so they do not compete with it.
   */
  imagePriority?: 'high' | 'low';
}

/**
 * A product in a grid: image, name, price, summary and an action. The name is a real link
 * stretched over the whole card, so the card is clickable anywhere except the action, which
 * sits above the link and stays a separate control.
 */
export function ProductCard({ product, renderAction, headingLevel: Heading = 'h2', imageLoading = 'lazy', imagePriority }: ProductCardProps) {
  const queryClient = useQueryClient();
  const summary = htmlToPlainText(product.description.summary);
  const href = paths.product.getHref(product.path);
  const prefetch = () => void queryClient.prefetchQuery(productQueryOptions(product.path));
  const srcSet = srcSetOf(product.imageVariants);

  return (
    <article
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-tertiary transition-colors hover:border-secondary ${CARD_FOCUS}`}
    >
      <div className="aspect-square overflow-hidden border-b border-border bg-background">
        {product.image ? (
          <img
            src={apiAssetUrl(product.image)}
            srcSet={srcSet}
            sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
            alt={product.display}
            width={PRODUCT_IMAGE_SIZE}
            height={PRODUCT_IMAGE_SIZE}
            loading={imageLoading}
            fetchPriority={imagePriority}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
          />
        ) : (
          <div role="img" aria-label={product.display} className="flex size-full items-center justify-center text-secondary">
            No image
          </div>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-4 p-5">
        {/* Name (up to 2 lines) and summary (2 lines) keep one height, so prices line up across a row. */}
        <div className="flex min-h-29 flex-col gap-3">
          <Heading className="line-clamp-2 text-lg leading-7 font-semibold">
            <Link
              to={href}
              onPointerEnter={prefetch}
              onFocus={prefetch}
              data-card-link=""
              className="outline-none after:absolute after:inset-0 after:content-['']"
            >
              {product.display}
            </Link>
          </Heading>
          <p className="line-clamp-2 text-sm leading-6 text-secondary">{summary}</p>
        </div>
        <ProductPrice product={product} />
        <div className="relative z-10 mt-auto">{renderAction ? renderAction(product) : <PendingProductAction />}</div>
      </div>
    </article>
  );
}

/** A grey bar on the card's tertiary surface (the shared Skeleton is tertiary itself). */
export function Bone({ className = '' }: { className?: string }) {
  return <div className={`animate-pulse rounded-md bg-border/35 motion-reduce:animate-none ${className}`} />;
}

/** A placeholder with the card's exact box, so the grid does not move when products arrive. */
export function ProductCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col overflow-hidden rounded-xl border border-border bg-tertiary">
      <div className="aspect-square w-full animate-pulse border-b border-border bg-border/20 motion-reduce:animate-none" />
      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="flex min-h-29 flex-col gap-3">
          <div className="flex h-7 items-center">
            <Bone className="h-5 w-3/4" />
          </div>
          <div className="flex h-12 flex-col justify-center gap-2.5">
            <Bone className="h-3.5 w-full" />
            <Bone className="h-3.5 w-2/3" />
          </div>
        </div>
        <Bone className="h-7 w-24" />
        <div className="mt-auto">
          <Bone className="h-11 w-full rounded-lg" />
        </div>
      </div>
    </div>
  );
}
