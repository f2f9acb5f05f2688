import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_UPGRADE_OFFERS } from '@store/contracts';
import type { AdminProduct, AdminProductInput } from '@store/contracts/admin';
import { FormField, inputClasses } from '../components/form-field';
import { RowList } from '../components/row-list';

type ProductForm = UseFormReturn<AdminProductInput, unknown, AdminProduct>;

/**
 * The product's upgrade prices: one row per older product whose licence keys earn a price
 * (the old product's id as the imported keys name it, its name, the percentage off).
 */
export function UpgradeOffersEditor({ form }: { form: ProductForm }) {
  const offers = useFieldArray({ control: form.control, name: 'upgradeOffers' });
  const errors = form.formState.errors.upgradeOffers;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-secondary">
        Owners of an old licence key enter it on this product’s page and get this price once. Import old keys with{' '}
        <code className="font-mono">npm run licences:import</code> (see README).
      </p>
      <RowList
        rowIds={offers.fields.map((field) => field.id)}
        rowName="upgrade price"
        columns="md:grid-cols-[2fr_2fr_1fr_auto]"
        empty="No upgrade prices: everyone pays the price."
        renderRow={(index) => (
          <>
            <FormField label="Old product id" error={errors?.[index]?.from?.message}>
              {(control) => (
                <input
                  {...control}
                  {...form.register(`upgradeOffers.${index}.from`)}
                  className={`${inputClasses} font-mono`}
                  placeholder="my-plugin-2"
                  autoComplete="off"
                  spellCheck={false}
                />
              )}
            </FormField>
            <FormField label="Its name" error={errors?.[index]?.fromName?.message}>
              {(control) => <input {...control} {...form.register(`upgradeOffers.${index}.fromName`)} className={inputClasses} placeholder="My Plugin 2" />}
            </FormField>
            <FormField label="Percent off" error={errors?.[index]?.percentOff?.message}>
              {(control) => (
                <input
                  {...control}
                  {...form.register(`upgradeOffers.${index}.percentOff`, { valueAsNumber: true })}
                  type="number"
                  min={1}
                  max={100}
                  className={inputClasses}
                />
              )}
            </FormField>
          </>
        )}
        onRemove={(index) => offers.remove(index)}
        addLabel="Add an upgrade price"
        canAdd={offers.fields.length < MAX_UPGRADE_OFFERS}
        onAdd={() => offers.append({ from: '', fromName: '', percentOff: Number.NaN })}
        error={errors?.root?.message ?? errors?.message}
      />
    </div>
  );
}
