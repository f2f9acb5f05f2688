import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { MAX_UPGRADE_OFFERS } from '@store/contracts';
import type { AdminProduct, AdminProductInput } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { FormField, inputClasses } from '../components/form-field';

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
      {offers.fields.length === 0 && <p className="text-sm text-secondary">No upgrade prices: everyone pays the price.</p>}
      <ol className="flex flex-col gap-4">
        {offers.fields.map((field, index) => (
          <li key={field.id} className="rounded-lg border border-border/40 p-3 dark:border-border/70">
            <fieldset className="grid gap-3 md:grid-cols-[2fr_2fr_1fr_auto] md:items-start">
              <legend className="sr-only">Upgrade price {index + 1}</legend>
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
              <div className="flex md:mt-7">
                <Button size="sm" variant="ghost" onClick={() => offers.remove(index)} aria-label={`Remove upgrade price ${index + 1}`}>
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
        disabled={offers.fields.length >= MAX_UPGRADE_OFFERS}
        onClick={() => offers.append({ from: '', fromName: '', percentOff: Number.NaN })}
      >
        Add an upgrade price
      </Button>
    </div>
  );
}
