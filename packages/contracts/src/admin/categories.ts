import { z } from 'zod';
import { productCategorySchema } from '../catalog/product';
import { unreservedPathSchema } from './products';

/** A product category as the back office edits it: `slug` is its list's address (/products/{slug}). */
export const adminCategorySchema = z.object({
  slug: unreservedPathSchema,
  name: productCategorySchema,
  intro: z.string().trim().max(300, 'An introduction has at most 300 characters'),
  sortOrder: z.number({ error: 'Enter a whole number' }).int('Enter a whole number').min(-1_000_000).max(1_000_000),
});
export type AdminCategoryInput = z.input<typeof adminCategorySchema>;
export type AdminCategory = z.infer<typeof adminCategorySchema>;

export const adminCategoryListSchema = z.object({
  categories: z.array(adminCategorySchema.extend({ productCount: z.number().int().nonnegative() })),
});
export type AdminCategoryList = z.infer<typeof adminCategoryListSchema>;

/** `PUT /api/admin/categories/{slug}`: the category's current slug. */
export const adminCategoryParamsSchema = z.object({ slug: z.string().max(100) });

/** `POST /api/admin/categories/order`: every category's slug, in the order the store lists them. */
export const categoryOrderRequestSchema = z.object({ slugs: z.array(z.string().max(100)).min(1).max(200) });
export type CategoryOrderRequest = z.infer<typeof categoryOrderRequestSchema>;
