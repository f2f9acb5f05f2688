import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { apiAssetUrl } from '../../../lib/api-client';

export function ProductCard({ product }: { product: NormalizedProduct }) {
  const discounted = product.totalValue < product.priceValue;
  return (
    <article className="overflow-hidden rounded-lg border border-border bg-tertiary">
      <img src={apiAssetUrl(product.image)} alt="" width={800} height={800} className="aspect-square w-full object-cover" />
      <div className="p-4">
        <h2 className="text-lg font-semibold">{product.display}</h2>
        <p className="mt-1">
          {discounted ? (
            <>
              <span className="font-semibold">{product.total}</span>{' '}
              <s className="text-secondary">{product.price}</s>
            </>
          ) : (
            <span className="font-semibold">{product.price}</span>
          )}
        </p>
      </div>
    </article>
  );
}
