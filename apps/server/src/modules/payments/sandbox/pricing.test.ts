import { describe, expect, it } from 'vitest';
import { sblCartDataSchema } from '@store/contracts';
import { priceCart, priceLines, toSblCartData } from './pricing';
import { pricedProduct as product, priceUsdLines } from './testing/priced-product';

const remidi = product({});
const rechannel = product({
  id: 2,
  path: 'rechannel',
  imagePath: '/media/covers/rechannel.svg',
  displayName: 'reChannel',
  priceMinor: 2900,
  discountPercent: 20,
  discountReason: 'Launch offer',
});
const trial = product({ id: 3, path: 'remidi-4-trial', displayName: 'reMIDI 4 trial', priceMinor: 0 });
const euro = product({ id: 4, path: 'euro-pack', priceMinor: 1000, currency: 'EUR' });
const catalogue = [remidi, rechannel, trial, euro];
const byPath = new Map(catalogue.map((item) => [item.path, item]));

describe('pricing', () => {
  it('prices lines from the catalogue, after its discount', () => {
    const [line] = priceLines([{ path: 'rechannel', quantity: 3 }], byPath, 'USD');
    expect(line).toMatchObject({ unitListMinor: 2900, unitNetMinor: 2320, listMinor: 8700, netMinor: 6960, totalMinor: 6960 });
  });

  it('takes a fixed-amount deal off exactly, not its rounded percent', () => {
    const amountDeal = product({ path: 'amount-deal', priceMinor: 2900, discountPercent: 17, discountAmountMinor: 500, discountReason: 'Spring' });
    const [line] = priceLines([{ path: 'amount-deal', quantity: 2 }], new Map([['amount-deal', amountDeal]]), 'USD');
    expect(line).toMatchObject({ unitListMinor: 2900, unitNetMinor: 2400, netMinor: 4800 });
  });

  it('leaves out products that are not live, not in the store currency, or have no quantity', () => {
    const lines = priceUsdLines(byPath, [
      ['gone', 1],
      ['euro-pack', 1],
      ['remidi-4', 0],
      ['remidi-4-trial', 1],
    ]);
    expect(lines.map((line) => line.product.path)).toEqual(['remidi-4-trial']);
  });

  it('totals the lines with the coupon', () => {
    const lines = priceUsdLines(byPath, [
      ['remidi-4', 1],
      ['rechannel', 1],
    ]);
    const cart = priceCart(lines, 'USD', { ok: true, couponId: 1, code: 'WELCOME10', discounts: [790, 232], discountMinor: 1022 });
    expect(cart).toMatchObject({ listMinor: 10800, netMinor: 10220, couponDiscountMinor: 1022, totalMinor: 9198, coupon: 'WELCOME10' });
    expect(priceCart(lines, 'USD', { ok: false, code: 'X', reason: 'invalid', message: '' })).toMatchObject({ totalMinor: 10220, coupon: null });
  });
});

describe('toSblCartData', () => {
  const lines = priceUsdLines(byPath, [
    ['rechannel', 2],
    ['remidi-4', 1],
  ]);
  const data = toSblCartData(priceCart(lines, 'USD', { ok: true, couponId: 1, code: 'WELCOME10', discounts: [464, 790], discountMinor: 1254 }), catalogue);

  it('has the SBL shape', () => {
    expect(() => sblCartDataSchema.parse(data)).not.toThrow();
    expect(data).toMatchObject({
      currency: 'USD',
      subtotal: '$137.00',
      subtotalValue: 137,
      total: '$112.86',
      totalValue: 112.86,
      discountTotal: '$24.14',
      discountTotalValue: 24.14,
      coupons: ['WELCOME10'],
      selections: 2,
    });
  });

  it('lists the cart lines first, in cart order, then the other live products unselected', () => {
    const items = data.groups[0]!.items;
    expect(items.map((item) => [item.path, item.selected, item.quantity])).toEqual([
      ['rechannel', true, 2],
      ['remidi-4', true, 1],
      ['remidi-4-trial', false, 1],
    ]);
    expect(items[0]).toMatchObject({
      display: 'reChannel',
      image: '/media/covers/rechannel.svg',
      description: { summary: '<p>Pads</p>' },
      price: '$29.00',
      priceValue: 29,
      unitPrice: '$23.20',
      unitPriceValue: 23.2,
      priceTotal: '$58.00',
      priceTotalValue: 58,
      total: '$41.76',
      totalValue: 41.76,
      discountPercent: 20,
      discountTotal: '$16.24',
      discountTotalValue: 16.24,
      discountReason: 'Launch offer',
      coupon: 'WELCOME10',
    });
  });

  it('gives every display string a numeric twin that says the same', () => {
    const check = (record: Record<string, unknown>) => {
      for (const [key, value] of Object.entries(record)) {
        if (typeof value !== 'string' || !value.startsWith('$')) continue;
        expect(record[`${key}Value`]).toBe(Number(value.replace(/[$,]/g, '')));
      }
    };
    check(data);
    for (const item of data.groups[0]!.items) check(item as unknown as Record<string, unknown>);
  });

  it('is all zeros for an empty cart', () => {
    const empty = toSblCartData(priceCart([], 'USD', null), catalogue);
    expect(empty).toMatchObject({ total: '$0.00', totalValue: 0, subtotal: '$0.00', selections: 0, coupons: [] });
    expect(empty.groups[0]!.items.every((item) => !item.selected)).toBe(true);
  });
});
