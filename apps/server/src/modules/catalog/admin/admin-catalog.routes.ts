import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminCategoryListSchema,
  adminCategoryParamsSchema,
  adminCategorySchema,
  adminProductDetailSchema,
  adminProductListSchema,
  adminProductParamsSchema,
  adminProductQuerySchema,
  adminProductSchema,
  categoryOrderRequestSchema,
  productLiveRequestSchema,
} from '@store/contracts/admin';
import { administrator } from '#server/modules/access/admin-only.ts';
import type { AdminCatalogService } from './admin-catalog.service';

/**
 * Inside the admin scope: products (`GET/POST /products`, `GET/PUT /products/{productId}`,
 * `POST /products/{productId}/duplicate`, `POST /products/{productId}/live`) and categories
 * (`GET/POST /categories`, `PUT /categories/{slug}`, `POST /categories/order`).
 */
export async function adminCatalogRoutes(fastify: FastifyInstance, { catalog }: { catalog: AdminCatalogService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const product = { params: adminProductParamsSchema };

  app.get(
    '/products',
    { config: { input: 'product filter' }, schema: { querystring: adminProductQuerySchema, response: { 200: adminProductListSchema } } },
    (request) => catalog.listProducts(request.query),
  );

  app.get('/products/:productId', { config: { input: 'product id' }, schema: { ...product, response: { 200: adminProductDetailSchema } } }, (request) =>
    catalog.getProduct(request.params.productId),
  );

  app.post(
    '/products',
    { config: { input: 'product' }, schema: { body: adminProductSchema, response: { 201: adminProductDetailSchema } } },
    async (request, reply) => reply.code(201).send(await catalog.createProduct(administrator(request), request.body)),
  );

  app.put(
    '/products/:productId',
    { config: { input: 'product' }, schema: { ...product, body: adminProductSchema, response: { 200: adminProductDetailSchema } } },
    (request) => catalog.saveProduct(administrator(request), request.params.productId, request.body),
  );

  app.post(
    '/products/:productId/duplicate',
    { config: { input: 'product id' }, schema: { ...product, response: { 201: adminProductDetailSchema } } },
    async (request, reply) => reply.code(201).send(await catalog.duplicateProduct(administrator(request), request.params.productId)),
  );

  app.post(
    '/products/:productId/live',
    { config: { input: 'product visibility' }, schema: { ...product, body: productLiveRequestSchema, response: { 200: adminProductDetailSchema } } },
    (request) => catalog.setLive(administrator(request), request.params.productId, request.body),
  );

  app.get('/categories', { schema: { response: { 200: adminCategoryListSchema } } }, () => catalog.listCategories());

  app.post(
    '/categories',
    { config: { input: 'category' }, schema: { body: adminCategorySchema, response: { 201: adminCategorySchema } } },
    async (request, reply) => reply.code(201).send(await catalog.createCategory(administrator(request), request.body)),
  );

  app.post(
    '/categories/order',
    { config: { input: 'category order' }, schema: { body: categoryOrderRequestSchema, response: { 200: adminCategoryListSchema } } },
    (request) => catalog.orderCategories(administrator(request), request.body.slugs),
  );

  app.put(
    '/categories/:slug',
    { config: { input: 'category' }, schema: { params: adminCategoryParamsSchema, body: adminCategorySchema, response: { 200: adminCategorySchema } } },
    (request) => catalog.updateCategory(administrator(request), request.params.slug, request.body),
  );
}
