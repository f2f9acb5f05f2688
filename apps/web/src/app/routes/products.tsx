import { ProductGrid } from '../../features/catalog/components/product-grid';

export function Component() {
  return (
    <>
      <h1 className="mb-6 text-3xl font-bold">Products</h1>
      <ProductGrid />
    </>
  );
}
