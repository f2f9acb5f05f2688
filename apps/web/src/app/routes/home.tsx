import { ProductGrid } from '../../features/catalog/components/product-grid';

export function Component() {
  return (
    <>
      <section className="py-12 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">One wish — to help songs come true</h1>
        <p className="mt-4 text-lg text-secondary">Join thousands of artists worldwide</p>
      </section>
      <ProductGrid />
    </>
  );
}
