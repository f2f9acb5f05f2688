import { FASTSPRING_SIGNATURE_HEADER, orderSummaryRequestSchema, webhookEnvelopeSchema } from '@store/contracts';
import type { FastifyInstance } from 'fastify';
import { HttpError, notFound, parseInput } from '../../lib/http-error';
import type { EventOutcome, OrdersService } from './orders.service';
import { isValidWebhookSignature } from './webhook-signature';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  webhookSecret: string;
}

export async function ordersRoutes(app: FastifyInstance, { orders, webhookSecret }: OrdersRoutesOptions) {
  app.post('/api/orders/', async (request) => {
    const { reference } = parseInput(orderSummaryRequestSchema, request.body, 'order lookup');
    const summary = await orders.getSummary(reference);
    if (!summary) throw notFound(`No completed order has the reference ${reference}. It can take a few seconds to appear.`);
    return summary;
  });

  await app.register(webhookRoute, { orders, webhookSecret });
}

/**
 * `POST /webhooks/fastspring`. The signature covers the exact bytes received, so this
 * route (and only this route) takes the body raw and parses it after checking it.
 *
 * Answers: 200 when every event is processed (or was already); 401 for a bad signature;
 * 400 for a body that is not a FastSpring envelope; 422 naming the events that can never
 * be processed as sent (FastSpring keeps and retries them, so nothing is lost once the
 * catalogue is fixed); 5xx (retried by FastSpring) when the database fails.
 */
async function webhookRoute(app: FastifyInstance, { orders, webhookSecret }: OrdersRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Not rate limited: a refused signature costs one HMAC, and FastSpring (or the sandbox,
  // delivering from 127.0.0.1) must never be throttled into retries.
  app.post('/webhooks/fastspring', { config: { rateLimit: false } }, async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    if (!isValidWebhookSignature(webhookSecret, raw, request.headers[FASTSPRING_SIGNATURE_HEADER])) {
      throw new HttpError(401, 'The X-FS-Signature header is missing or does not match the body.');
    }
    let json: unknown;
    try {
      json = JSON.parse(raw.toString('utf8'));
    } catch {
      throw new HttpError(400, 'The request body is not valid JSON.');
    }
    const envelope = parseInput(webhookEnvelopeSchema, json, 'webhook envelope');
    const outcomes = await orders.processEvents(envelope.events);
    const rejected = outcomes.filter((outcome): outcome is Extract<EventOutcome, { result: 'rejected' }> => outcome.result === 'rejected');
    for (const outcome of rejected) request.log.warn({ eventId: outcome.eventId, reason: outcome.message }, 'webhook event rejected');
    if (rejected.length > 0) {
      throw new HttpError(422, rejected.map((outcome) => outcome.message).join(' '));
    }
    reply.header('cache-control', 'no-store');
    return { processed: outcomes.map((outcome) => ({ id: outcome.eventId, result: outcome.result })) };
  });
}
