import Fastify from 'fastify';
import { FASTSPRING_WEBHOOK_PATH } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '#server/plugins/errors.ts';
import { signWebhookBody } from '../payments/fastspring/webhook-signature';
import { ordersRoutes } from './orders.routes';
import type { EventOutcome, OrdersService } from './orders.service';

const SECRET = 'a-webhook-secret-for-tests';
const body = JSON.stringify({
  events: [
    { id: 'e1', type: 'order.completed', data: {} },
    { id: 'e2', type: 'order.completed', data: {} },
  ],
});

/** The webhook route over a service that answers with the given outcomes. */
async function deliver(outcomes: EventOutcome[]) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  const orders = { processEvents: async () => outcomes, getSummary: async () => undefined } as unknown as OrdersService;
  await app.register(ordersRoutes, { orders, webhookSecret: SECRET });
  const response = await app.inject({
    method: 'POST',
    url: FASTSPRING_WEBHOOK_PATH,
    headers: { 'content-type': 'application/json', 'x-fs-signature': signWebhookBody(SECRET, body) },
    payload: body,
  });
  await app.close();
  return response;
}

describe('the webhook answer, event by event (FastSpring marks events processed by it)', () => {
  it('200 when every event is processed', async () => {
    const response = await deliver([
      { eventId: 'e1', result: 'order-created', orderId: 1, reference: 'R1' },
      { eventId: 'e2', result: 'test-order-refused', providerId: 'o2' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().processed.map((event: { id: string }) => event.id)).toEqual(['e1', 'e2']);
  });

  it('202 listing only the processed ids when one event failed for an unexpected reason', async () => {
    const response = await deliver([
      { eventId: 'e1', result: 'failed', error: new Error('connection reset') },
      { eventId: 'e2', result: 'duplicate-event' },
    ]);
    expect(response.statusCode).toBe(202);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toBe('e2');
  });

  it('503 when no event could be processed and some for an unexpected reason, 422 when all were rejected', async () => {
    const failed = await deliver([
      { eventId: 'e1', result: 'failed', error: new Error('connection reset') },
      { eventId: 'e2', result: 'rejected', message: 'Event e2 is not a valid order.' },
    ]);
    expect(failed.statusCode).toBe(503);
    const rejected = await deliver([
      { eventId: 'e1', result: 'rejected', message: 'Event e1 is bad.' },
      { eventId: 'e2', result: 'rejected', message: 'Event e2 is worse.' },
    ]);
    expect(rejected.statusCode).toBe(422);
    expect(rejected.json().message).toBe('Event e1 is bad. Event e2 is worse.');
  });
});
