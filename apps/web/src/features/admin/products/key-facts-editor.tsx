import { emptyAsUndefined } from '../utils/form-values';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_KEY_FACTS, type AdminProduct, type AdminProductInput } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, inputClasses } from '../components/form-field';

type ProductForm = UseFormReturn<AdminProductInput, unknown, AdminProduct>;

/** An empty optional text is no value at all (the schema refuses an empty link). */

/** The Key facts panel's rows: label, value and an optional link each; added, removed and moved. */
export function KeyFactsEditor({ form }: { form: ProductForm }) {
  const facts = useFieldArray({ control: form.control, name: 'keyFacts' });
  const errors = form.formState.errors.keyFacts;
  return (
    <div className="flex flex-col gap-4">
      {facts.fields.length === 0 && (
        <p className="text-sm text-secondary">No key facts yet: add the ones a buyer checks first (formats, size, requirements).</p>
      )}
      <ol className="flex flex-col gap-4">
        {facts.fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-border/40 p-3 dark:border-border/70">
            <fieldset className="grid gap-3 md:grid-cols-[1fr_2fr_2fr_auto] md:items-start">
              <legend className="sr-only">Key fact {index + 1}</legend>
              <FormField label="Label" error={errors?.[index]?.label?.message}>
                {(control) => <input {...control} {...form.register(`keyFacts.${index}.label`, { setValueAs: emptyAsUndefined })} className={inputClasses} />}
              </FormField>
              <FormField label="Value" error={errors?.[index]?.value?.message}>
                {(control) => <input {...control} {...form.register(`keyFacts.${index}.value`)} className={inputClasses} />}
              </FormField>
              <FormField label="Link (optional)" error={errors?.[index]?.href?.message}>
                {(control) => (
                  <input
                    {...control}
                    {...form.register(`keyFacts.${index}.href`, { setValueAs: emptyAsUndefined })}
                    className={inputClasses}
                    placeholder="/user-manuals or https://…"
                  />
                )}
              </FormField>
              <div className="flex gap-1 md:mt-7">
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === 0}
                  onClick={() => facts.move(index, index - 1)}
                  aria-label={`Move key fact ${index + 1} up`}
                >
                  ↑
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={index === facts.fields.length - 1}
                  onClick={() => facts.move(index, index + 1)}
                  aria-label={`Move key fact ${index + 1} down`}
                >
                  ↓
                </Button>
                <Button size="sm" variant="ghost" onClick={() => facts.remove(index)} aria-label={`Remove key fact ${index + 1}`}>
                  Remove
                </Button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      {errors?.root?.message || errors?.message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.root?.message ?? errors.message}
        </p>
      ) : null}
      <Button
        variant="secondary"
        className="self-start"
        disabled={facts.fields.length >= MAX_KEY_FACTS}
        onClick={() => facts.append({ label: undefined, value: '' })}
      >
        Add a key fact
      </Button>
    </div>
  );
}
