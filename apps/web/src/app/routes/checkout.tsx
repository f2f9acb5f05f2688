import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

// The embedded checkout replaces this page in the checkout issue.
export function Component() {
  return (
    <Container className="py-16 text-center">
      <title>Checkout</title>
      <h1 className="text-3xl font-bold">Checkout</h1>
      <p className="mt-6 text-secondary">Your cart is empty, so there is nothing to check out yet.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink to="/cart" variant="secondary">
          Back to Cart
        </ButtonLink>
        <ButtonLink to="/products">Continue Shopping</ButtonLink>
      </div>
    </Container>
  );
}
