import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { adminCategorySchema, suggestProductPath, type AdminCategory, type AdminCategoryInput, type AdminCategoryList } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button, ButtonLink } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { useAdminApi } from '../api/admin-api-context';
import { AdminCard, AdminPage } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage, fieldErrors } from '../utils/error-message';
import { categoriesKey, productsKey, useCategories } from './products-api';

type Category = AdminCategoryList['categories'][number];

/** /admin/categories: the store's product categories, added, renamed and put in order. */
export default function CategoriesPage() {
  const categories = useCategories();
  const reorder = useReorder();
  const [editing, setEditing] = useState<string | null>(null);
  const list = categories.data?.categories ?? [];
  const move = (index: number, by: -1 | 1) => {
    const slugs = list.map((category) => category.slug);
    [slugs[index], slugs[index + by]] = [slugs[index + by]!, slugs[index]!];
    reorder.mutate(slugs);
  };

  return (
    <AdminPage
      title="Categories"
      description="The store lists its products by category, each at /products/{address}, in this order."
      actions={
        <ButtonLink variant="secondary" to={paths.admin.products.getHref()}>
          All products
        </ButtonLink>
      }
    >
      <AdminCard title="Add a category">
        <CategoryForm sortOrder={(list.at(-1)?.sortOrder ?? 0) + 10} onDone={() => undefined} />
      </AdminCard>
      <AdminCard title="The store’s categories" description="Renaming a category renames it on every product in it.">
        {categories.isPending && <Skeleton className="h-32" />}
        {categories.isError && (
          <Alert tone="error" title="The categories could not be loaded">
            {errorMessage(categories.error)}
          </Alert>
        )}
        {categories.data && list.length === 0 && <p className="text-secondary">No categories yet: add the first one above.</p>}
        <ol className="divide-y divide-border/40 dark:divide-border/70" aria-busy={reorder.isPending}>
          {list.map((category, index) => (
            <li key={category.slug} className="py-3">
              {editing === category.slug ? (
                <CategoryForm category={category} sortOrder={category.sortOrder} onDone={() => setEditing(null)} />
              ) : (
                <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-primary">
                      {category.name} <span className="font-mono text-sm text-secondary">/products/{category.slug}</span>
                    </p>
                    <p className="text-sm text-secondary">
                      {category.productCount === 1 ? '1 product' : `${category.productCount} products`}
                      {category.intro ? ` · ${category.intro}` : ''}
                    </p>
                  </div>
                  <div className="flex gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === 0 || reorder.isPending}
                      onClick={() => move(index, -1)}
                      aria-label={`Move ${category.name} up`}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      disabled={index === list.length - 1 || reorder.isPending}
                      onClick={() => move(index, 1)}
                      aria-label={`Move ${category.name} down`}
                    >
                      ↓
                    </Button>
                    <Button size="sm" variant="secondary" onClick={() => setEditing(category.slug)} aria-label={`Edit ${category.name}`}>
                      Edit
                    </Button>
                  </div>
                </div>
              )}
            </li>
          ))}
        </ol>
      </AdminCard>
    </AdminPage>
  );
}

function useReorder() {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (slugs: string[]) => api.send('POST', '/categories/order', { slugs }),
    onError: (error) => toast({ tone: 'error', title: 'The order was not changed', description: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

/** Adds a category (no `category`) or edits one. */
function CategoryForm({ category, sortOrder, onDone }: { category?: Category; sortOrder: number; onDone(): void }) {
  const api = useAdminApi();
  const queryClient = useQueryClient();
  const [slugEdited, setSlugEdited] = useState(Boolean(category));
  const empty: AdminCategoryInput = { slug: '', name: '', intro: '', sortOrder };
  const form = useForm<AdminCategoryInput, unknown, AdminCategory>({
    resolver: zodResolver(adminCategorySchema),
    defaultValues: category ? { slug: category.slug, name: category.name, intro: category.intro, sortOrder: category.sortOrder } : empty,
  });
  const save = useMutation({
    mutationFn: (values: AdminCategory) =>
      category ? api.send('PUT', `/categories/${encodeURIComponent(category.slug)}`, values) : api.send('POST', '/categories', values),
    onSuccess: async (_data, values) => {
      toast({ tone: 'success', title: category ? `${values.name} was saved` : `${values.name} was added` });
      if (!category) form.reset({ ...empty, sortOrder: sortOrder + 10 });
      setSlugEdited(Boolean(category));
      await Promise.all([queryClient.invalidateQueries({ queryKey: categoriesKey }), queryClient.invalidateQueries({ queryKey: productsKey })]);
      onDone();
    },
    onError: (error) => {
      const fields = Object.entries(fieldErrors(error));
      for (const [name, message] of fields) form.setError(name as keyof AdminCategoryInput, { message });
      if (fields.length === 0) form.setError('root', { message: errorMessage(error) });
    },
  });
  const errors = form.formState.errors;
  return (
    <form
      noValidate
      aria-label={category ? `Edit ${category.name}` : 'Add a category'}
      className="grid gap-3 md:grid-cols-2"
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(control) => (
          <input
            {...control}
            {...form.register('name', {
              onChange: (event: { target: { value: string } }) => {
                if (!slugEdited) form.setValue('slug', suggestProductPath(event.target.value));
              },
            })}
            className={inputClasses}
          />
        )}
      </FormField>
      <FormField label="Address" hint="Its list is at /products/{address}." error={errors.slug?.message}>
        {(control) => (
          <input {...control} {...form.register('slug', { onChange: () => setSlugEdited(true) })} className={`${inputClasses} font-mono`} spellCheck={false} />
        )}
      </FormField>
      <FormField
        label="Introduction"
        hint="One line under the list’s heading (at most 300 characters)."
        error={errors.intro?.message}
        className="md:col-span-2"
      >
        {(control) => <input {...control} {...form.register('intro')} className={inputClasses} />}
      </FormField>
      {errors.root?.message && (
        <p role="alert" className="text-sm font-medium text-danger md:col-span-2">
          {errors.root.message}
        </p>
      )}
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : category ? 'Save' : 'Add category'}
        </Button>
        {category && (
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
