import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { analyticsDashboardSchema, analyticsQuerySchema, liveVisitorsSchema } from '@store/contracts/admin';
import type { AnalyticsDashboardService } from './analytics-dashboard.service';

/** The back office's analytics (inside the admin scope): `GET /analytics?from&to` and `GET /analytics/live`. */
export async function analyticsAdminRoutes(fastify: FastifyInstance, { dashboard }: { dashboard: AnalyticsDashboardService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/analytics',
    { config: { input: 'analytics dates' }, schema: { querystring: analyticsQuerySchema, response: { 200: analyticsDashboardSchema } } },
    (request) => dashboard.dashboard(request.query),
  );
  app.get('/analytics/live', { schema: { response: { 200: liveVisitorsSchema } } }, () => dashboard.live());
}
