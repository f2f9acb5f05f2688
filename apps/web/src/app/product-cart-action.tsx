import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { ProductCartButton } from '../features/cart/components/product-cart-button';
import type { RenderProductAction } from '../features/catalog/types';
import type { RenderLyraProductAction } from '../features/lyra/types';
import { selectCartReady, usePaymentsActions, usePaymentsSelector } from '../features/payments/payments-provider';

/**
 * A product card's or page's cart button, wired to the payment provider's cart. It
 * subscribes to its own product's quantity only: a grid of cards re-renders one button per
 * cart change, and the provider becoming ready re-renders the buttons, not the page.
 */
function ProductCartAction({ product, className }: { product: Pick<NormalizedProduct, 'path' | 'display'>; className?: string }) {
  const { add, remove } = usePaymentsActions();
  const ready = usePaymentsSelector(selectCartReady);
  const quantity = usePaymentsSelector((state) => state.cart.items.find((line) => line.path === product.path)?.quantity ?? 0);
  return (
    <ProductCartButton
      productName={product.display}
      ready={ready}
      quantity={quantity}
      onAdd={() => add(product.path)}
      onRemove={() => remove(product.path)}
      className={className}
    />
  );
}

/** `renderAction` for ProductGrid and ProductPage (docs/decisions/0005-web-app-structure.md). */
export const renderProductCartAction: RenderProductAction = (product) => <ProductCartAction product={product} />;

/**
 * The same button for a product Lyra suggests (it knows the product's path and name only), as wide
 * as its label: stretched across /lyra's wide conversation, three of them outshone the answer.
 */
export const renderLyraProductAction: RenderLyraProductAction = (product) => <ProductCartAction product={product} className="w-auto" />;
