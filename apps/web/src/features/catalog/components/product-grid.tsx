import { useProducts } from '../api/get-products';
import { ProductCard } from './product-card';

export function ProductGrid() {
  const { data, isPending, isError, refetch } = useProducts();
  if (isPending) return <p className="text-secondary">Loading products…</p>;
  if (isError) {
    return (
      <div role="alert" className="rounded-md border border-border p-4">
        <p>We could not load the products. Check your connection and try again.</p>
        <button type="button" onClick={() => void refetch()} className="mt-3 rounded-md border border-border px-3 py-1">
          Retry
        </button>
      </div>
    );
  }
  if (data.length === 0) return <p>No products available in this category.</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {data.map((product) => (
        <li key={product.path}>
          <ProductCard product={product} />
        </li>
      ))}
    </ul>
  );
}
