import type { LyraProduct } from '@store/contracts/lyra';
import { Link } from 'react-router';
import { apiAssetUrl } from '#web/lib/api-client.ts';
import type { RenderLyraProductAction } from '../types';
import { paths } from '@store/contracts/paths';

/** A product an answer names: picture, name (a link to its page), price, and the cart's Add to Cart. */
export function ProductSuggestion({ product, renderProductAction }: { product: LyraProduct; renderProductAction?: RenderLyraProductAction }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-border bg-background p-3">
      {product.image ? (
        <img
          src={apiAssetUrl(product.image)}
          alt=""
          width={64}
          height={64}
          loading="lazy"
          decoding="async"
          className="size-16 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-16 shrink-0 rounded-lg bg-tertiary" />
      )}
      {/* Stacked at every width: the panel is a phone's width on any screen. */}
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="min-w-0">
          <Link
            to={paths.product.getHref(product.path)}
            className="line-clamp-2 font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
          >
            {product.display}
          </Link>
          <p className="text-sm text-secondary tabular-nums">{product.price}</p>
        </div>
        {renderProductAction && <div>{renderProductAction(product)}</div>}
      </div>
    </li>
  );
}
