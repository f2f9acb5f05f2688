import { expect } from 'vitest';
import { sandboxPayResponseSchema, sandboxSessionResponseSchema } from '@store/contracts';
import type { TestApp } from './helpers';

/** Where the embedded FastSpring sandbox's API is mounted. */
export const SANDBOX_API = '/sandbox/fastspring/api';

/** A shopper's contact and address as the sandbox stores it after checkout details are given. */
export const shopperContact = {
  email: 'maria@example.com',
  firstName: 'Maria',
  lastName: 'Lopez',
  country: 'ES',
  region: 'Madrid',
  city: 'Madrid',
  postalCode: '28001',
};

/** What a shopper types into the sandbox's card form for a payment that succeeds. */
export const TEST_CARD_PAYMENT = {
  email: 'a@example.com',
  firstName: 'A',
  lastName: 'B',
  country: 'US',
  postalCode: '10001',
  cardNumber: '4242424242424242',
  expiry: '12/39',
  cvc: '123',
};

/** Pays for one reMIDI 4 through the sandbox API; returns the session and the order. */
export async function payForOne(app: TestApp['app']) {
  const { session } = sandboxSessionResponseSchema.parse((await app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions`, payload: {} })).json());
  await app.inject({ method: 'PUT', url: `${SANDBOX_API}/sessions/${session}/items/remidi-4`, payload: { quantity: 1 } });
  const paid = await app.inject({ method: 'POST', url: `${SANDBOX_API}/sessions/${session}/pay`, payload: TEST_CARD_PAYMENT });
  expect(paid.statusCode, paid.body).toBe(200);
  return { session, order: sandboxPayResponseSchema.parse(paid.json()).order };
}
