import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  couponReportSchema,
  dashboardSchema,
  productReportSchema,
  reportQuerySchema,
  revenueReportQuerySchema,
  revenueReportSchema,
  trialReportSchema,
} from '@store/contracts/admin';
import { csvAttachment } from '#server/lib/csv.ts';
import { couponsCsv, productsCsv, revenueCsv, trialsCsv } from './reports.csv';
import type { ReportsService } from './reports.service';

/**
 * The back office's numbers (inside the admin scope): `GET /dashboard`, and `GET /reports/revenue`,
 * `/reports/products`, `/reports/coupons`, `/reports/trials`, each with a `.csv` twin taking the same query.
 */
export async function reportsRoutes(fastify: FastifyInstance, { reports }: { reports: ReportsService }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { input: 'report dates' };

  const sendCsv = (reply: FastifyReply, name: string, range: { from: string; to: string }, body: string) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', csvAttachment(`${name}-${range.from}-${range.to}.csv`))
      .header('cache-control', 'no-store')
      .send(body);

  app.get('/dashboard', { schema: { response: { 200: dashboardSchema } } }, () => reports.dashboard());

  const revenue = { config, schema: { querystring: revenueReportQuerySchema } };
  app.get('/reports/revenue', { ...revenue, schema: { ...revenue.schema, response: { 200: revenueReportSchema } } }, (request) =>
    reports.revenue(request.query, request.query.interval),
  );
  app.get('/reports/revenue.csv', revenue, async (request, reply) => {
    const report = await reports.revenue(request.query, request.query.interval);
    return sendCsv(reply, 'revenue', report.scope, revenueCsv(report));
  });

  const ranged = { config, schema: { querystring: reportQuerySchema } };
  app.get('/reports/products', { ...ranged, schema: { ...ranged.schema, response: { 200: productReportSchema } } }, (request) =>
    reports.products(request.query),
  );
  app.get('/reports/products.csv', ranged, async (request, reply) => {
    const report = await reports.products(request.query);
    return sendCsv(reply, 'products', report.scope, productsCsv(report));
  });

  app.get('/reports/coupons', { ...ranged, schema: { ...ranged.schema, response: { 200: couponReportSchema } } }, (request) => reports.coupons(request.query));
  app.get('/reports/coupons.csv', ranged, async (request, reply) => {
    const report = await reports.coupons(request.query);
    return sendCsv(reply, 'coupons', report.scope, couponsCsv(report));
  });

  app.get('/reports/trials', { ...ranged, schema: { ...ranged.schema, response: { 200: trialReportSchema } } }, (request) => reports.trials(request.query));
  app.get('/reports/trials.csv', ranged, async (request, reply) => {
    const report = await reports.trials(request.query);
    return sendCsv(reply, 'trials', report.scope, trialsCsv(report));
  });
}
