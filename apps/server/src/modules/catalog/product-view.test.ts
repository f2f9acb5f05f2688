import { describe, expect, it } from 'vitest';
import { productSchema } from '@store/contracts';
import type { ProductRow } from '#server/db/schema.ts';
import { toProductView } from './product-view';

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
  live: true,
  downloadable: true,
  licenceSeats: 3,
  summaryHtml: '<p>Route MIDI</p>',
  descriptionMarkdown: '',
  imagePath: '/media/covers/rechannel.svg',
  media: [],
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
});
