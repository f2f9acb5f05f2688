import type { FormEvent, ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { FormField, inputClasses } from './form-field';

interface SetFilterOptions {
  /** Replace the history entry (a filter change) rather than push one (a new search the back button should undo). */
  replace?: boolean;
}

/**
 * A list's filters live in the address, so a filtered list can be bookmarked, shared and reloaded:
 * `setFilter` sets one parameter, or removes it when the value is empty, and keeps the others.
 */
export function useSearchParamFilters<Name extends string = string>() {
  const [params, setParams] = useSearchParams();
  const setFilter = (name: Name, value: string, { replace = true }: SetFilterOptions = {}) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace },
    );
  return { params, setFilter };
}

/** The filters above a list: a search landmark whose fields apply as they change (Enter submits nothing unless `onSubmit` says so). */
export function FilterForm({
  label,
  className,
  onSubmit = (event) => event.preventDefault(),
  children,
}: {
  label?: string;
  className: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <form role="search" aria-label={label} className={className} onSubmit={onSubmit}>
      {children}
    </form>
  );
}

export interface FilterOption {
  value: string;
  label: string;
}

/** A labelled drop-down for the filter `name`, whose first choice, `anyLabel`, is no filter at all (the empty value). */
export function SelectFilter<Name extends string>({
  label,
  name,
  value,
  anyLabel,
  options,
  onChange,
  className,
}: {
  label: string;
  name: Name;
  value: string | undefined;
  anyLabel: string;
  options: readonly FilterOption[];
  onChange(name: Name, value: string): void;
  className?: string;
}) {
  return (
    <FormField label={label} className={className}>
      {(control) => (
        <select {...control} className={inputClasses} value={value ?? ''} onChange={(event) => onChange(name, event.target.value)}>
          <option value="">{anyLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

/** Options from a list of values and their labels. */
export const optionsOf = <Value extends string>(values: readonly Value[], labels: Record<Value, string>): FilterOption[] =>
  values.map((value) => ({ value, label: labels[value] }));

/** Shown under the filters while any is set: back to the whole list. */
export function ClearFiltersLink({ to }: { to: string }) {
  return (
    <p className="-mt-3 text-sm">
      <Link to={to} className="font-medium text-primary underline underline-offset-2">
        Clear the filters
      </Link>
    </p>
  );
}
