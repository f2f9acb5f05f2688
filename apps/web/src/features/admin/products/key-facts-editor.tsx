import { emptyAsUndefined } from '../utils/form-values';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_KEY_FACTS, type AdminProduct, type AdminProductInput } from '@store/contracts/admin';
import { FormField, inputClasses } from '../components/form-field';
import { RowList } from '../components/row-list';

type ProductForm = UseFormReturn<AdminProductInput, unknown, AdminProduct>;

/** The Key facts panel's rows: label, value and an optional link each; added, removed and moved. */
export function KeyFactsEditor({ form }: { form: ProductForm }) {
  const facts = useFieldArray({ control: form.control, name: 'keyFacts' });
  const errors = form.formState.errors.keyFacts;
  return (
    <RowList
      rowIds={facts.fields.map((field) => field.id)}
      rowName="key fact"
      columns="md:grid-cols-[1fr_2fr_2fr_auto]"
      empty="No key facts yet: add the ones a buyer checks first (formats, size, requirements)."
      renderRow={(index) => (
        <>
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
        </>
      )}
      onMove={(from, to) => facts.move(from, to)}
      onRemove={(index) => facts.remove(index)}
      addLabel="Add a key fact"
      canAdd={facts.fields.length < MAX_KEY_FACTS}
      onAdd={() => facts.append({ label: undefined, value: '' })}
      error={errors?.root?.message ?? errors?.message}
    />
  );
}
