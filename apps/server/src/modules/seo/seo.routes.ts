import type { FastifyInstance } from 'fastify';
import type { SeoService } from './seo.service';

/** Crawlers read these often; a few minutes' delay before a new product is listed is harmless. */
const SEO_CACHE_CONTROL = 'public, max-age=600';

export async function seoRoutes(app: FastifyInstance, { seo }: { seo: SeoService }) {
  app.get('/sitemap.xml', async (_request, reply) => {
    reply.header('cache-control', SEO_CACHE_CONTROL).type('application/xml; charset=utf-8');
    return seo.sitemap();
  });

  app.get('/robots.txt', async (_request, reply) => {
    reply.header('cache-control', SEO_CACHE_CONTROL).type('text/plain; charset=utf-8');
    return seo.robots();
  });
}
