import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditPageSchema, auditQuerySchema } from '@store/contracts/admin';
import type { AuditRepository } from './audit.repository';

/** `GET /api/admin/audit`: the back office's writes, newest first, a page at a time. */
export async function auditRoutes(fastify: FastifyInstance, { audit }: { audit: AuditRepository }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/audit', { config: { input: 'audit query' }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } }, async (request) => {
    const rows = await audit.list(request.query);
    const page = rows.slice(0, request.query.limit);
    return {
      events: page.map((row) => ({ ...row, at: row.createdAt.toISOString() })),
      next: rows.length > request.query.limit ? (page.at(-1)?.id ?? null) : null,
    };
  });
}
