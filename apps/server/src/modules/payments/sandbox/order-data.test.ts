import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fastspringOrderSchema, webhookEnvelopeSchema } from '@store/contracts';
import { accountIdFor, buildOrderData, newSessionId, orderReference, randomId, referencePrefix, webhookBody } from './order-data';
import { priceCart } from './pricing';
import { pricedProduct as product, priceUsdLines } from './testing/priced-product';
import { signWebhookBody } from '../fastspring/webhook-signature';

describe('order references', () => {
  it('take three letters of the store name, the UTC date and two random groups', () => {
    const reference = orderReference('SongWish', new Date('2026-11-21T23:30:00Z'), (max) => max - 1);
    expect(reference).toBe('SON261121-9999-99999');
    expect(orderReference('SongWish', new Date('2026-01-02T00:00:00Z'), () => 7)).toBe('SON260102-0007-00007');
  });

  it('pad short or accented names', () => {
    expect(referencePrefix('Ça va')).toBe('CAV');
    expect(referencePrefix('4U')).toBe('UXX');
    expect(referencePrefix('éé')).toBe('EEX');
  });

  it('look like FastSpring references', () => {
    expect(orderReference('SongWish', new Date())).toMatch(/^SON\d{6}-\d{4}-\d{5}$/);
  });
});

describe('ids', () => {
  it('are long random strings', () => {
    expect(newSessionId()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(randomId()).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(Array.from({ length: 100 }, newSessionId)).size).toBe(100);
  });

  it('give one account id per customer email', () => {
    expect(accountIdFor('Maria@Example.com ')).toBe(accountIdFor('maria@example.com'));
    expect(accountIdFor('a@example.com')).not.toBe(accountIdFor('b@example.com'));
  });
});

describe('the order.completed event', () => {
  const catalogue = new Map([
    ['remidi-4', product({})],
    ['rechannel', product({ id: 2, path: 'rechannel', sku: 'SW-RECHANNEL', displayName: 'reChannel', priceMinor: 2900, discountPercent: 20 })],
  ]);
  const lines = priceUsdLines(catalogue, [
    ['remidi-4', 2],
    ['rechannel', 1],
  ]);
  const cart = priceCart(lines, 'USD', { ok: true, couponId: 1, code: 'WELCOME10', discounts: [1580, 232], discountMinor: 1812 });
  const contact = { email: 'maria@example.com', firstName: 'Maria', lastName: 'Lopez', country: 'ES', region: '', city: 'Madrid', postalCode: '28001' };
  const data = buildOrderData({ id: 'order-1', reference: 'SON261121-0001-00001', cart, contact, now: new Date('2026-11-21T10:00:00Z') });

  it("parses with the store's FastSpring order schema", () => {
    const order = fastspringOrderSchema.parse(data);
    expect(order).toMatchObject({
      id: 'order-1',
      reference: 'SON261121-0001-00001',
      completed: true,
      live: false,
      currency: 'USD',
      subtotal: 181.2,
      discount: 18.12,
      tax: 0,
      total: 163.08,
      customer: { first: 'Maria', last: 'Lopez', email: 'maria@example.com' },
      address: { country: 'ES', region: null, city: 'Madrid', postalCode: '28001' },
      coupons: ['WELCOME10'],
    });
    expect(order.items).toEqual([
      { product: 'remidi-4', quantity: 2, display: 'reMIDI 4', sku: 'SW-REMIDI4', subtotal: 158, discount: 15.8, coupon: 'WELCOME10' },
      { product: 'rechannel', quantity: 1, display: 'reChannel', sku: 'SW-RECHANNEL', subtotal: 23.2, discount: 2.32, coupon: 'WELCOME10' },
    ]);
  });

  it('has display twins and a total equal to subtotal − discount + tax', () => {
    expect(data).toMatchObject({ totalDisplay: '$163.08', subtotalDisplay: '$181.20', discountDisplay: '$18.12', taxDisplay: '$0.00' });
    expect(Math.round((data.subtotal - data.discount + data.tax) * 100)).toBe(Math.round(data.total * 100));
  });

  it('travels in the webhook envelope, signed with HMAC-SHA256 in base64', () => {
    const body = webhookBody('event-1', new Date('2026-11-21T10:00:00Z'), data);
    const envelope = webhookEnvelopeSchema.parse(JSON.parse(body));
    expect(envelope.events[0]).toMatchObject({ id: 'event-1', type: 'order.completed', created: Date.parse('2026-11-21T10:00:00Z'), live: false });
    expect(fastspringOrderSchema.parse(envelope.events[0]?.data).reference).toBe('SON261121-0001-00001');
    const secret = 'a-webhook-secret-of-some-length';
    expect(signWebhookBody(secret, body)).toBe(createHmac('sha256', secret).update(body).digest('base64'));
  });
});
