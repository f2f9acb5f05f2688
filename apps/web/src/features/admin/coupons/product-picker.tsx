import { useId, useState } from 'react';
import type { CouponProduct } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { inputClasses } from '../components/form-field';

/**
 * Chooses the products a coupon discounts: a search over the catalogue's names and paths, a
 * checkbox per product, and the chosen ones listed above with a button to take each away.
 */
export function ProductPicker({
  products,
  selected,
  onChange,
  error,
}: {
  products: CouponProduct[];
  selected: string[];
  onChange(paths: string[]): void;
  error?: string;
}) {
  const [query, setQuery] = useState('');
  const searchId = useId();
  const errorId = useId();
  const listLabelId = useId();
  const needle = query.trim().toLowerCase();
  const matching = products.filter((product) => !needle || product.name.toLowerCase().includes(needle) || product.path.includes(needle));
  const nameOf = (path: string) => products.find((product) => product.path === path)?.name ?? path;
  const toggle = (path: string, on: boolean) => onChange(on ? [...selected, path] : selected.filter((chosen) => chosen !== path));

  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-primary" aria-live="polite">
        {selected.length === 0 ? 'Every product' : `${selected.length} ${selected.length === 1 ? 'product' : 'products'}:`}
      </p>
      {selected.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {selected.map((path) => (
            <li key={path} className="inline-flex items-center gap-1 rounded-full bg-tertiary py-0.5 pr-1 pl-3 text-sm text-primary">
              {nameOf(path)}
              <Button variant="ghost" size="sm" onClick={() => toggle(path, false)} aria-label={`Remove ${nameOf(path)}`}>
                ×
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={searchId} className="text-sm font-semibold text-primary">
          Find a product
        </label>
        <input
          id={searchId}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
          className={inputClasses}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={Boolean(error)}
        />
      </div>
      <p id={listLabelId} className="sr-only">
        Products
      </p>
      <ul
        aria-labelledby={listLabelId}
        className="max-h-64 divide-y divide-border/40 overflow-y-auto rounded-lg border border-border/40 dark:divide-border/70 dark:border-border/70"
      >
        {matching.map((product) => (
          <li key={product.path}>
            <label className="flex min-h-11 cursor-pointer items-center gap-3 px-3 py-2 text-primary hover:bg-tertiary/60">
              <input
                type="checkbox"
                checked={selected.includes(product.path)}
                onChange={(event) => toggle(product.path, event.target.checked)}
                className="size-5 accent-primary"
              />
              <span className="min-w-0">
                <span className="block truncate">{product.name}</span>
                <span className="block truncate font-mono text-xs text-secondary">{product.path}</span>
              </span>
            </label>
          </li>
        ))}
        {matching.length === 0 && <li className="px-3 py-4 text-sm text-secondary">No product matches ‘{query.trim()}’.</li>}
      </ul>
      {error && (
        <p id={errorId} role="alert" className="text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
