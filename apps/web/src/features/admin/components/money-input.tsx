import { useState, type InputHTMLAttributes } from 'react';
import { currencyExponent, majorToMinor, minorToMajor } from '@store/contracts/money';
import { inputClasses } from './form-field';

/** '79.00' for 7900 in a two-decimal currency; '' for an amount not yet entered. */
export function moneyText(minor: number | undefined, currency: string): string {
  return typeof minor === 'number' && Number.isFinite(minor) ? minorToMajor(minor, currency).toFixed(currencyExponent(currency)) : '';
}

/**
 * The amount in minor units for what the maker typed ('79', '79.5', '79.00'); NaN when it is not
 * an amount, so the form's schema says how to write one.
 */
export function parseMoneyText(text: string, currency: string): number {
  const decimals = currencyExponent(currency);
  const pattern = decimals > 0 ? new RegExp(`^\\d{1,10}(?:[.,]\\d{0,${decimals}})?$`) : /^\d{1,12}$/;
  const trimmed = text.trim();
  return pattern.test(trimmed) ? majorToMinor(Number(trimmed.replace(',', '.')), currency) : Number.NaN;
}

type MoneyInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  value: number | undefined;
  currency: string;
  onChange(minor: number): void;
};

/** A price typed as text in the store currency ('79.00') and kept in the form as minor units (7900). */
export function MoneyInput({ value, currency, onChange, onBlur, ...props }: MoneyInputProps) {
  const [text, setText] = useState(() => moneyText(value, currency));
  // The form may be reset (a reload, a save) to another amount: show it unless the text already means it.
  const shown = Object.is(parseMoneyText(text, currency), value) ? text : moneyText(value, currency);
  return (
    <div className="relative">
      <input
        {...props}
        inputMode="decimal"
        autoComplete="off"
        className={`${inputClasses} pr-14 tabular-nums`}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          onChange(parseMoneyText(event.target.value, currency));
        }}
        onBlur={(event) => {
          const minor = parseMoneyText(event.target.value, currency);
          if (Number.isFinite(minor)) setText(moneyText(minor, currency));
          onBlur?.(event);
        }}
      />
      <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-sm text-secondary" aria-hidden="true">
        {currency}
      </span>
    </div>
  );
}
