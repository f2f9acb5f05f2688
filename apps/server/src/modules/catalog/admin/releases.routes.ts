import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  productReleasesParamsSchema,
  productReleasesSchema,
  publishResultSchema,
  releaseFileParamsSchema,
  releaseInputSchema,
  releaseParamsSchema,
  releaseSchema,
} from '@store/contracts/admin';
import { z } from 'zod';
import { administrator } from '#server/modules/access/admin-only.ts';
import type { ReleasesService } from './releases.service';

/**
 * A product's releases, inside the back office's scope (`/api/admin`):
 * - `GET /products/:productId/versions`: every version, newest first, with files and the opted-in owners count
 * - `POST /products/:productId/versions`: a new draft
 * - `PUT /products/:productId/versions/:versionId`: a draft's fields, or a published version's notes
 * - `DELETE /products/:productId/versions/:versionId`: a draft and its files
 * - `DELETE /products/:productId/versions/:versionId/files/:fileId`
 * - `POST /products/:productId/versions/:versionId/publish`
 */
export async function releasesRoutes(fastify: FastifyInstance, { releases }: { releases: ReleasesService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const release = { config: { input: 'version' } };

  app.get('/products/:productId/versions', { schema: { params: productReleasesParamsSchema, response: { 200: productReleasesSchema } } }, (request) =>
    releases.list(request.params.productId),
  );

  app.post(
    '/products/:productId/versions',
    { ...release, schema: { params: productReleasesParamsSchema, body: releaseInputSchema, response: { 201: releaseSchema } } },
    async (request, reply) => reply.code(201).send(await releases.create(administrator(request), request.params.productId, request.body)),
  );

  app.put(
    '/products/:productId/versions/:versionId',
    { ...release, schema: { params: releaseParamsSchema, body: releaseInputSchema, response: { 200: releaseSchema } } },
    (request) => releases.update(administrator(request), request.params.productId, request.params.versionId, request.body),
  );

  app.delete('/products/:productId/versions/:versionId', { schema: { params: releaseParamsSchema, response: { 204: z.null() } } }, async (request, reply) => {
    await releases.deleteDraft(administrator(request), request.params.productId, request.params.versionId);
    return reply.code(204).send(null);
  });

  app.delete(
    '/products/:productId/versions/:versionId/files/:fileId',
    { schema: { params: releaseFileParamsSchema, response: { 204: z.null() } } },
    async (request, reply) => {
      const { productId, versionId, fileId } = request.params;
      await releases.deleteFile(administrator(request), productId, versionId, fileId);
      return reply.code(204).send(null);
    },
  );

  app.post('/products/:productId/versions/:versionId/publish', { schema: { params: releaseParamsSchema, response: { 200: publishResultSchema } } }, (request) =>
    releases.publish(administrator(request), request.params.productId, request.params.versionId),
  );
}
