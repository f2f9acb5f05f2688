import { FASTSPRING_SIGNATURE_HEADER, FASTSPRING_WEBHOOK_PATH, orderSummaryRequestSchema, orderSummarySchema, webhookEnvelopeSchema } from '@store/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { HttpError, notFound, parseInput } from '#server/lib/http-error.ts';
import { isProcessed, type EventOutcome, type OrdersService } from './orders.service';
import { isValidWebhookSignature } from '../payments/fastspring/webhook-signature';

export interface OrdersRoutesOptions {
  orders: OrdersService;
  webhookSecret: string;
}

export async function ordersRoutes(fastify: FastifyInstance, { orders, webhookSecret }: OrdersRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const schema = { body: orderSummaryRequestSchema, response: { 200: orderSummarySchema } };
  app.post('/api/orders/', { config: { input: 'order lookup' }, schema }, async (request) => {
    const { reference } = request.body;
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
 * Answers, following FastSpring's rules for marking events processed: 200 when every event
 * is processed (or was already); 202 with the processed event ids, one per line, when some
 * are and some are not (FastSpring retries only the others); 422 naming the events when none
 * can be used as sent (not recorded, so a retry succeeds once the cause is fixed); 503 when
 * none could be processed for another reason (e.g. the database is down); 401 for a bad
 * signature; 400 for a body that is not a FastSpring envelope.
 */
async function webhookRoute(app: FastifyInstance, { orders, webhookSecret }: OrdersRoutesOptions) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  // Not rate limited: a refused signature costs one HMAC, and FastSpring (or the sandbox,
  // delivering from 127.0.0.1) must never be throttled into retries.
  app.post(FASTSPRING_WEBHOOK_PATH, { config: { rateLimit: false } }, async (request, reply) => {
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
    logOutcomes(request.log, outcomes);
    reply.header('cache-control', 'no-store');

    const processed = outcomes.filter(isProcessed);
    if (processed.length === outcomes.length) {
      return { processed: outcomes.map((outcome) => ({ id: outcome.eventId, result: outcome.result })) };
    }
    if (processed.length > 0) {
      return reply
        .code(202)
        .type('text/plain; charset=utf-8')
        .send(processed.map((outcome) => outcome.eventId).join('\n'));
    }
    const rejected = outcomes.filter((outcome): outcome is Extract<EventOutcome, { result: 'rejected' }> => outcome.result === 'rejected');
    if (rejected.length === outcomes.length) throw new HttpError(422, rejected.map((outcome) => outcome.message).join(' '));
    throw new HttpError(503, 'The events could not be recorded right now; they will be accepted on a later delivery.');
  });
}

/** One line per event the store did not simply record: ids and reasons only, never the shopper's details. */
function logOutcomes(log: FastifyBaseLogger, outcomes: EventOutcome[]) {
  for (const outcome of outcomes) {
    if (outcome.result === 'rejected') log.warn({ eventId: outcome.eventId, reason: outcome.message }, 'webhook event rejected');
    // The logger's error serializer keeps a failed query's values (emails, amounts) out of the line.
    else if (outcome.result === 'failed') log.error({ eventId: outcome.eventId, err: outcome.error }, 'webhook event failed; the provider will retry it');
    else if (outcome.result === 'test-order-refused') {
      log.warn(
        { eventId: outcome.eventId, providerId: outcome.providerId },
        'test order refused: it grants nothing (set FASTSPRING_ACCEPT_TEST_ORDERS=true on a staging store to accept test orders)',
      );
    }
  }
}
