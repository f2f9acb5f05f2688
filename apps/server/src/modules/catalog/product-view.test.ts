import { describe, expect, it } from 'vitest';
import { productDetailSchema, productSchema } from '@store/contracts';
import type { ProductRow } from '#server/db/schema.ts';
import { toProductDetailView, toProductView } from './product-view';

const base: ProductRow = {
  id: 3,
  path: 'rechannel',
  sku: 'SW-RECHANNEL',
  displayName: 'reChannel',
  category: 'Plugins',
  priceMinor: 2900,
  currency: 'USD',
  discountPercent: 20,
  discountPercentStyle: 'text',
  discountReason: 'Launch offer',
  discountAmountMinor: null,
  dealStartsAt: null,
  dealEndsAt: null,
  live: true,
  downloadable: true,
  licenceSeats: 3,
  summaryHtml: '<p>Route MIDI</p>',
  summaryMarkdown: '',
  keyFacts: [],
  trialOfProductId: null,
  version: 1,
  descriptionMarkdown: '',
  imagePath: '/media/covers/rechannel.svg',
  media: [],
  upgradeOffers: [],
  relatedPaths: [],
  sortOrder: 30,
  createdAt: new Date(),
  updatedAt: new Date(),
};

describe('toProductView', () => {
  it('publishes the product fields with prices formatted and derived', () => {
    const view = toProductView(base);
    expect(productSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({
      path: 'rechannel',
      display: 'reChannel',
      price: '$29.00',
      priceValue: 29,
      total: '$23.20',
      totalValue: 23.2,
      discountPercent: '20%',
      discount: { reason: 'Launch offer' },
      attributes: { live: 'true', category: 'Plugins', download: 'true' },
      description: { summary: '<p>Route MIDI</p>' },
    });
  });

  it('publishes a numeric discount when stored that way', () => {
    expect(toProductView({ ...base, discountPercentStyle: 'number', discountPercent: 15 }).discountPercent).toBe(15);
  });

  it('omits the discount reason when there is no discount', () => {
    const view = toProductView({ ...base, discountPercent: 0 });
    expect(view.discount).toEqual({});
    expect(view.total).toBe(view.price);
  });

  it('publishes the renditions of the image from its media item', () => {
    const variants = [
      { src: '/media/covers/rechannel.400.webp', width: 400 },
      { src: '/media/covers/rechannel.800.webp', width: 800 },
    ];
    const row: ProductRow = {
      ...base,
      imagePath: '/media/covers/rechannel.800.webp',
      media: [{ kind: 'image', src: '/media/covers/rechannel.800.webp', title: 'Cover', width: 800, height: 800, variants }],
    };
    const view = toProductView(row);
    expect(productSchema.parse(view)).toEqual(view);
    expect(view.imageVariants).toEqual(variants);
  });

  it('publishes no renditions for an image that no media item describes', () => {
    const row: ProductRow = {
      ...base,
      imagePath: '/media/maker-art.png',
      media: [{ kind: 'image', src: '/media/covers/rechannel.800.webp', title: 'Cover', variants: [{ src: '/media/covers/rechannel.400.webp', width: 400 }] }],
    };
    expect(toProductView(row)).not.toHaveProperty('imageVariants');
  });

  it("follows the deal's dates: the discount counts from its start to its end, and says when it ends", () => {
    const dated: ProductRow = { ...base, dealStartsAt: new Date('2026-11-01T00:00:00Z'), dealEndsAt: new Date('2026-12-01T00:00:00Z') };
    const before = toProductView(dated, new Date('2026-10-31T12:00:00Z'));
    expect(before).toMatchObject({ total: '$29.00', totalValue: 29, discountPercent: '0%', discount: {}, deal: null });
    const during = toProductView(dated, new Date('2026-11-15T12:00:00Z'));
    expect(during).toMatchObject({
      total: '$23.20',
      discountPercent: '20%',
      discount: { reason: 'Launch offer' },
      deal: { endsAt: '2026-12-01T00:00:00.000Z' },
    });
    expect(productSchema.parse(during)).toEqual(during);
    expect(toProductView(dated, new Date('2026-12-01T00:00:00Z'))).toMatchObject({ total: '$29.00', deal: null, discount: {} });
  });

  it('prices a fixed-amount deal exactly and publishes its rounded percent', () => {
    const view = toProductView({ ...base, discountPercent: 0, discountPercentStyle: 'number', discountAmountMinor: 500 });
    expect(view).toMatchObject({ total: '$24.00', totalValue: 24, discountPercent: 17, discount: { reason: 'Launch offer' }, deal: { endsAt: null } });
  });
});

describe('toProductDetailView', () => {
  it('publishes key facts and the trial links', () => {
    const keyFacts = [
      { label: 'Format', value: 'VST3' },
      { value: 'Manual', href: '/support' },
    ];
    const view = toProductDetailView({ ...base, keyFacts }, undefined, { trial: { path: 'pad-mapper-trial', display: 'Pad Mapper Trial' }, trialOf: null });
    expect(productDetailSchema.parse(view)).toEqual(view);
    expect(view).toMatchObject({ keyFacts, trial: { path: 'pad-mapper-trial', display: 'Pad Mapper Trial' }, trialOf: null, latestVersion: null });
  });
});
