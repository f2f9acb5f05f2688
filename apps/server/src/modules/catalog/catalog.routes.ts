import type { FastifyInstance } from 'fastify';
import { productParamsSchema } from '@store/contracts';
import { notFound, parseInput } from '../../lib/http-error';
import { sendCachedBody } from '../../lib/send-cached-body';
import type { CatalogService } from './catalog.service';

/** Shoppers may see a price up to a minute old; the cart always prices on the server. */
const CATALOG_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=300';

export async function catalogRoutes(app: FastifyInstance, { catalog }: { catalog: CatalogService }) {
  // Served from memory: cheaper than the rate limiter's own bookkeeping, so exempt like
  // the hashed assets. The detail route stays limited: unknown paths reach the database.
  app.get('/api/products/', { config: { rateLimit: false } }, (request, reply) => {
    const built = catalog.peekListing();
    if (built) return sendCachedBody(request, reply, built, CATALOG_CACHE_CONTROL);
    return catalog.getListing().then((listing) => sendCachedBody(request, reply, listing, CATALOG_CACHE_CONTROL));
  });

  app.get('/api/products/:path', async (request, reply) => {
    const { path } = parseInput(productParamsSchema, request.params, 'product path');
    const product = await catalog.getProduct(path);
    if (!product) throw notFound(`No product with the path '${path}'`);
    return sendCachedBody(request, reply, product, CATALOG_CACHE_CONTROL);
  });
}
