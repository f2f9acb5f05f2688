import { SelectFilter } from '../components/search-filters';
import { useProductList } from './products-api';

/** A list's `productId` filter: every product of the catalogue by its display name, or any. */
export function ProductFilter<Name extends string>({
  name,
  value,
  onChange,
  className,
}: {
  name: Name;
  value: string | undefined;
  onChange(name: Name, value: string): void;
  className?: string;
}) {
  const products = useProductList();
  const options = products.data?.products.map((product) => ({ value: String(product.id), label: product.displayName })) ?? [];
  return <SelectFilter name={name} label="Product" className={className} value={value} anyLabel="Every product" options={options} onChange={onChange} />;
}
