import type { NormalizedProduct } from '@store/contracts/catalog/normalize';
import { ProductCartButton } from '../features/cart/components/product-cart-button';
import type { RenderProductAction } from '../features/catalog/types';
import { usePayments } from '../features/payments/payments-provider';

/** A product card's or page's cart button, wired to the payment provider's cart. */
function ProductCartAction({ product }: { product: NormalizedProduct }) {
  const payments = usePayments();
  const quantity = payments.cart.items.find((line) => line.path === product.path)?.quantity ?? 0;
  return (
    <ProductCartButton
      productName={product.display}
      ready={payments.status === 'ready' && payments.cartLoaded}
      quantity={quantity}
      onAdd={() => payments.add(product.path)}
      onRemove={() => payments.remove(product.path)}
    />
  );
}

/** `renderAction` for ProductGrid and ProductPage (docs/decisions/0005-web-app-structure.md). */
export const renderProductCartAction: RenderProductAction = (product) => <ProductCartAction product={product} />;
