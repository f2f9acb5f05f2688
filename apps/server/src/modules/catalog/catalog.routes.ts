import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { categoryListSchema, productDetailSchema, productListSchema, productParamsSchema } from '@store/contracts';
import { notFound } from '#server/lib/http-error.ts';
import { sendCachedBody } from '#server/lib/send-cached-body.ts';
import type { CatalogService } from './catalog.service';

/** Shoppers may see a price up to a minute old; the cart always prices on the server. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

// The response schemas declare what the catalogue answers; the bodies themselves are built
// and compressed once (docs/decisions/0004-hot-path.md) and sent as bytes, which Fastify
// does not run through a serializer (docs/decisions/0021-route-schemas.md).
export async function catalogRoutes(fastify: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Served from memory: cheaper than the rate limiter's own bookkeeping, so exempt like
  // the hashed assets. The detail route stays limited: unknown paths reach the database.
  app.get('/api/products/', { config: { rateLimit: false }, schema: { response: { 200: productListSchema } } }, (request, reply) => {
    const built = catalog.peekListing();
    if (built) {
      sendCachedBody(request, reply, built, CATALOG_CACHE_CONTROL);
      return;
    }
    return catalog.getListing().then((listing) => {
      sendCachedBody(request, reply, listing, CATALOG_CACHE_CONTROL);
    });
  });

  // Small and read by every page's navigation, so served from memory like the listing.
  app.get('/api/categories', { config: { rateLimit: false }, schema: { response: { 200: categoryListSchema } } }, async (request, reply) => {
    sendCachedBody(request, reply, await catalog.getCategories(), CATALOG_CACHE_CONTROL);
  });

  app.get(
    '/api/products/:path',
    { config: { input: 'product path' }, schema: { params: productParamsSchema, response: { 200: productDetailSchema } } },
    async (request, reply) => {
      const { path } = request.params;
      const product = await catalog.getProduct(path);
      if (!product) throw notFound(`No product with the path '${path}'`);
      sendCachedBody(request, reply, product, CATALOG_CACHE_CONTROL);
    },
  );
}
