import { describe, expect, it } from 'vitest';
import { accountOrderSchema, prefillName, trackDownloadRequestSchema } from './account';

describe('prefillName (docs/behaviour/checkout.md#prefill-names)', () => {
  it('uses the given and family names first', () => {
    expect(prefillName({ givenName: 'Ada', familyName: 'Lovelace', name: 'Someone Else', email: 'x@example.com' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
  });

  it('splits a full name that is not an email address', () => {
    expect(prefillName({ name: 'Grace  Brewster Hopper' })).toEqual({ firstName: 'Grace', lastName: 'Brewster Hopper' });
    expect(prefillName({ name: 'grace@example.com', email: 'grace@example.com' })).toEqual({ firstName: 'Grace', lastName: '' });
  });

  it('derives a first name from a plain, letters-only email local part of 3 letters or more', () => {
    expect(prefillName({ email: 'MARIA@example.com' })).toEqual({ firstName: 'Maria', lastName: '' });
    for (const email of ['jo@example.com', 'j.doe@example.com', 'maria2@example.com', 'superuser@example.com', 'testing@example.com', 'sysadmin@example.com']) {
      expect(prefillName({ email })).toEqual({ firstName: '', lastName: '' });
    }
  });
});

describe('trackDownloadRequestSchema', () => {
  it('accepts a product path, a version and an order id', () => {
    expect(trackDownloadRequestSchema.parse({ product_id: 'remidi-4', version: '4.2.1', order_id: 'order-abc_1' })).toEqual({
      product_id: 'remidi-4',
      version: '4.2.1',
      order_id: 'order-abc_1',
    });
  });

  it.each([
    {},
    { product_id: 'ReMIDI', version: '1.0.0', order_id: 'o' },
    { product_id: 'remidi-4', version: '<script>', order_id: 'o' },
    { product_id: 'remidi-4', version: '1.0.0', order_id: 'a b' },
    { product_id: 'remidi-4', version: '1'.repeat(51), order_id: 'o' },
    { product_id: 'remidi-4', version: 1, order_id: 'o' },
  ])('refuses %j', (input) => {
    expect(trackDownloadRequestSchema.safeParse(input).success).toBe(false);
  });
});

describe('accountOrderSchema: the total is a number or a currency string (account spec §3)', () => {
  const order = {
    order_id: 'o1',
    order_reference: 'REF-1',
    date: '2026-01-02T00:00:00Z',
    currency: 'USD',
    status: 'completed',
    products: [],
    files: [],
    licenses: [],
  };

  it.each([79, 0, '$12.50', 'USD 12.50', '12,50 €'])('accepts %j', (total) => {
    expect(accountOrderSchema.parse({ ...order, total }).total).toBe(total);
  });

  it.each([null, undefined, true, Number.NaN, Number.POSITIVE_INFINITY, {}])('refuses %j', (total) => {
    expect(accountOrderSchema.safeParse({ ...order, total }).success).toBe(false);
  });
});
