import type { ComponentProps } from 'react';
import { inputClasses } from './form-field';

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant as a `datetime-local` input shows it: the maker's local time, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` value (local time) as an ISO instant; empty is no date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

type DateTimeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string | null | undefined;
  onChange(iso: string | null): void;
};

/** A date and time picked in the maker's own time zone and kept in the form as an ISO instant (or null). */
export function DateTimeInput({ value, onChange, ...props }: DateTimeInputProps) {
  return (
    <input
      {...props}
      type="datetime-local"
      className={inputClasses}
      value={toLocalInput(value)}
      onChange={(event) => onChange(fromLocalInput(event.target.value))}
    />
  );
}
