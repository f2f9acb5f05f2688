import { ButtonLink } from '../../components/ui/button';
import { Container } from '../../components/ui/container';

// The cart provider (payment provider contract) replaces this page in the checkout issue.
export function Component() {
  return (
    <Container className="py-16 text-center">
      <title>Your cart</title>
      <h1 className="text-3xl font-bold">Your cart</h1>
      <p className="mt-6 text-xl font-semibold">Your cart is empty</p>
      <p className="mt-2 text-secondary">Browse the catalogue to find plugins, sample packs and free downloads.</p>
      <ButtonLink to="/products" className="mt-8">
        Continue Shopping
      </ButtonLink>
    </Container>
  );
}
