import { useState, type ReactNode } from 'react';
import { Markdown } from '#web/components/markdown/markdown.tsx';
import { FormField, inputClasses } from '../components/form-field';

/** A Markdown textarea with a Preview toggle showing it as the product page will. */
export function MarkdownField({
  label,
  hint,
  error,
  value,
  rows,
  children,
}: {
  label: string;
  hint?: ReactNode;
  error?: string;
  value: string;
  rows: number;
  /** The textarea, given its ids and classes (React Hook Form's `register` goes on it). */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined; className: string; rows: number }) => ReactNode;
}) {
  const [preview, setPreview] = useState(false);
  return (
    <div className="flex flex-col gap-2">
      <FormField label={label} hint={hint} error={error}>
        {(control) => (
          <>
            <div className={preview ? 'hidden' : ''}>{children({ ...control, className: `${inputClasses} font-mono text-sm`, rows })}</div>
            {preview && (
              <div className="min-h-24 rounded-lg border border-dashed border-border/60 p-4" aria-live="polite">
                {value.trim() ? <Markdown>{value}</Markdown> : <p className="text-secondary">Nothing written yet.</p>}
              </div>
            )}
          </>
        )}
      </FormField>
      <button
        type="button"
        className="self-start text-sm font-medium text-primary underline underline-offset-2"
        aria-pressed={preview}
        onClick={() => setPreview((shown) => !shown)}
      >
        {preview ? `Edit ${label.toLowerCase()}` : `Preview ${label.toLowerCase()}`}
      </button>
    </div>
  );
}
