import type { ReactNode } from 'react';

/** One labelled value; the optional class styles the value alone. */
export type Fact = readonly [label: string, value: ReactNode, valueClassName?: string];

/** Label and value pairs in two columns: the labels' column, then the values'. */
export function FactList({
  facts,
  className = 'grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]',
}: {
  facts: readonly Fact[];
  className?: string;
}) {
  return (
    <dl className={className}>
      {facts.map(([label, value, valueClassName = '']) => (
        <div key={label} className="contents">
          <dt className="text-secondary">{label}</dt>
          <dd className={`min-w-0 text-primary ${valueClassName}`.trim()}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Label-over-value tiles laid out by `className` (a grid); every value gets `valueClassName` and then its own. */
export function FactTiles({
  facts,
  className,
  labelClassName = 'text-secondary',
  valueClassName = '',
}: {
  facts: readonly Fact[];
  className: string;
  labelClassName?: string;
  valueClassName?: string;
}) {
  return (
    <dl className={className}>
      {facts.map(([label, value, ownClassName = '']) => (
        <div key={label}>
          <dt className={labelClassName}>{label}</dt>
          <dd className={`${valueClassName} ${ownClassName}`.trim() || undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
