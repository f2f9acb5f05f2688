import { numberOrNull } from '../utils/form-values';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, get, useForm, useWatch, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import { useBlocker, useNavigate } from 'react-router';
import {
  adminProductDetailSchema,
  adminProductSchema,
  MAX_RELATED_PRODUCTS,
  suggestProductPath,
  type AdminProduct,
  type AdminProductDetail,
  type AdminProductInput,
} from '@store/contracts/admin';
import { MAX_UPGRADE_OFFERS } from '@store/contracts';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useAdminApi } from '../api/admin-api-context';
import { AdminCard } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { KeyFactsEditor } from './key-facts-editor';
import { MarkdownField } from './markdown-field';
import { MediaEditor } from './media-editor';
import { UpgradeOffersEditor } from './upgrade-offers-editor';
import { DateTimeInput } from '../components/date-time-input';
import { MoneyInput } from '../components/money-input';
import { productKey, productListsKey, useCategories, useProductList } from './products-api';

export type ProductForm = UseFormReturn<AdminProductInput, unknown, AdminProduct>;

/** A new product's form: a draft, with nothing filled in but the first category. */
export function blankProduct(category = ''): AdminProductInput {
  return {
    path: '',
    displayName: '',
    category,
    priceMinor: Number.NaN,
    deal: null,
    dealReason: '',
    dealStartsAt: null,
    dealEndsAt: null,
    summaryMarkdown: '',
    descriptionMarkdown: '',
    keyFacts: [],
    upgradeOffers: [],
    relatedPaths: [],
    trialOfPath: null,
    licenceSeats: null,
    downloadable: true,
    live: false,
    sortOrder: 0,
    media: [],
    version: 0,
  };
}

/** The form's fields of a saved product (what the server adds beside them stays out). */
export function formValuesOf(product: AdminProductDetail): AdminProductInput {
  const {
    id: _id,
    currency: _currency,
    imagePath: _image,
    summaryHtml: _html,
    soldCount: _sold,
    createdAt: _created,
    updatedAt: _updated,
    ...fields
  } = product;
  // Every key a row's inputs register, present even when empty: the form compares its values
  // key by key, and a row missing `href` would read as changed right after a save.
  return { ...fields, keyFacts: fields.keyFacts.map(({ label, value, href }) => ({ label, value, href })) };
}

/** Shown when the server refuses a save because the product changed since it was loaded. */
const CONFLICT = 'This product was changed by someone else since you opened it. Reload to see their changes, then make yours again.';

/**
 * The product form, for a new product (`product` undefined) or a saved one. The same schema as
 * the server checks it; the server's own refusals appear beside their fields.
 */
export function ProductEditor({
  product,
  currency,
  onReload,
}: {
  product?: AdminProductDetail;
  currency: string;
  /** Reads the product again (after someone else changed it); resolves with the fresh copy. */
  onReload?: () => Promise<AdminProductDetail | undefined>;
}) {
  const form = useForm<AdminProductInput, unknown, AdminProduct>({
    resolver: zodResolver(adminProductSchema),
    defaultValues: product ? formValuesOf(product) : blankProduct(),
    mode: 'onTouched',
  });
  const [conflict, setConflict] = useState(false);
  const leaving = useRef(false);
  const save = useSaveProduct(form, product, {
    onConflict: () => setConflict(true),
    beforeLeave: () => {
      leaving.current = true;
    },
  });
  const dirty = form.formState.isDirty;
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname);
  useUnloadWarning(dirty);

  const reload = async () => {
    const fresh = await onReload?.();
    if (fresh) form.reset(formValuesOf(fresh));
    setConflict(false);
  };

  return (
    <form
      noValidate
      aria-label={product ? `Edit ${product.displayName}` : 'New product'}
      className="flex flex-col gap-6 pb-24"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      {conflict && (
        <Alert tone="error" title="Not saved">
          <p>{CONFLICT}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void reload()}>
            Reload
          </Button>
        </Alert>
      )}
      <GeneralSection form={form} currency={currency} isNew={!product} soldCount={product?.soldCount ?? 0} />
      <DealSection form={form} currency={currency} />
      <DescriptionSection form={form} keepsOlderSummary={Boolean(product && product.summaryMarkdown === '' && product.summaryHtml !== '')} />
      <AdminCard title="Key facts" description="The panel beside the description, in this order (at most 12).">
        <KeyFactsEditor form={form} />
      </AdminCard>
      <RelationsSection form={form} productId={product?.id} />
      <AdminCard
        title="Upgrade prices"
        description={`For a product with licence keys: what owners of an older product pay for this one (at most ${MAX_UPGRADE_OFFERS}).`}
      >
        <UpgradeOffersEditor form={form} />
      </AdminCard>
      <AdminCard title="Media" description="Shown on the product page in this order; the first image is the cover in every list.">
        <MediaEditor form={form} productId={product?.id} />
      </AdminCard>
      <VisibilitySection form={form} />

      <div className="sticky bottom-2 z-30 flex flex-wrap items-center gap-3 rounded-xl border border-border/40 bg-background/95 px-4 py-3 shadow-lg backdrop-blur dark:border-border/70">
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : product ? 'Save changes' : 'Create product'}
        </Button>
        <p className="text-sm text-secondary" role="status">
          {save.isPending ? 'Saving the product…' : dirty ? 'You have unsaved changes.' : product ? `Saved · version ${product.version}` : ''}
        </p>
      </div>

      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title="Leave without saving?"
          confirmLabel="Leave and lose the changes"
          cancelLabel="Stay on this page"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
        >
          <p>Your changes to this product are not saved yet.</p>
        </ConfirmDialog>
      )}
    </form>
  );
}

function useSaveProduct(form: ProductForm, product: AdminProductDetail | undefined, on: { onConflict(): void; beforeLeave(): void }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async (values: AdminProduct) =>
      adminProductDetailSchema.parse(product ? await api.send('PUT', `/products/${product.id}`, values) : await api.send('POST', '/products', values)),
    onSuccess: async (saved) => {
      queryClient.setQueryData(productKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: productListsKey });
      form.reset(formValuesOf(saved));
      toast({
        tone: 'success',
        title: product ? 'Saved' : `${saved.displayName} was created`,
        description: saved.live ? 'Shoppers see it now.' : 'It is a draft: shoppers do not see it.',
      });
      if (!product) {
        on.beforeLeave();
        await navigate(paths.admin.product.getHref(saved.id), { replace: true });
      }
    },
    onError: (error) => {
      const fields = Object.entries(fieldErrors(error));
      for (const [name, message] of fields) form.setError(name as keyof AdminProductInput, { message }, { shouldFocus: true });
      if (fields.length > 0) return;
      if (error instanceof ApiError && error.status === 409) on.onConflict();
      else toast({ tone: 'error', title: 'The product was not saved', description: errorMessage(error) });
    },
  });
}

/** The browser's own "leave site?" question while there are unsaved changes (a reload, a closed tab). */
function useUnloadWarning(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}

const messageAt = (errors: FieldErrors<AdminProductInput>, path: string): string | undefined =>
  (get(errors, path) as { message?: string } | undefined)?.message;

function GeneralSection({ form, currency, isNew, soldCount }: { form: ProductForm; currency: string; isNew: boolean; soldCount: number }) {
  const categories = useCategories();
  const [pathEdited, setPathEdited] = useState(!isNew);
  const errors = form.formState.errors;
  const nameField = form.register('displayName', {
    onChange: (event: { target: { value: string } }) => {
      if (!pathEdited) form.setValue('path', suggestProductPath(event.target.value), { shouldDirty: true });
    },
  });
  const category = useWatch({ control: form.control, name: 'category' });
  // A new product starts in the first category once the list arrives.
  useEffect(() => {
    const first = categories.data?.categories[0]?.name;
    if (!category && first) form.setValue('category', first);
  }, [categories.data, category, form]);

  return (
    <AdminCard title="General">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Name" error={errors.displayName?.message}>
          {(control) => <input {...control} {...nameField} className={inputClasses} autoComplete="off" />}
        </FormField>
        <FormField
          label="Path"
          error={errors.path?.message}
          hint={soldCount > 0 ? 'Sold already: the path is in customers’ orders and links, so it stays.' : 'The product’s address: /products/{path}.'}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('path', { onChange: () => setPathEdited(true) })}
              className={`${inputClasses} font-mono`}
              autoComplete="off"
              spellCheck={false}
              readOnly={soldCount > 0}
            />
          )}
        </FormField>
        <FormField label="Category" error={errors.category?.message}>
          {(control) => (
            <select {...control} {...form.register('category')} className={inputClasses}>
              {!categories.data && <option value={category}>{category || 'Loading…'}</option>}
              {categories.data?.categories.map((item) => (
                <option key={item.slug} value={item.name}>
                  {item.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Price" error={errors.priceMinor?.message} hint="0.00 makes it a free download.">
          {(control) => (
            <Controller
              control={form.control}
              name="priceMinor"
              render={({ field }) => (
                <MoneyInput {...control} name={field.name} value={field.value} currency={currency} onChange={field.onChange} onBlur={field.onBlur} />
              )}
            />
          )}
        </FormField>
      </div>
    </AdminCard>
  );
}

function DealSection({ form, currency }: { form: ProductForm; currency: string }) {
  const deal = useWatch({ control: form.control, name: 'deal' });
  const errors = form.formState.errors;
  const setKind = (kind: string) =>
    form.setValue('deal', kind === 'percent' ? { kind, percent: 10 } : kind === 'amount' ? { kind, amountMinor: Number.NaN } : null, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return (
    <AdminCard title="Deal" description="A price cut shown on the product and in the Deals list while it runs.">
      <div className="grid gap-4 md:grid-cols-2">
        <FormField label="Deal">
          {(control) => (
            <select {...control} className={inputClasses} value={deal?.kind ?? 'none'} onChange={(event) => setKind(event.target.value)}>
              <option value="none">No deal</option>
              <option value="percent">A percentage off</option>
              <option value="amount">An amount off</option>
            </select>
          )}
        </FormField>
        {deal?.kind === 'percent' && (
          <FormField label="Percentage off" error={messageAt(errors, 'deal.percent')}>
            {(control) => (
              <input {...control} {...form.register('deal.percent', { valueAsNumber: true })} type="number" min={1} max={100} className={inputClasses} />
            )}
          </FormField>
        )}
        {deal?.kind === 'amount' && (
          <FormField label="Amount off" error={messageAt(errors, 'deal.amountMinor')}>
            {(control) => (
              <Controller
                control={form.control}
                name="deal.amountMinor"
                render={({ field }) => (
                  <MoneyInput {...control} name={field.name} value={field.value} currency={currency} onChange={field.onChange} onBlur={field.onBlur} />
                )}
              />
            )}
          </FormField>
        )}
        {deal && (
          <>
            <FormField label="Reason (shown to shoppers)" error={errors.dealReason?.message} className="md:col-span-2">
              {(control) => <input {...control} {...form.register('dealReason')} className={inputClasses} placeholder="Launch offer" />}
            </FormField>
            {(['dealStartsAt', 'dealEndsAt'] as const).map((name) => (
              <FormField
                key={name}
                label={name === 'dealStartsAt' ? 'Starts (optional)' : 'Ends (optional)'}
                hint="In your time zone; leave empty for no limit."
                error={errors[name]?.message}
              >
                {(control) => (
                  <Controller
                    control={form.control}
                    name={name}
                    render={({ field }) => <DateTimeInput {...control} name={field.name} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
                  />
                )}
              </FormField>
            ))}
          </>
        )}
      </div>
    </AdminCard>
  );
}

function DescriptionSection({ form, keepsOlderSummary }: { form: ProductForm; keepsOlderSummary: boolean }) {
  const [summary, description] = useWatch({ control: form.control, name: ['summaryMarkdown', 'descriptionMarkdown'] });
  const errors = form.formState.errors;
  return (
    <AdminCard title="Description" description="Markdown: **bold**, lists, [links](https://…) and ## headings.">
      <div className="flex flex-col gap-6">
        <MarkdownField
          label="Summary"
          hint={
            keepsOlderSummary
              ? 'This product’s summary was written before the back office: shoppers keep seeing it until you write one here.'
              : 'One or two sentences for cards and search results.'
          }
          error={errors.summaryMarkdown?.message}
          value={summary}
          rows={3}
        >
          {(control) => <textarea {...control} {...form.register('summaryMarkdown')} />}
        </MarkdownField>
        <MarkdownField label="Description" error={errors.descriptionMarkdown?.message} value={description} rows={14}>
          {(control) => <textarea {...control} {...form.register('descriptionMarkdown')} />}
        </MarkdownField>
      </div>
    </AdminCard>
  );
}

function RelationsSection({ form, productId }: { form: ProductForm; productId: number | undefined }) {
  const list = useProductList();
  const others = (list.data?.products ?? []).filter((item) => item.id !== productId);
  const errors = form.formState.errors;
  return (
    <AdminCard title="Related products and trial">
      <div className="grid gap-6 md:grid-cols-2">
        <Controller
          control={form.control}
          name="relatedPaths"
          render={({ field }) => (
            <fieldset aria-describedby="related-hint">
              <legend className="text-sm font-semibold text-primary">Related products</legend>
              <p id="related-hint" className="text-sm text-secondary">
                Shown under the product, at most {MAX_RELATED_PRODUCTS}.
              </p>
              <ul className="mt-2 max-h-64 overflow-y-auto rounded-lg border border-border/40 p-2 dark:border-border/70">
                {others.length === 0 && <li className="p-2 text-sm text-secondary">{list.isPending ? 'Loading the products…' : 'No other products yet.'}</li>}
                {others.map((item) => {
                  const checked = field.value.includes(item.path);
                  return (
                    <li key={item.id}>
                      <label className="flex min-h-11 items-center gap-3 rounded px-2 hover:bg-primary/5">
                        <input
                          type="checkbox"
                          className="size-4"
                          checked={checked}
                          disabled={!checked && field.value.length >= MAX_RELATED_PRODUCTS}
                          onChange={() => field.onChange(checked ? field.value.filter((path) => path !== item.path) : [...field.value, item.path])}
                        />
                        <span>
                          {item.displayName} <span className="font-mono text-xs text-secondary">{item.path}</span>
                        </span>
                      </label>
                    </li>
                  );
                })}
              </ul>
              {errors.relatedPaths?.message && (
                <p role="alert" className="mt-1 text-sm font-medium text-danger">
                  {errors.relatedPaths.message}
                </p>
              )}
            </fieldset>
          )}
        />
        <div className="flex flex-col gap-4">
          <FormField label="Free trial of" hint="For a trial version: the paid product whose page offers it." error={errors.trialOfPath?.message}>
            {(control) => (
              <select {...control} {...form.register('trialOfPath', { setValueAs: (value: string | null) => value || null })} className={inputClasses}>
                <option value="">Not a trial</option>
                {others
                  .filter((item) => !item.isTrial)
                  .map((item) => (
                    <option key={item.id} value={item.path}>
                      {item.displayName}
                    </option>
                  ))}
              </select>
            )}
          </FormField>
          <FormField label="Computers per licence" hint="Empty when the product has no licence key." error={errors.licenceSeats?.message}>
            {(control) => (
              <input {...control} {...form.register('licenceSeats', { setValueAs: numberOrNull })} type="number" min={1} max={100} className={inputClasses} />
            )}
          </FormField>
        </div>
      </div>
    </AdminCard>
  );
}

function VisibilitySection({ form }: { form: ProductForm }) {
  const errors = form.formState.errors;
  return (
    <AdminCard title="Visibility">
      <div className="grid gap-4 md:grid-cols-3">
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5" {...form.register('live')} />
          <span>
            <span className="font-semibold text-primary">Live</span>
            <span className="block text-sm text-secondary">Shoppers see and can buy it.</span>
          </span>
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input type="checkbox" className="size-5" {...form.register('downloadable')} />
          <span>
            <span className="font-semibold text-primary">Downloadable</span>
            <span className="block text-sm text-secondary">Buyers get files to download.</span>
          </span>
        </label>
        <FormField label="Position in lists" hint="Lower numbers come first." error={errors.sortOrder?.message}>
          {(control) => <input {...control} {...form.register('sortOrder', { valueAsNumber: true })} type="number" className={inputClasses} />}
        </FormField>
      </div>
    </AdminCard>
  );
}
