import { useId } from 'react';
import { inputClasses } from './form-field';

export interface DateRangeChoice<Preset extends string> {
  preset: Preset;
  customFrom: string;
  customTo: string;
}

/**
 * The "Dates" select of a page's presets and, when its `custom` preset is chosen, the From and
 * To date fields. Laid out by the page's own flex row.
 */
export function DateRangeFields<Preset extends string>({
  presets,
  selection,
  onChange,
}: {
  presets: ReadonlyArray<{ value: Preset; label: string }>;
  selection: DateRangeChoice<Preset>;
  onChange: (change: Partial<DateRangeChoice<Preset>>) => void;
}) {
  const rangeId = useId();
  const dateField = (side: 'From' | 'To', value: string, change: (value: string) => Partial<DateRangeChoice<Preset>>) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${rangeId}-${side}`} className="text-sm font-semibold text-primary">
        {side}
      </label>
      <input id={`${rangeId}-${side}`} type="date" className={inputClasses} value={value} onChange={(event) => onChange(change(event.target.value))} />
    </div>
  );
  return (
    <>
      <div className="flex flex-col gap-1">
        <label htmlFor={rangeId} className="text-sm font-semibold text-primary">
          Dates
        </label>
        <select id={rangeId} className={inputClasses} value={selection.preset} onChange={(event) => onChange({ preset: event.target.value as Preset })}>
          {presets.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {selection.preset === 'custom' && (
        <>
          {dateField('From', selection.customFrom, (customFrom) => ({ customFrom }) as Partial<DateRangeChoice<Preset>>)}
          {dateField('To', selection.customTo, (customTo) => ({ customTo }) as Partial<DateRangeChoice<Preset>>)}
        </>
      )}
    </>
  );
}
