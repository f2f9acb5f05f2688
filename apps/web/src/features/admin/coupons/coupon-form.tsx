import { numberOrNull } from '../utils/form-values';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { couponCreateSchema, type AdminCoupon, type CouponDetail, type CouponFormValues, type CouponProduct } from '@store/contracts/admin';
import { currencyExponent, majorToMinor, minorToMajor } from '@store/contracts/money';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { AdminCard } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { discountLabel } from './coupon-display';
import { DateTimeInput } from '../components/date-time-input';
import { ProductPicker } from './product-picker';

export interface CouponFormProps {
  /** The coupon being edited; null for a new one. */
  coupon: AdminCoupon | null;
  currency: string;
  products: CouponProduct[];
  saving: boolean;
  /** Saves; rejects with the server's error, which the form shows beside its fields. */
  onSave(values: CouponFormValues): Promise<CouponDetail>;
  /** After a 409 'changed by someone else': fetch the coupon again. */
  onReload(): void;
}

const EMPTY: CouponFormValues = {
  code: '',
  description: '',
  kind: 'percent',
  percentOff: null,
  amountOffMinor: null,
  productPaths: [],
  validFrom: null,
  validUntil: null,
  maxRedemptions: null,
  oncePerCustomer: false,
  active: true,
};

function valuesOf(coupon: AdminCoupon | null): CouponFormValues {
  if (!coupon) return EMPTY;
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOffMinor: coupon.amountOffMinor,
    productPaths: coupon.products.map((product) => product.path),
    validFrom: coupon.validFrom,
    validUntil: coupon.validUntil,
    maxRedemptions: coupon.maxRedemptions,
    oncePerCustomer: coupon.oncePerCustomer,
    active: coupon.active,
  };
}

/** An empty number input is null (no value), not 0. */
/** The coupon form: the same schema as the server's, and the server's field messages shown beside the same fields. */
export function CouponForm({ coupon, currency, products, saving, onSave, onReload }: CouponFormProps) {
  const form = useForm<CouponFormValues>({ resolver: zodResolver(couponCreateSchema), defaultValues: valuesOf(coupon) });
  const { errors } = form.formState;
  const kind = useWatch({ control: form.control, name: 'kind' });
  const kindLegendId = useId();
  const uses = coupon?.uses ?? 0;
  const used = uses > 0;

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await onSave(values);
      form.reset(valuesOf(saved.coupon));
    } catch (error) {
      const fields = fieldErrors(error);
      for (const [field, message] of Object.entries(fields)) form.setError(field as Path<CouponFormValues>, { message });
      const conflict = error instanceof ApiError && error.status === 409 && Object.keys(fields).length === 0;
      form.setError('root.server', { type: conflict ? 'conflict' : 'server', message: errorMessage(error) });
    }
  });

  const serverError = errors.root?.server;
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-6" aria-busy={saving}>
      {serverError && (
        <Alert tone="error" title={serverError.type === 'conflict' ? 'Someone else changed this coupon' : 'The coupon was not saved'}>
          <p>{serverError.message}</p>
          {serverError.type === 'conflict' && (
            <Button variant="secondary" size="sm" className="mt-3" onClick={onReload}>
              Reload the coupon
            </Button>
          )}
        </Alert>
      )}

      <AdminCard title="The code">
        <div className="grid gap-4 md:grid-cols-2">
          <FormField
            label="Code"
            error={errors.code?.message}
            hint={
              used
                ? `Used ${uses === 1 ? 'once' : `${uses} times`}: the code can no longer change.`
                : 'Shoppers can type it in any case; it is saved in capitals.'
            }
          >
            {(control) => (
              <input
                {...control}
                {...form.register('code')}
                readOnly={used}
                autoComplete="off"
                spellCheck={false}
                className={`${inputClasses} font-mono uppercase read-only:opacity-70`}
              />
            )}
          </FormField>
          <FormField label="Description" hint="For you and your colleagues; shoppers do not see it." error={errors.description?.message}>
            {(control) => <input {...control} {...form.register('description')} autoComplete="off" className={inputClasses} />}
          </FormField>
        </div>
      </AdminCard>

      <AdminCard title="Discount">
        {coupon && used ? (
          <p className="text-primary">
            {discountLabel({ ...coupon, currency: coupon.currency ?? currency }, currency)}
            <span className="block text-sm text-secondary">The discount of a used coupon can no longer change. Expire it and create a new coupon instead.</span>
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <fieldset aria-labelledby={kindLegendId} className="flex flex-col gap-2">
              <legend id={kindLegendId} className="text-sm font-semibold text-primary">
                Takes off
              </legend>
              <div className="flex flex-wrap gap-x-6 gap-y-2">
                <label className="inline-flex min-h-11 items-center gap-2 text-primary">
                  <input type="radio" value="percent" {...form.register('kind')} className="size-4 accent-primary" />A percentage
                </label>
                <label className="inline-flex min-h-11 items-center gap-2 text-primary">
                  <input type="radio" value="amount" {...form.register('kind')} className="size-4 accent-primary" />A fixed amount in {currency}
                </label>
              </div>
              {errors.kind && (
                <p role="alert" className="text-sm font-medium text-danger">
                  {errors.kind.message}
                </p>
              )}
            </fieldset>
            {kind === 'percent' ? (
              <FormField label="Percentage off" hint="1 to 100" error={errors.percentOff?.message} className="max-w-xs">
                {(control) => (
                  <input
                    {...control}
                    {...form.register('percentOff', { setValueAs: numberOrNull })}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={100}
                    step={1}
                    className={inputClasses}
                  />
                )}
              </FormField>
            ) : (
              <FormField label={`Amount off (${currency})`} error={errors.amountOffMinor?.message} className="max-w-xs">
                {(control) => (
                  <Controller
                    control={form.control}
                    name="amountOffMinor"
                    render={({ field }) => (
                      <input
                        {...control}
                        name={field.name}
                        ref={field.ref}
                        onBlur={field.onBlur}
                        type="number"
                        inputMode="decimal"
                        min={0}
                        step={1 / 10 ** currencyExponent(currency)}
                        defaultValue={field.value === null ? '' : minorToMajor(field.value, currency)}
                        onChange={(event) => field.onChange(event.target.value === '' ? null : majorToMinor(Number(event.target.value), currency))}
                        className={inputClasses}
                      />
                    )}
                  />
                )}
              </FormField>
            )}
          </div>
        )}
      </AdminCard>

      <AdminCard title="Applies to" description="Leave every box empty for a coupon that discounts every product.">
        <Controller
          control={form.control}
          name="productPaths"
          render={({ field }) => <ProductPicker products={products} selected={field.value} onChange={field.onChange} error={errors.productPaths?.message} />}
        />
      </AdminCard>

      <AdminCard title="When and how often" description="Times are in your own time zone. Leave a date empty for no start or no end.">
        <div className="grid gap-4 md:grid-cols-2">
          <DateTimeField form={form} name="validFrom" label="Starts" error={errors.validFrom?.message} />
          <DateTimeField form={form} name="validUntil" label="Ends" error={errors.validUntil?.message} />
          <FormField label="Uses in total" hint="Leave empty for no cap." error={errors.maxRedemptions?.message}>
            {(control) => (
              <input
                {...control}
                {...form.register('maxRedemptions', { setValueAs: numberOrNull })}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                className={inputClasses}
              />
            )}
          </FormField>
        </div>
        <div className="mt-4 flex flex-col gap-2">
          <label className="inline-flex min-h-11 items-center gap-3 text-primary">
            <input type="checkbox" {...form.register('oncePerCustomer')} className="size-5 accent-primary" />
            Once per customer (by their email address)
          </label>
          <label className="inline-flex min-h-11 items-center gap-3 text-primary">
            <input type="checkbox" {...form.register('active')} className="size-5 accent-primary" />
            On (untick to switch the code off whatever its dates)
          </label>
        </div>
      </AdminCard>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving…' : coupon ? 'Save changes' : 'Create coupon'}
        </Button>
        {saving && (
          <span role="status" className="text-sm text-secondary">
            Saving the coupon…
          </span>
        )}
      </div>
    </form>
  );
}

function DateTimeField({
  form,
  name,
  label,
  error,
}: {
  form: ReturnType<typeof useForm<CouponFormValues>>;
  name: 'validFrom' | 'validUntil';
  label: string;
  error?: string;
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field }) => (
            <DateTimeInput {...control} name={field.name} ref={field.ref} onBlur={field.onBlur} value={field.value} onChange={field.onChange} />
          )}
        />
      )}
    </FormField>
  );
}
